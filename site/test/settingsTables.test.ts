import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { filesUnder } from '../../testkit/files';
import { POLICY_SETTINGS } from '../../access-policy/src/settings';
import { ENV_SETTINGS } from '../src/config/identity';
import { docsRoots, site } from './docsPages';

/**
 * The settings tables of the two site pages against the code that reads settings: every
 * environment variable the server, the access command, the build or the post-build step reads
 * has a row in a "Variable" table of the pages (in each language), and no row names a variable
 * nobody reads.
 */
const root = path.resolve(site, '..');

/** Where settings are read: the server (and its access command), the build's config, the post-build step. */
const READERS = ['server/src', 'site/src/config', 'access-policy/src/settings.ts', 'postbuild/src'];

/** The pages whose tables list the settings, relative to each locale's docs folder. */
const PAGES = ['documentation/firebase-auth-setup.md', 'documentation/restricted-access.md'];

const NAME = '[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+';

function typescriptFiles(entry: string): string[] {
  const full = path.join(root, entry);
  return statSync(full).isDirectory() ? filesUnder(full, { keep: (name) => /\.tsx?$/.test(name) }) : [full];
}

/** Every environment variable a source file reads: `env.NAME`, `env['NAME']` or `helper(env, 'NAME', …)`. */
export function settingsReadIn(source: string): string[] {
  const patterns = [
    new RegExp(`\\benv\\??\\.(${NAME})\\b`, 'g'),
    new RegExp(`\\benv\\[\\s*['"](${NAME})['"]\\s*\\]`, 'g'),
    new RegExp(`\\(\\s*env\\s*,\\s*['"](${NAME})['"]`, 'g'),
  ];
  return patterns.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[1]!));
}

function settingsRead(): Set<string> {
  const names = new Set<string>([...Object.keys(ENV_SETTINGS), ...Object.values(POLICY_SETTINGS)]);
  for (const file of READERS.flatMap(typescriptFiles)) {
    for (const name of settingsReadIn(readFileSync(file, 'utf8'))) names.add(name);
  }
  return names;
}

/** The variables named in the first column of every table whose header starts with "Variable". */
export function settingsTabled(markdown: string): string[] {
  const names: string[] = [];
  let inSettingsTable = false;
  for (const line of markdown.split('\n')) {
    if (!line.startsWith('|')) {
      inSettingsTable = false;
      continue;
    }
    const first = line.split('|')[1]!.trim();
    if (/^Variable$/.test(first)) {
      inSettingsTable = true;
      continue;
    }
    if (!inSettingsTable || /^-+$/.test(first)) continue;
    for (const match of first.matchAll(new RegExp(`\`(${NAME})\``, 'g'))) names.push(match[1]!);
  }
  return names;
}

const read = settingsRead();

describe('settings tables of the site pages', () => {
  it('finds the settings the code reads', () => {
    for (const name of [
      'SITE_URL',
      'SITE_SSO_PROVIDER',
      'SITE_SSO_HINT',
      'SESSION_RECHECK_SECONDS',
      'SESSION_OUTAGE_GRACE_SECONDS',
      'ACCESS_OPERATOR',
      'CLOUD_RUN_REGION',
      'SITE_WHITELISTED_EMAIL',
    ]) {
      assert.ok(read.has(name), `${name} is not found among the settings read`);
    }
    assert.ok(read.size >= 30, `only ${read.size} settings found`);
  });

  it('reads a table row and a helper call as the test expects', () => {
    assert.deepEqual(settingsReadIn("wholeNumber(env, 'A_B', 1, 0, 2); env.C_D; env['E_F']; env.lower"), [
      'C_D',
      'E_F',
      'A_B',
    ]);
    assert.deepEqual(
      settingsTabled(
        '| Variable | x |\n|---|---|\n| `A_B`, `C_D` | `E_F` |\n\n| Property | x |\n|---|---|\n| `G_H` | y |',
      ),
      ['A_B', 'C_D'],
    );
  });

  for (const locale of Object.keys(docsRoots) as Array<keyof typeof docsRoots>) {
    const tabled = new Set(
      PAGES.flatMap((page) => settingsTabled(readFileSync(path.join(docsRoots[locale], page), 'utf8'))),
    );

    it(`${locale}: lists every setting the server, the access command and the build read`, () => {
      const missing = [...read].filter((name) => !tabled.has(name)).sort();
      assert.deepEqual(missing, [], `add a row for ${missing.join(', ')} to ${PAGES[0]} (${locale})`);
    });

    it(`${locale}: names no setting that nobody reads`, () => {
      const unread = [...tabled].filter((name) => !read.has(name)).sort();
      assert.deepEqual(unread, [], `no code reads ${unread.join(', ')}`);
    });
  }
});
