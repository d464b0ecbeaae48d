// The W3C Nu HTML Checker (`vnu-jar`, which needs a Java runtime) over every page of the build,
// public and members' alike: a page passes with no error and no sign that its text is in another
// language than the one its `<html lang>` names (the checker reports that as a warning; a passage
// marked with its own `lang` does not count). Writes `{ passed, failed }`, one test a page, to the
// file named by --summary=, and exits 1 when a page fails.
// Usage: node scripts/checkHtml.mjs [--summary=test-results/html.json] [dir …] (default: both trees)
import { spawn } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vnuJar from 'vnu-jar';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const summaryFile = args.find((arg) => arg.startsWith('--summary='))?.slice('--summary='.length);
const dirs = args.filter((arg) => !arg.startsWith('--'));
const trees = (dirs.length > 0 ? dirs : ['site/dist/public', 'site/dist/members']).map((dir) =>
  path.resolve(root, dir),
);

const pages = trees.flatMap((tree) =>
  readdirSync(tree, { recursive: true })
    .filter((name) => name.endsWith('.html'))
    .map((name) => path.join(tree, name))
    .sort(),
);
if (pages.length === 0) {
  console.error(`No page to check in ${trees.join(', ')}: build the site first (npm run build).`);
  process.exit(1);
}

/** The checker's JSON report of every page, in one Java process (starting Java is most of the time). */
function validate(files) {
  return new Promise((resolve, reject) => {
    const java = spawn(
      'java',
      ['-jar', String(vnuJar), '--format', 'json', '--stdout', '--exit-zero-always', ...files],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let output = '';
    java.stdout.on('data', (chunk) => (output += chunk));
    java.on('error', (error) =>
      reject(new Error(`The HTML checker needs Java (apt-get install -y default-jre-headless): ${error.message}`)),
    );
    java.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(output).messages) : reject(new Error(`The HTML checker exited with ${code}.`)),
    );
  });
}

const isLanguageMismatch = (message) => /appears to be written in/.test(message.message);
const isFailure = (message) => message.type === 'error' || isLanguageMismatch(message);

const messages = await validate(pages);
const failures = new Map();
for (const message of messages.filter(isFailure)) {
  const page = message.url ? fileURLToPath(message.url) : 'unknown page';
  failures.set(page, [...(failures.get(page) ?? []), message]);
}

for (const [page, found] of failures) {
  console.log(`\n${path.relative(root, page)}: ${found.length} problem${found.length === 1 ? '' : 's'}`);
  for (const message of found.slice(0, 10))
    console.log(`  ${message.lastLine ?? '?'}:${message.lastColumn ?? '?'} ${message.message}`);
  if (found.length > 10) console.log(`  … and ${found.length - 10} more`);
}
const failed = failures.size;
const passed = pages.length - failed;
const errors = messages.filter((message) => message.type === 'error').length;
const mismatches = messages.filter(isLanguageMismatch).length;
console.log(
  `\nHTML checker: ${pages.length} pages, ${errors} errors, ${mismatches} language mismatches; ${passed} passed, ${failed} failed.`,
);
if (summaryFile) writeFileSync(path.resolve(root, summaryFile), JSON.stringify({ passed, failed }));
process.exit(failed === 0 ? 0 : 1);
