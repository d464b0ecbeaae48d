import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from '@docusaurus/types';

const require = createRequire(import.meta.url);
const siteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Two changes to how the classic theme highlights code. It registers Prism's extra languages from
 * a client module, and that import put the whole highlighter (about 100 KB of the 520 KB main
 * bundle) on every page, code or not: this plugin replaces that client module with an empty one.
 * And its code block highlights with `prism-react-renderer`, whose own Prism carries about twenty
 * languages that cost a phone some 120 ms to evaluate on every page with code: the package is
 * replaced in the bundles by `src/highlighter`, Prism's core with the languages the site uses, so
 * the highlighter loads with the code block and with only what it needs.
 */
export default function codeHighlightingPlugin(): Plugin {
  // Docusaurus lists client modules by absolute path without the extension; `$` makes the alias
  // match that request only.
  const clientModule = require.resolve('@docusaurus/theme-classic/lib/prism-include-languages.js').replace(/\.js$/, '');
  const highlighter = path.join(siteDir, 'src/highlighter/index.ts');
  return {
    name: 'code-highlighting',
    configureWebpack() {
      return { resolve: { alias: { [`${clientModule}$`]: false, 'prism-react-renderer$': highlighter } } };
    },
  };
}
