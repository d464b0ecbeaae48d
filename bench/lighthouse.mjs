// Lighthouse (mobile preset, its default simulated throttling) on the production build behind the
// real server, in Debian's Chromium: the median of 3 runs per page, one table row per page, and
// the budgets checked at the end. Public pages run signed out with storage reset between runs;
// documentation pages run signed in, with the HTTP cache cleared before each run instead (a
// storage reset would delete the session cookie).
// Usage: node bench/lighthouse.mjs [--runs=3] [--port=4181] [--pages=diagram,/es/] [--breakdown]
//        [--cpu-slowdown=4|calibrated]
// (--pages keeps only the pages whose path contains one of the comma-separated parts; --breakdown
// also prints, per page, the main thread's work by kind, the scripts that took it and the long
// tasks, from the run whose performance score is the median. --cpu-slowdown=calibrated picks the
// CPU multiplier from this host's benchmark index, as Lighthouse's throttling guide advises when a
// host is slower than the desktop its default 4× is meant for; the default is Lighthouse's 4×.)
import { chromium } from '@playwright/test';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { DOCS_HOME_PATH, SIGN_IN_PATH } from '@trust/access-policy';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { signInAsMember, startSite } from './harness.mjs';

const arg = (name, fallback) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const runs = arg('runs', 3);
const port = arg('port', 4181);

const PUBLIC_PAGES = [
  '/',
  '/labs',
  '/projects',
  '/blog',
  '/blog/archive',
  '/blog/2025/06/10/prioridades-id-ciberseguridad',
  SIGN_IN_PATH,
  '/es/',
  '/es/labs',
  '/es/projects',
  '/es/blog',
];
// The heaviest documentation pages (installation steps full of code, the sequence diagrams, the
// algorithms' code) and a sample of the others, in both languages.
const DOCS_PAGES = [
  '/docs/IntrusionSentinel/installation/webapp_installation',
  '/docs/IntrusionSentinel/architecture/interaction',
  '/docs/IntrusionSentinel/technical/algorithms',
  '/docs/IntrusionSentinel/introduction/description-intrusion-sentinel',
  '/docs/IntrusionSentinel/architecture/overview',
  '/docs/IntrusionSentinel/architecture/diagram',
  DOCS_HOME_PATH,
].flatMap((page) => [page, `/es${page}`]);
const only = process.argv
  .find((a) => a.startsWith('--pages='))
  ?.slice('--pages='.length)
  .split(',');
const chosen = (page) => !only || only.some((part) => page.includes(part));
const breakdown = process.argv.includes('--breakdown');
const slowdownOption = process.argv.find((a) => a.startsWith('--cpu-slowdown='))?.split('=')[1] ?? '4';
if (slowdownOption !== 'calibrated' && !(Number(slowdownOption) > 0)) {
  console.error(`--cpu-slowdown takes a number or "calibrated", not "${slowdownOption}".`);
  process.exit(2);
}

/**
 * The multiplier that brings a host to the mid-tier phone Lighthouse's default 4× aims at, by the
 * host's benchmark index: the row for each host class in the table of Lighthouse's throttling
 * guide (docs/throttling.md, "Calibrating the CPU slowdown"): a high-end desktop (1500 and over)
 * 4×, a low-end desktop or high-end phone (800 to 1500) 2×, anything slower 1×.
 */
const calibratedSlowdown = (index) => (index >= 1500 ? 4 : index >= 800 ? 2 : 1);
/** The multiplier every run uses; with `calibrated`, set from the first run's benchmark index. */
let cpuSlowdown = slowdownOption === 'calibrated' ? null : Number(slowdownOption);

// JavaScript in compressed KB, with React DOM in the browser.
// The JavaScript budget (of compressed bodies) is held by page-weight.mjs: the transfer size
// Lighthouse reports adds each response's HTTP/1.1 headers, about 1.2 KB a script here (the
// site's security headers are on every answer), which HTTP/2 behind the CDN compresses away.
const BUDGET = { publicPerformance: 100, docsPerformance: 100, other: 100 };

/** Lighthouse's threshold for a host "slower than Lighthouse expects" (`environment.js`). */
const SLOW_HOST_INDEX = 1000;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const site = await startSite(port);
// Lighthouse drives its own Chromium (a plain debugging port, which it needs); Playwright attaches
// to the same browser only to sign the member in and to clear its cache.
const chrome = await launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
});
const attached = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
const context = attached.contexts()[0];
const control = context.pages()[0] ?? (await context.newPage());
const cdp = await context.newCDPSession(control);

/** Trace-recording faults that Lighthouse itself says to answer by running again. */
const RERUN_ON = new Set(['NO_NAVSTART', 'NO_FCP', 'NO_TRACING_STARTED']);

async function lighthouseRun(url, signedIn, attempt = 1) {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    disableStorageReset: signedIn,
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown ?? 4 },
  });
  if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
  const { runtimeError } = result.lhr;
  if (runtimeError && RERUN_ON.has(runtimeError.code) && attempt < 3) {
    console.log(`${url}: Lighthouse reported ${runtimeError.code}; running it again.`);
    return lighthouseRun(url, signedIn, attempt + 1);
  }
  if (runtimeError)
    throw new Error(`Lighthouse could not measure ${url}: ${runtimeError.code} ${runtimeError.message}`);
  return result.lhr;
}

/** Fails unless the member sees the documentation page itself (its heading, no sign-in form). */
async function expectDocumentation(url) {
  await control.goto(url);
  await control.locator('article h1').waitFor({ timeout: 15_000 });
  if ((await control.locator('#sign-in-title').count()) > 0)
    throw new Error(`${url} shows the sign-in form to the signed-in member`);
}

async function measure(url, { signedIn }) {
  const samples = [];
  for (let run = 0; run < runs; run += 1) {
    if (signedIn) await cdp.send('Network.clearBrowserCache');
    const { categories, audits, environment } = await lighthouseRun(url, signedIn);
    // Every script the page fetched, whatever its origin, from the network log.
    const requests = audits['network-requests'].details?.items ?? [];
    const scriptBytes = requests
      .filter((item) => item.resourceType === 'Script')
      .reduce((total, item) => total + (item.transferSize ?? 0), 0);
    samples.push({
      performance: Math.round(categories.performance.score * 100),
      accessibility: Math.round(categories.accessibility.score * 100),
      bestPractices: Math.round(categories['best-practices'].score * 100),
      seo: Math.round(categories.seo.score * 100),
      lcp: audits['largest-contentful-paint'].numericValue,
      tbt: audits['total-blocking-time'].numericValue,
      jsBytes: scriptBytes,
      benchmarkIndex: environment.benchmarkIndex,
      work: audits['mainthread-work-breakdown'].details?.items ?? [],
      scripts: audits['bootup-time'].details?.items ?? [],
      longTasks: audits['long-tasks'].details?.items ?? [],
    });
  }
  const pick = (key) => median(samples.map((sample) => sample[key]));
  const { work, scripts, longTasks } = samples.find((sample) => sample.performance === pick('performance'));
  const figures = Object.keys(samples[0]).filter((key) => !['work', 'scripts', 'longTasks'].includes(key));
  return { ...Object.fromEntries(figures.map((key) => [key, pick(key)])), work, scripts, longTasks };
}

function printBreakdown(row) {
  const ms = (value) => `${Math.round(value)} ms`;
  console.log(`\n${row.page}: main-thread work (simulated phone CPU)`);
  for (const item of row.work.slice(0, 6)) console.log(`  ${item.groupLabel ?? item.group}: ${ms(item.duration)}`);
  for (const item of row.scripts.slice(0, 6))
    console.log(
      `  ${new URL(item.url, site.origin).pathname}: ${ms(item.total)} (evaluation ${ms(item.scripting)}, parsing ${ms(item.scriptParseCompile)})`,
    );
  // Each task over 50 ms blocks for its time beyond 50 ms: the tasks that make up the TBT.
  for (const task of row.longTasks)
    console.log(
      `  long task at ${ms(task.startTime)}: ${ms(task.duration)}, ${task.url ? new URL(task.url, site.origin).pathname : 'unattributed'}`,
    );
}

const rows = [];
const failures = [];
try {
  if (cpuSlowdown === null) {
    const { environment } = await lighthouseRun(`${site.origin}/`, false);
    cpuSlowdown = calibratedSlowdown(environment.benchmarkIndex);
    console.log(`Host CPU benchmark index ${Math.round(environment.benchmarkIndex)}: CPU slowdown ${cpuSlowdown}×.`);
  }
  for (const page of PUBLIC_PAGES.filter(chosen))
    rows.push({ page, docs: false, ...(await measure(`${site.origin}${page}`, { signedIn: false })) });

  // Signed in inside Lighthouse's own browser: the page's code finds the provider's user in
  // that browser's storage as well as the session cookie, and shows the documentation, not the
  // sign-in form.
  await signInAsMember(control, site.origin);
  for (const page of DOCS_PAGES.filter(chosen)) {
    await expectDocumentation(`${site.origin}${page}`);
    rows.push({ page, docs: true, ...(await measure(`${site.origin}${page}`, { signedIn: true })) });
  }
} finally {
  await attached.close();
  chrome.kill();
  await site.stop();
}

console.log(`\nLighthouse, mobile preset, CPU slowdown ${cpuSlowdown}×, median of ${runs} runs per page\n`);
console.log(
  '| page | performance | accessibility | best practices | SEO | LCP (ms) | TBT (ms) | JS transferred (KB, headers included) | host CPU index |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const row of rows) {
  console.log(
    `| ${row.page} | ${row.performance} | ${row.accessibility} | ${row.bestPractices} | ${row.docs ? `(${row.seo})` : row.seo} | ${Math.round(row.lcp)} | ${Math.round(row.tbt)} | ${(row.jsBytes / 1024).toFixed(1)} | ${Math.round(row.benchmarkIndex)} |`,
  );
  const minimum = row.docs ? BUDGET.docsPerformance : BUDGET.publicPerformance;
  if (row.performance < minimum) failures.push(`${row.page}: performance ${row.performance} < ${minimum}`);
  for (const key of ['accessibility', 'bestPractices', ...(row.docs ? [] : ['seo'])])
    if (row[key] < BUDGET.other) failures.push(`${row.page}: ${key} ${row[key]} < ${BUDGET.other}`);
}
if (breakdown) rows.forEach(printBreakdown);
// Lighthouse simulates a phone by multiplying the CPU time it observes by 4, a factor calibrated
// for hosts whose benchmark index is at least 1000 (it warns below that): on a slower host the
// same page's TBT grows by the ratio, so scores are compared at similar indexes only.
const slowest = Math.min(...rows.map((row) => row.benchmarkIndex));
if (slowest < SLOW_HOST_INDEX && cpuSlowdown === 4)
  console.log(
    `\nThis host's CPU benchmark index fell to ${Math.round(slowest)}, under the ${SLOW_HOST_INDEX} Lighthouse's 4× slowdown is calibrated for: blocking time reads longer than on a standard host.`,
  );
console.log('\nDocumentation pages carry noindex on purpose, so their SEO score (in brackets) is not a budget.');
if (failures.length > 0) {
  console.log(`\nOver budget:\n${failures.map((line) => `  ${line}`).join('\n')}`);
  process.exitCode = 1;
} else {
  console.log('\nEvery budget holds.');
}
