import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { membersChunkNames, registryChunks } from '../plugins/members-chunks.js';
import { nameRouteModules, type ClientManifest } from '../plugins/route-scripts.js';
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

  it('registryChunks maps each chunk name of a generated registry to its module', () => {
    const chunks = registryChunks(registry);
    assert.equal(chunks.get('e0e0e0e0'), '@site/docs/IntrusionSentinel/architecture/interaction.md');
    assert.equal(chunks.size, registry.split('\n').filter((line) => line.includes('webpackChunkName')).length);
  });
});

describe('the scripts a page lists', () => {
  const manifest: ClientManifest = {
    entrypoints: ['main'],
    origins: { main: ['main-chunk'] },
    assets: { 'main-chunk': { js: [] }, '48': { js: [] }, '1952': { js: [] } },
  };

  it('nameRouteModules gives each registry module the chunks of its own chunk group', () => {
    const named = nameRouteModules(
      manifest,
      new Map([['33fc5bb8', '@site/docs/a.md']]),
      new Map([['33fc5bb8', ['1952', '48']]]),
    );
    assert.deepEqual(named.origins, { main: ['main-chunk'], '@site/docs/a.md': ['1952', '48'] });
    assert.deepEqual(manifest.origins, { main: ['main-chunk'] });
  });

  it('nameRouteModules refuses a client manifest of another format', () => {
    assert.throws(
      () => nameRouteModules({ entrypoints: ['main'] } as unknown as ClientManifest, new Map(), new Map()),
      /route-scripts: the client manifest has no origins or assets; its format may have changed\./,
    );
  });

  it('nameRouteModules refuses a registry chunk missing from the bundle, or one without a file', () => {
    assert.throws(
      () => nameRouteModules(manifest, new Map([['33fc5bb8', '@site/docs/a.md']]), new Map()),
      /the registry's chunk 33fc5bb8 \(@site\/docs\/a\.md\) is not in the bundle/,
    );
    assert.throws(
      () => nameRouteModules(manifest, new Map([['33fc5bb8', '@site/docs/a.md']]), new Map([['33fc5bb8', ['7']]])),
      /chunk 7 of 33fc5bb8 has no file in the client manifest/,
    );
  });
});
