// Search on the production build: bytes fetched from opening search to the first rendered
// results, and the time from a keystroke to rendered results (median of 20 queries), for a
// visitor and for a member (whose engine also merges the members' index).
//
//   node bench/search.mjs
import { memberContext, startSite } from './harness.mjs';

const QUERIES = [
  'security',
  'identity',
  'resilient',
  'blog',
  'senado',
  'prioridades',
  'projects',
  'network',
  'devices',
  'research',
  'labs',
  'students',
  'policy',
  'detection',
  'systems',
  'chile',
  'sensor',
  'responsible',
  'digital',
  'critical',
];

const { origin, browser, stop } = await startSite(4396);

/** Types `query` into the open search box in the page itself and times until the list changes. */
async function timeQuery(page, query) {
  return page.evaluate(async (text) => {
    const box = document.querySelector('[role="combobox"]');
    const list = document.getElementById(box.getAttribute('aria-controls'));
    const before = list.innerHTML;
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
    const start = performance.now();
    const changed = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        if (list.innerHTML !== before && list.children.length > 0) {
          observer.disconnect();
          resolve();
        }
      });
      observer.observe(list, { childList: true, subtree: true, characterData: true });
    });
    setValue.call(box, text);
    box.dispatchEvent(new Event('input', { bubbles: true }));
    await Promise.race([changed, new Promise((resolve) => setTimeout(resolve, 5000))]);
    return performance.now() - start;
  }, query);
}

async function measure(context, label) {
  const page = await context.newPage();
  await page.goto(`${origin}/labs`, { waitUntil: 'networkidle' });
  const fetched = [];
  page.on('response', (response) =>
    fetched.push(
      response
        .request()
        .sizes()
        .then((size) => size.responseBodySize),
    ),
  );
  await page.getByRole('button', { name: /^Search/ }).click();
  await page.getByRole('combobox').waitFor();
  const first = await timeQuery(page, 'trustworthy');
  await page.waitForLoadState('networkidle');
  const firstQuery = await Promise.all(fetched);
  const bytes = firstQuery.filter((size) => size > 0).reduce((sum, size) => sum + size, 0);
  const times = [];
  for (const query of QUERIES) times.push(await timeQuery(page, query));
  times.sort((a, b) => a - b);
  await page.close();
  return {
    label,
    bytes,
    requests: firstQuery.length,
    first,
    median: times[Math.floor(times.length / 2)],
    p90: times[Math.floor(times.length * 0.9)],
  };
}

try {
  const rows = [];
  const visitor = await browser.newContext();
  rows.push(await measure(visitor, 'visitor (public index)'));
  await visitor.close();

  const member = await memberContext(browser, origin);
  rows.push(await measure(member, 'member (public + members index)'));
  await member.close();

  console.log('\nSearch on the production build (Chromium, localhost, brotli)\n');
  console.log(
    '| reader | KB fetched for the first query | requests | first query ms | keystroke → results ms, median of 20 | p90 ms |',
  );
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    console.log(
      `| ${row.label} | ${(row.bytes / 1024).toFixed(1)} | ${row.requests} | ${row.first.toFixed(0)} | ${row.median.toFixed(1)} | ${row.p90.toFixed(1)} |`,
    );
  }
  console.log('\nAims: under 150 KB for the first query, under 100 ms from keystroke to results.');
} finally {
  await stop();
}
