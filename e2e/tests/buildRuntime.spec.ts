import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures';

const scripts = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../site/dist/public/assets/js');

test(
  'the built runtime still answers `<id>.javascript` for merged chunks, the answer the chunk-asset wrapper skips',
  { tag: '@no-browser' },
  () => {
    const runtimes = readdirSync(scripts).filter((name) => /^runtime~main\.[0-9a-f]+\.js$/.test(name));
    expect(runtimes).toHaveLength(1);
    const source = readFileSync(path.join(scripts, runtimes[0]!), 'utf8');
    expect(source).toMatch(/:""\+(\w+)\+"\.javascript"/);
    expect(source).toMatch(/\.gca=function\(/);
  },
);
