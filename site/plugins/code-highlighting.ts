import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { darkCodeTheme, lightCodeTheme } from '../src/config/codeThemes';
import { codeThemeStylesheet } from './highlighter';

const require = createRequire(import.meta.url);

/**
 * Code is highlighted when the Markdown is compiled (remark-code-blocks.ts, highlighter/), so the
 * browser needs no highlighter, only the stylesheet that colours the tokens in both colour modes,
 * which this plugin makes from the two code themes and adds to every page. The classic theme
 * registers Prism's extra languages from a client module whose import would still bring Prism
 * (about 100 KB before compression) into the main bundle: that module is replaced with an empty one.
 */
export default function codeHighlightingPlugin(context: LoadContext): Plugin {
  // Docusaurus lists client modules by absolute path without the extension; `$` makes the alias
  // match that request only.
  const clientModule = require.resolve('@docusaurus/theme-classic/lib/prism-include-languages.js').replace(/\.js$/, '');
  const stylesheet = path.join(context.generatedFilesDir, 'code-highlighting', 'code-themes.css');
  mkdirSync(path.dirname(stylesheet), { recursive: true });
  writeFileSync(stylesheet, `${codeThemeStylesheet({ light: lightCodeTheme, dark: darkCodeTheme })}\n`);
  return {
    name: 'code-highlighting',
    getClientModules() {
      return [stylesheet];
    },
    configureWebpack() {
      return { resolve: { alias: { [`${clientModule}$`]: false } } };
    },
  };
}
