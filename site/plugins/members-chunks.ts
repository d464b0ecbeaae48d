import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

/**
 * Puts every chunk that carries documentation content (the docs' MDX, the docs plugin's
 * generated props and sidebars, the Spanish translations of both) under `docs/assets/js/`
 * instead of `assets/js/`. The browser then loads them from `/docs/…` (or `/es/docs/…`), the
 * prefix the server locks, and the post-build step moves that folder out of the public files.
 * What it fills in: Docusaurus writes every chunk under one folder and its plugin API has no say in
 * where a given chunk goes, so the chunks are told apart by the registry's names.
 *
 * The registry Docusaurus generates before bundling maps each chunk name to its module:
 * `"0058b4c6": [() => import(/* webpackChunkName: "0058b4c6" *\/ "@generated/…"), …]`.
 */
const MEMBERS_MODULE =
  /^(@site\/docs\/|@site\/i18n\/[^/]+\/docusaurus-plugin-content-docs\/|@generated\/docusaurus-plugin-content-docs\/)/;

/** Every chunk name of a generated registry, with the module its chunk is built around. */
export function registryChunks(registrySource: string): Map<string, string> {
  const chunks = new Map<string, string>();
  for (const match of registrySource.matchAll(
    /^\s*"([^"]+)": \[\(\) => import\(\/\* webpackChunkName: "[^"]+" \*\/ "([^"]+)"\)/gm,
  ))
    chunks.set(match[1]!, match[2]!);
  return chunks;
}

export function membersChunkNames(registrySource: string): Set<string> {
  const names = new Set<string>();
  for (const [name, module] of registryChunks(registrySource)) if (MEMBERS_MODULE.test(module)) names.add(name);
  return names;
}

export default function membersChunksPlugin(context: { generatedFilesDir: string }): Plugin {
  return {
    name: 'members-chunks',
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      const registry = readFileSync(path.join(context.generatedFilesDir, 'registry.js'), 'utf8');
      const names = membersChunkNames(registry);
      if (names.size === 0)
        throw new Error(
          'members-chunks: no documentation chunk found in registry.js; the registry format may have changed.',
        );
      return {
        output: {
          chunkFilename: (pathData: { chunk?: { name?: string | null } }) =>
            pathData.chunk?.name && names.has(pathData.chunk.name)
              ? 'docs/assets/js/[name].[contenthash:8].js'
              : 'assets/js/[name].[contenthash:8].js',
        },
      };
    },
  };
}
