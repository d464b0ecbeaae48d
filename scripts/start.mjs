// `npm start`: builds whatever is missing, then serves the site on http://localhost:3000.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const siteDir = process.env.SITE_DIR ? path.resolve(process.env.SITE_DIR) : path.join(root, 'site/dist');
if (!existsSync(path.join(root, 'server/dist/main.js'))) {
  console.log('Compiling the server…');
  run(npm, ['run', 'build:server']);
}
if (!existsSync(path.join(siteDir, 'public/index.html')) || !existsSync(path.join(siteDir, 'public/es/index.html'))) {
  console.log('Building the site (both locales)…');
  run(npm, ['run', 'build']);
}

// Without production identity settings the site runs against the local Auth emulator.
let stopEmulator = async () => {};
if (!process.env.FIREBASE_API_KEY && process.env.NODE_ENV !== 'production') {
  console.log('Starting the Firebase Auth emulator with the demo accounts…');
  const { startAuthEmulator } = await import('./authEmulator.mjs');
  stopEmulator = await startAuthEmulator({ quiet: true, keepAlive: true });
}

const server = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', async (code) => {
  await stopEmulator();
  process.exit(code ?? 0);
});
