// `npm test`: the typecheck; the unit tests beside lint, the production build and the HTML checker
// over every built page; then the browser tests; ending with one line that counts every test run:
// `N passed, N failed`.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { signalGroup } from './processGroup.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, 'test-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

/**
 * A step that has not ended after this long is stopped and counted as failed, so that one test
 * waiting forever cannot hold the whole run past CI's limit without saying which step it was.
 */
const STEP_LIMIT_MS = 65 * 60_000;

/**
 * The steps under way. Each runs in a process group of its own (so that the watchdog stops all it
 * started), which also keeps a Ctrl+C from reaching it: the run passes it on.
 */
const running = new Set();
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    for (const child of running) signalGroup(child, signal);
    process.exit(1);
  });

function run(command, args, env = {}, limitMs = STEP_LIMIT_MS) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...env },
      detached: true,
    });
    running.add(child);
    const watchdog = setTimeout(() => {
      console.log(`\n${command} ${args.join(' ')} had not ended after ${limitMs / 60_000} min: stopped.`);
      signalGroup(child, 'SIGKILL');
    }, limitMs);
    child.on('exit', (code) => {
      running.delete(child);
      clearTimeout(watchdog);
      resolve(code ?? 1);
    });
  });
}

const npx = 'npx';
const totals = { passed: 0, failed: 0 };
const report = [];

const took = (started) => ` (${((Date.now() - started) / 1000).toFixed(1)} s)`;

/** A step that is one check: it passes or fails as a whole. */
async function check(name, command, args) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const ok = (await run(command, args)) === 0;
  totals[ok ? 'passed' : 'failed'] += 1;
  report.push(`${ok ? 'ok  ' : 'FAIL'} ${name}${took(started)}`);
  return ok;
}

/**
 * A test runner that has not ended after this long is stopped: the longest, every file that needs
 * no emulator at once, takes about 5 minutes on two busy cores.
 */
const FILE_LIMIT_MS = 20 * 60_000;

/**
 * Node's test runner over some files: resolves to its exit code and its TAP summary's counts. Its
 * spec report goes to a file, printed when the run ends, since other steps share the console.
 */
async function nodeTestRun(files, name, concurrency, env = {}) {
  const tap = path.join(resultsDir, `${name}.tap`);
  const specFile = path.join(resultsDir, `${name}-spec.txt`);
  const code = await run(
    process.execPath,
    [
      '--import',
      'tsx',
      '--test',
      `--test-concurrency=${concurrency}`,
      // A test that waits forever fails after 10 minutes. (Not --test-force-exit: on Node 20 it
      // ends the run before the reporters have written their files.)
      '--test-timeout=600000',
      '--test-reporter=spec',
      `--test-reporter-destination=${specFile}`,
      '--test-reporter=tap',
      `--test-reporter-destination=${tap}`,
      ...files,
    ],
    env,
    FILE_LIMIT_MS,
  );
  if (existsSync(specFile)) console.log(readFileSync(specFile, 'utf8'));
  const summary = existsSync(tap) ? readFileSync(tap, 'utf8') : '';
  const count = (label) => Number(summary.match(new RegExp(`^# ${label} (\\d+)$`, 'm'))?.[1] ?? 0);
  return { code, passed: count('pass'), failed: count('fail') + count('cancelled') };
}

/**
 * Each Auth emulator the unit tests use: a file that uses one starts and stops it on its host,
 * so the files that use the emulator run one at a time on each, in three lanes (the files wait on
 * their emulator far more than they compute), away from the default port that `npm start` and the
 * browser tests use.
 */
const EMULATOR_LANES = ['127.0.0.1:9199', '127.0.0.1:9299', '127.0.0.1:9499'];

/** The files that use the Auth emulator, taken one by one from a shared queue by each lane. */
async function emulatorLanes(files) {
  const queue = [...files];
  const runs = [];
  await Promise.all(
    EMULATOR_LANES.map(async (host, lane) => {
      for (let file = queue.shift(); file; file = queue.shift()) {
        const name = `unit-emulator-${lane}-${path.basename(file, '.test.ts')}`;
        runs.push(await nodeTestRun([file], name, 1, { FIREBASE_AUTH_EMULATOR_HOST: host }));
      }
    }),
  );
  return runs;
}

/**
 * The unit tests: those that use the Auth emulator in their lanes (they spend most of their time
 * waiting on it), and the rest two at a time beside them.
 */
async function nodeTests(name, files) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const usesEmulator = (file) =>
    /emulatorKit|startAuthEmulator|authEmulator\.mjs/.test(readFileSync(path.join(root, file), 'utf8'));
  const [laneRuns, otherRun] = await Promise.all([
    emulatorLanes(files.filter(usesEmulator)),
    nodeTestRun(
      files.filter((file) => !usesEmulator(file)),
      'unit',
      2,
    ),
  ]);
  const runs = [...laneRuns, otherRun];
  const code = runs.some((one) => one.code !== 0) ? 1 : 0;
  const sum = (key) => runs.reduce((total, one) => total + one[key], 0);
  tally(name, code, sum('passed'), sum('failed'), started);
}

/** Adds a runner's counts to the totals; a runner that failed without a failing test counts as one. */
function tally(name, code, passed, failed, started) {
  const counted = failed + (code !== 0 && failed === 0 ? 1 : 0);
  totals.passed += passed;
  totals.failed += counted;
  report.push(`${code === 0 ? 'ok  ' : 'FAIL'} ${name}: ${passed} passed, ${counted} failed${took(started)}`);
}

/** A runner that writes `{ passed, failed }` to a file; no file counts as one failure. */
function readCounts(file, read = (parsed) => parsed) {
  try {
    return read(JSON.parse(readFileSync(path.join(resultsDir, file), 'utf8')));
  } catch {
    return { passed: 0, failed: 1 };
  }
}

/** The W3C HTML checker: one test a built page. */
async function htmlChecks(name) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const code = await run(process.execPath, [
    'scripts/checkHtml.mjs',
    `--summary=${path.join(resultsDir, 'html.json')}`,
  ]);
  const { passed, failed } = readCounts('html.json');
  tally(name, code, passed, failed, started);
}

/** Playwright: counts come from its JSON report. */
async function browserTests(name) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const code = await run(npx, ['playwright', 'test', '-c', 'e2e']);
  // Retries are off, so a test Playwright calls flaky failed once: it counts as failed, as a skip does.
  const { passed, failed } = readCounts('e2e.json', ({ stats }) => ({
    passed: stats.expected,
    failed: stats.unexpected + stats.flaky + stats.skipped,
  }));
  tally(name, code, passed, failed, started);
}

const unitFiles = ['access-policy/test', 'eslint-rules', 'postbuild/test', 'server/test', 'site/test']
  .filter((dir) => existsSync(path.join(root, dir)))
  .flatMap((dir) =>
    readdirSync(path.join(root, dir))
      .filter((file) => file.endsWith('.test.ts'))
      .map((file) => `${dir}/${file}`),
  );
// The typecheck also compiles the shared package that the scripts import. The unit tests read no
// build output and spend much of their time waiting on their emulators (on ports of their own):
// the other static checks, the build and the HTML checker run meanwhile. The browser tests come
// last, alone: beside the unit tests, two cores left them too slow for their timeouts.
await check('typecheck', 'npm', ['run', 'typecheck']);
const [, built] = await Promise.all([
  nodeTests('unit tests', unitFiles),
  (async () => {
    await check('lint (ESLint)', npx, ['eslint', '.']);
    await check('format (Prettier)', npx, ['prettier', '--check', '**/*.{ts,tsx,js,mjs,json,css}']);
    const isBuilt = await check('production build (both locales)', 'npm', ['run', 'build']);
    if (isBuilt) await htmlChecks('HTML checker (W3C Nu, every built page)');
    return isBuilt;
  })(),
]);
if (built) await browserTests('browser tests');
else report.push('FAIL HTML checker and browser tests: not run, the build failed');

console.log(`\n${report.join('\n')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 ? 0 : 1);
