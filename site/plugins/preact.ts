import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from '@docusaurus/types';

const require = createRequire(import.meta.url);

/**
 * The browser runs the site on Preact's React-compatible layer instead of React DOM: React DOM was
 * about half of the main bundle (some 200 KB of its 400 KB before compression) that every page
 * loads, and Preact does the same work here in a tenth of it. Only the browser bundles change; the
 * server build still renders every page with React, so the HTML is the same, and Preact hydrates
 * it. The paths are resolved here because the packages that import React (Docusaurus's own) sit
 * in a folder from which `preact` may not be reachable.
 */
export default function preactPlugin(): Plugin {
  // The ES module builds, so that every import reaches the one copy of Preact the bundler sees.
  const preact = path.dirname(require.resolve('preact/package.json'));
  const compat = path.join(preact, 'compat/dist/compat.mjs');
  return {
    name: 'preact',
    configureWebpack(config, isServer) {
      if (isServer) return {};
      // Docusaurus aliases `react` and `react-dom` to their folders, which would catch their
      // subpaths before the entries below; a merged alias cannot remove them.
      const aliases = config.resolve?.alias as Record<string, unknown> | undefined;
      delete aliases?.react;
      delete aliases?.['react-dom'];
      return {
        resolve: {
          alias: {
            react$: compat,
            'react-dom$': compat,
            'react-dom/client$': fileURLToPath(new URL('../src/client/reactDomClient.ts', import.meta.url)),
            'react/jsx-runtime$': path.join(preact, 'compat/jsx-runtime.mjs'),
            'react/jsx-dev-runtime$': path.join(preact, 'compat/jsx-dev-runtime.mjs'),
          },
        },
      };
    },
  };
}
