// Compressed JavaScript (and all bytes) each kind of page transfers on a cold load, in Debian's
// Chromium against the production build behind the real server and the Auth emulator.
//
//   node bench/page-weight.mjs
import { memberContext, startSite } from './harness.mjs';
import { SIGN_IN_PATH } from '@trust/access-policy';

const PUBLIC_JS_KB = 150;
const DOCS_JS_KB = 170;

const { origin, browser, stop } = await startSite(4395);

async function measure(context, url) {
  const page = await context.newPage();
  const entries = [];
  page.on('response', (response) =>
    entries.push(
      response
        .request()
        .sizes()
        .then((size) => ({
          type: response.request().resourceType(),
          bytes: size.responseBodySize,
          url: response.url(),
        })),
    ),
  );
  const answer = await page.goto(url, { waitUntil: 'networkidle' });
  // A page that did not come (a 503 while the reader could not be checked, a redirect to sign-in)
  // would be measured as a light page: the run fails instead.
  if (answer?.status() !== 200 || page.url() !== url)
    throw new Error(`${url} answered ${answer?.status()} at ${page.url()}, not the page itself.`);
  const done = await Promise.all(entries);
  await page.close();
  const js = done.filter((entry) => entry.type === 'script');
  return {
    js: js.reduce((sum, entry) => sum + entry.bytes, 0),
    scripts: js.length,
    all: done.reduce((sum, entry) => sum + entry.bytes, 0),
    identityProvider:
      js.some((entry) => entry.url.includes('9099')) ||
      done.some((entry) => /identitytoolkit|securetoken/.test(entry.url)),
  };
}

try {
  const rows = [];
  for (const url of [
    '/',
    '/labs',
    '/projects',
    '/blog',
    '/es/',
    '/es/blog',
    '/es/blog/2024/08/20/desafios-futuros-ciberseguridad-chile',
    SIGN_IN_PATH,
  ]) {
    const context = await browser.newContext();
    rows.push({ name: `${url} (anonymous)`, ...(await measure(context, `${origin}${url}`)) });
    await context.close();
  }
  const member = await memberContext(browser, origin);
  const clearCache = async () => (await member.newCDPSession(await member.newPage())).send('Network.clearBrowserCache');
  // The Spanish twins carry the Spanish interface strings besides the same code: the heaviest pages.
  for (const url of [
    '/docs/IntrusionSentinel/architecture/diagram',
    '/es/docs/IntrusionSentinel/architecture/diagram',
    '/es/docs/IntrusionSentinel/technical/algorithms',
    '/es/docs/documentation/firebase-auth-setup',
  ]) {
    rows.push({ name: `${url} (member)`, ...(await measure(member, `${origin}${url}`)) });
    await clearCache();
  }
  rows.push({ name: '/labs (member, signed in before)', ...(await measure(member, `${origin}/labs`)) });
  await member.close();

  console.log('\nCold load, compressed bytes (Chromium, production build, brotli)\n');
  console.log('| page | JS KB | scripts | all KB | calls to the identity provider |');
  console.log('|---|---:|---:|---:|---|');
  for (const row of rows) {
    console.log(
      `| ${row.name} | ${(row.js / 1024).toFixed(1)} | ${row.scripts} | ${(row.all / 1024).toFixed(1)} | ${row.identityProvider ? 'yes' : 'no'} |`,
    );
  }
  console.log(
    `\nBudget: a public page ≤ ${PUBLIC_JS_KB} KB of JS (a documentation page ≤ ${DOCS_JS_KB} KB) and no identity-provider code before it is needed.`,
  );
  const failures = rows.flatMap((row) => {
    const budget = row.name.endsWith('(member)') ? DOCS_JS_KB : PUBLIC_JS_KB;
    return [
      ...(row.js / 1024 > budget ? [`${row.name}: JS ${(row.js / 1024).toFixed(1)} KB > ${budget} KB`] : []),
      ...(row.identityProvider ? [`${row.name}: calls the identity provider`] : []),
    ];
  });
  if (failures.length > 0) {
    console.log(`\nOver budget:\n${failures.map((line) => `  ${line}`).join('\n')}`);
    process.exitCode = 1;
  } else {
    console.log('Every budget holds.');
  }
} finally {
  await stop();
}
