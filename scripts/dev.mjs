// `npm run dev [-- --locale es]`: Docusaurus's live-reload server on http://localhost:3000 with the
// Auth emulator, for authors. It serves the sources directly, without the site server, so the
// documentation is NOT locked here; every page says so in its announcement bar.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startAuthEmulator } from './authEmulator.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const locale = args.includes('--locale') ? args[args.indexOf('--locale') + 1] : 'en';
if (!['en', 'es'].includes(locale)) {
  console.error(`Unknown locale "${locale}": use en or es.`);
  process.exit(2);
}

console.log('Starting the Firebase Auth emulator with the demo accounts…');
const stopEmulator = await startAuthEmulator({ quiet: true, keepAlive: true });

const docusaurus = spawn(
  process.execPath,
  [
    path.join(root, 'node_modules/@docusaurus/core/bin/docusaurus.mjs'),
    'start',
    '--no-open',
    '--port',
    process.env.PORT ?? '3000',
    '--locale',
    locale,
  ],
  {
    cwd: path.join(root, 'site'),
    stdio: 'inherit',
    env: { ...process.env, SITE_DEV_PREVIEW: '1' },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => docusaurus.kill(signal));
docusaurus.on('exit', async (code) => {
  await stopEmulator();
  process.exit(code ?? 0);
});
