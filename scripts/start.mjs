// `npm start`: builds whatever is missing or older than its sources, then serves the site on http://localhost:3000.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Newest modification time under the given paths (0 when none exists). */
function newestChange(...paths) {
  return Math.max(
    0,
    ...paths.filter(existsSync).map((entry) => {
      const stat = statSync(entry);
      if (!stat.isDirectory()) return stat.mtimeMs;
      return newestChange(...readdirSync(entry).map((name) => path.join(entry, name)));
    }),
  );
}
const at = (...parts) => parts.map((part) => path.join(root, part));

if (newestChange(...at('server/dist/main.js')) < newestChange(...at('server/src', 'access-policy/src'))) {
  console.log('Compiling the server…');
  run(npm, ['run', 'build:server']);
}
// Read once compiled: on a fresh clone the shared package exists only from the step above.
const { DEFAULT_SITE_DIR } = await import('@trust/access-policy');
const siteDir = process.env.SITE_DIR ? path.resolve(process.env.SITE_DIR) : path.join(root, DEFAULT_SITE_DIR);
const siteSources = at(
  'site/docs',
  'site/blog',
  'site/i18n',
  'site/src',
  'site/static',
  'site/plugins',
  'site/diagrams',
  'site/docusaurus.config.ts',
  'site/sidebars.ts',
  'access-policy/src',
  'postbuild/src',
);
const builtPages = [path.join(siteDir, 'public/index.html'), path.join(siteDir, 'public/es/index.html')];
if (
  !builtPages.every(existsSync) ||
  Math.min(...builtPages.map((page) => statSync(page).mtimeMs)) < newestChange(...siteSources)
) {
  console.log('Building the site (both locales): sources are newer than the build…');
  run(npm, ['run', 'build']);
}

// Without production identity settings the site runs against the local Auth emulator.
let stopEmulator = async () => {};
if (!process.env.FIREBASE_API_KEY && process.env.NODE_ENV !== 'production') {
  console.log('Starting the Firebase Auth emulator with the demo accounts…');
  const { printSentLinks, startAuthEmulator } = await import('./authEmulator.mjs');
  const stopAuthEmulator = await startAuthEmulator({ quiet: true, keepAlive: true });
  console.log(
    'The emulator sends no e-mail: each sign-in, password-reset or verification link it makes is printed here.',
  );
  const stopPrinting = printSentLinks();
  stopEmulator = async () => {
    stopPrinting();
    await stopAuthEmulator();
  };
}

const server = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', async (code) => {
  await stopEmulator();
  process.exit(code ?? 0);
});
