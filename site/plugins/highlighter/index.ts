/**
 * The code blocks' highlighter, run when the Markdown is compiled (remark-code-blocks.ts): each
 * fenced block reaches the page as the finished markup of its `<code>`, and no page loads a
 * highlighter. In the browser, on a simulated mid-range phone, highlighting took about 230 ms on a
 * page full of code, and hydrating the token elements it made took longer still; now hydration
 * keeps the server's markup as it is.
 *
 * Prism's core with only the languages the site's Markdown uses: a unit test checks that every
 * fenced block's language is here. Tokens carry classes, not colours: the stylesheet made from the
 * two code themes (`codeThemeStylesheet`) colours them in either colour mode, so a block is drawn
 * once, whichever mode the reader chose.
 */
import Prism from 'prismjs/components/prism-core';
import 'prismjs/components/prism-markup';
import 'prismjs/components/prism-clike';
import 'prismjs/components/prism-javascript';
import 'prismjs/components/prism-typescript';
import 'prismjs/components/prism-bash';
import 'prismjs/components/prism-json';
import 'prismjs/components/prism-http';
import 'prismjs/components/prism-yaml';
import 'prismjs/components/prism-python';
import 'prismjs/components/prism-nginx';
import 'prismjs/components/prism-ini';
import 'prismjs/components/prism-toml';
import 'prismjs/components/prism-powershell';
import 'prismjs/components/prism-csharp';
import type { PrismTheme, Token } from 'prism-react-renderer';

export { Prism };

type PrismToken = string | Prism.Token;

/** Prism's nested tokens as lines of flat tokens, each with the types of every level it is in. */
export function normalizeTokens(tokens: PrismToken[]): Token[][] {
  const lines: Token[][] = [[]];
  const visit = (list: PrismToken[] | PrismToken, types: string[], nested: boolean) => {
    for (const token of Array.isArray(list) ? list : [list]) {
      let content: string | PrismToken | PrismToken[];
      let tokenTypes = types;
      if (typeof token === 'string') {
        tokenTypes = nested ? types : ['plain'];
        content = token;
      } else {
        const aliases = token.alias === undefined ? [] : ([] as string[]).concat(token.alias);
        for (const type of [token.type, ...aliases])
          if (tokenTypes[tokenTypes.length - 1] !== type) tokenTypes = [...tokenTypes, type];
        content = token.content;
      }
      if (typeof content !== 'string') {
        visit(content, tokenTypes, true);
        continue;
      }
      content.split(/\r\n|\r|\n/).forEach((part, index) => {
        if (index > 0) lines.push([]);
        lines[lines.length - 1]!.push({ types: tokenTypes, content: part });
      });
    }
  };
  visit(tokens, [], false);
  for (const line of lines) {
    if (line.length === 0) line.push({ types: ['plain'], content: '\n', empty: true });
    else if (line.length === 1 && line[0]!.content === '') Object.assign(line[0]!, { content: '\n', empty: true });
  }
  return lines;
}

export function tokenize(code: string, language: string): Token[][] {
  const grammar = Prism.languages[language];
  if (!grammar) return normalizeTokens([code]);
  const env = { code, grammar, language, tokens: [] as PrismToken[] };
  Prism.hooks.run('before-tokenize', env);
  env.tokens = Prism.tokenize(env.code, env.grammar);
  Prism.hooks.run('after-tokenize', env);
  return normalizeTokens(env.tokens);
}

type Style = Record<string, string | number>;

/** Each token type's style in a theme: its rules merged in the theme's order. */
function stylesByType(theme: PrismTheme): Map<string, Style> {
  const styles = new Map<string, Style>();
  for (const { types, style } of theme.styles)
    for (const type of types) styles.set(type, { ...styles.get(type), ...(style as Style) });
  return styles;
}

/** The code themes of the two colour modes, and the prefix of the classes each gives tokens. */
export interface CodeThemes {
  light: PrismTheme;
  dark: PrismTheme;
}

export const MODE_PREFIX: Record<keyof CodeThemes, string> = { light: 'l-', dark: 'd-' };

const kebab = (property: string) => property.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** The class that gives a token, in one mode, one property of one type's style. */
const propertyClass = (mode: keyof CodeThemes, property: string, type: string) =>
  `${MODE_PREFIX[mode]}${kebab(property)}-${type}`;

/**
 * A token's classes: for each mode and each property its theme styles the token with, one class
 * naming the type that decides it, which is the last of the token's types to set it (its
 * innermost), as prism-react-renderer merges them. A class per property rather than per type,
 * because the stylesheet's cascade would follow the theme's order of rules instead: a `variable
 * function` token takes its colour from `function` and its italics from `variable` in the dark
 * theme, where the rule for `variable` comes later and sets a colour too.
 */
export function tokenClasses(types: readonly string[], themes: CodeThemes): string[] {
  return (Object.keys(MODE_PREFIX) as Array<keyof CodeThemes>).flatMap((mode) => {
    const styles = stylesByType(themes[mode]);
    const decided = new Map<string, string>();
    for (const type of types) for (const property of Object.keys(styles.get(type) ?? {})) decided.set(property, type);
    return [...decided].map(([property, type]) => propertyClass(mode, property, type));
  });
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const escapeText = (text: string) => text.replace(/[&<>]/g, (character) => ESCAPES[character]!);

/**
 * A block's code as the markup of its `<code>`: each line a `span` (shown as a block by the code
 * block's styles), since `<code>` may hold only phrasing content, ending in a `<br>` that keeps an
 * empty line's height and breaks the line where styles do not apply (reader modes, copied HTML);
 * each styled token a `span` with its classes, unstyled text as it is.
 */
export function highlightedHtml(code: string, language: string, themes: CodeThemes): string {
  return tokenize(code, language)
    .map((line) => {
      const tokens = line
        .filter((token) => !token.empty)
        .map((token) => {
          const classes = tokenClasses(token.types, themes);
          const text = escapeText(token.content);
          return classes.length === 0 ? text : `<span class="token ${classes.join(' ')}">${text}</span>`;
        });
      return `<span class="token-line">${tokens.join('')}<br></span>`;
    })
    .join('');
}

/**
 * The stylesheet that colours highlighted code in both colour modes: each theme's block colours
 * (the variables the theme's code block reads) and one rule for each property of each token type's
 * style (see `tokenClasses`), each under its mode. A page without the colour-mode attribute (no
 * JavaScript) shows the light one.
 */
export function codeThemeStylesheet(themes: CodeThemes): string {
  const scopes: Record<keyof CodeThemes, string> = {
    light: `html:not([data-theme='dark']) .theme-code-block`,
    dark: `html[data-theme='dark'] .theme-code-block`,
  };
  return (Object.keys(scopes) as Array<keyof CodeThemes>)
    .flatMap((mode) => {
      const { plain } = themes[mode];
      return [
        `${scopes[mode]}{--prism-color:${plain.color};--prism-background-color:${plain.backgroundColor}}`,
        ...[...stylesByType(themes[mode])].flatMap(([type, style]) =>
          Object.entries(style).map(
            ([property, value]) =>
              `${scopes[mode]} .${propertyClass(mode, property, type)}{${kebab(property)}:${value}}`,
          ),
        ),
      ];
    })
    .join('\n');
}
