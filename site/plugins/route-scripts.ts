import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';
import { registryChunks } from './members-chunks';

/** The part of the client manifest Docusaurus reads to list a page's scripts in its HTML. */
export interface ClientManifest {
  entrypoints: string[];
  origins: Record<string, string[]>;
  assets: Record<string, { js?: unknown[] }>;
}

/**
 * Names each module of the registry in the manifest with the chunks its own chunk group needs.
 * What it fills in: Docusaurus's static-site generation writes a page's scripts from the modules
 * its render used, looked up by module name in the client manifest its loadable plugin writes;
 * with Rspack that manifest knows modules only by number, so every page listed just the
 * runtime and the main bundle, and the main bundle then added a `<script>` for each of the page's
 * chunks while it ran: some 1 ms each on a desktop, four times that on a phone, in the task that
 * also starts the app. Listed in the page, they are fetched beside the main bundle and run in
 * tasks of their own before it.
 */
export function nameRouteModules(
  manifest: ClientManifest,
  registry: Map<string, string>,
  chunkGroups: Map<string, string[]>,
): ClientManifest {
  if (typeof manifest.origins !== 'object' || manifest.origins === null || typeof manifest.assets !== 'object')
    throw new Error('route-scripts: the client manifest has no origins or assets; its format may have changed.');
  const origins = { ...manifest.origins };
  for (const [name, module] of registry) {
    const chunks = chunkGroups.get(name);
    if (!chunks) throw new Error(`route-scripts: the registry's chunk ${name} (${module}) is not in the bundle`);
    const unknown = chunks.filter((chunk) => !(chunk in manifest.assets));
    if (unknown.length > 0)
      throw new Error(`route-scripts: chunk ${unknown.join(', ')} of ${name} has no file in the client manifest`);
    origins[module] = chunks;
  }
  return { ...manifest, origins };
}

interface ChunkGroupLike {
  chunks: ReadonlyArray<{ ids?: Iterable<string | number> | null }>;
}

interface CompilerLike {
  hooks: {
    afterEmit: {
      tap(name: string, run: (compilation: { namedChunkGroups: ReadonlyMap<string, ChunkGroupLike> }) => void): void;
    };
  };
}

export default function routeScriptsPlugin(context: { generatedFilesDir: string }): Plugin {
  return {
    name: 'route-scripts',
    configureWebpack(config, isServer) {
      // The live-reload server writes no client manifest: it renders nothing ahead of the browser.
      if (isServer || config.mode !== 'production') return {};
      const manifestPath = path.join(context.generatedFilesDir, 'client-manifest.json');
      return {
        plugins: [
          {
            // After the manifest's own writer, which runs at `emit`.
            apply(compiler: CompilerLike) {
              compiler.hooks.afterEmit.tap('route-scripts', (compilation) => {
                const registry = registryChunks(
                  readFileSync(path.join(context.generatedFilesDir, 'registry.js'), 'utf8'),
                );
                if (registry.size === 0)
                  throw new Error(
                    'route-scripts: no chunk found in registry.js; the registry format may have changed.',
                  );
                const groups = new Map(
                  [...compilation.namedChunkGroups].map(([name, group]) => [
                    name,
                    group.chunks.flatMap((chunk) => [...(chunk.ids ?? [])].map(String)),
                  ]),
                );
                const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as ClientManifest;
                writeFileSync(manifestPath, JSON.stringify(nameRouteModules(manifest, registry, groups)));
              });
            },
          },
        ],
      };
    },
  };
}
