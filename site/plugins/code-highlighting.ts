import { createRequire } from 'node:module';
import type { Plugin } from '@docusaurus/types';

const require = createRequire(import.meta.url);

/**
 * The classic theme registers Prism's extra languages from a client module, and that import puts
 * the whole highlighter (about 100 KB of the 520 KB main bundle) on every page, code or not. This
 * plugin replaces that client module with an empty one; `src/theme/CodeBlock/Content` imports the
 * very same module instead, so the highlighter and its languages load with the code block.
 */
export default function codeHighlightingPlugin(): Plugin {
  // Docusaurus lists client modules by absolute path without the extension; `$` makes the alias
  // match that request only, not the import from the code block.
  const clientModule = require.resolve('@docusaurus/theme-classic/lib/prism-include-languages.js').replace(/\.js$/, '');
  return {
    name: 'code-highlighting',
    configureWebpack() {
      return { resolve: { alias: { [`${clientModule}$`]: false } } };
    },
  };
}
