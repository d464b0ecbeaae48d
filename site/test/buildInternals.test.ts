import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { membersChunkNames } from '../plugins/members-chunks.js';
import { skipMergedChunks } from '../src/auth/chunkAssets.js';

/**
 * Lines of the `registry.js` the installed Docusaurus generates (one per kind of module), so an
 * upgrade that changes its format shows up here rather than as documentation chunks published
 * under the public `assets/js/`.
 */
const registry = readFileSync(new URL('./fixtures/registry.sample.txt', import.meta.url), 'utf8');

describe('the build internals the lock depends on (security)', () => {
  it('membersChunkNames picks exactly the documentation chunks of a generated registry', () => {
    assert.deepEqual([...membersChunkNames(registry)].sort(), [
      '002d248b', // a Spanish docs page
      '076981e5', // another Spanish docs page
      '9d39d3e7', // the docs plugin's generated props (sidebars, titles)
      'e0e0e0e0', // an English docs page
    ]);
  });

  it('membersChunkNames finds nothing in a registry of another format', () => {
    assert.equal(membersChunkNames(registry.replace(/webpackChunkName: /g, 'webpackChunkName:')).size, 0);
  });

  it('the chunk-asset wrapper turns the runtime’s answer for a merged chunk into one Docusaurus skips', () => {
    const runtime = (name: string) => (name === '1027' ? 'docs/assets/js/f90f6eed.0b0c2935.js' : `${name}.javascript`);
    const lookup = skipMergedChunks(runtime);
    assert.equal(lookup('1027'), 'docs/assets/js/f90f6eed.0b0c2935.js');
    assert.equal(lookup('5433'), 'undefined');
  });
});
