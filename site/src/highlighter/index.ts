/**
 * The code block's highlighter, standing in for `prism-react-renderer` in the site's bundles
 * (aliased in plugins/code-highlighting.ts) with the same `Highlight` component and output.
 * That package brings its own Prism with about twenty languages built in, and evaluating it took
 * about 120 ms of a mid-range phone's main thread on every page with a code block, however small.
 * This one is Prism's core with only the languages the site's Markdown uses: a unit test checks
 * that every fenced block's language is here.
 */
import './manualMode';
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
import { useMemo, type CSSProperties } from 'react';
import clsx from 'clsx';
import type {
  HighlightProps,
  LineInputProps,
  LineOutputProps,
  PrismTheme,
  Token,
  TokenInputProps,
  TokenOutputProps,
} from 'prism-react-renderer';

export { Prism };

type ThemeDictionary = Record<string, CSSProperties> & { root: CSSProperties; plain: CSSProperties };

function themeToDict(theme: PrismTheme, language: string): ThemeDictionary {
  const dict: Record<string, CSSProperties> = {};
  for (const { languages, style, types } of theme.styles) {
    if (languages && !languages.includes(language)) continue;
    for (const type of types) dict[type] = { ...dict[type], ...(style as CSSProperties) };
  }
  const plain = theme.plain as CSSProperties;
  return { ...dict, root: plain, plain: { ...plain, backgroundColor: undefined } };
}

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

function tokenize(code: string, language: string): Token[][] {
  const grammar = Prism.languages[language];
  if (!grammar) return normalizeTokens([code]);
  const env = { code, grammar, language, tokens: [] as PrismToken[] };
  Prism.hooks.run('before-tokenize', env);
  env.tokens = Prism.tokenize(env.code, env.grammar);
  Prism.hooks.run('after-tokenize', env);
  return normalizeTokens(env.tokens);
}

export function Highlight({ children, language: languageProp, code, theme }: HighlightProps) {
  const language = languageProp.toLowerCase();
  const dict = useMemo(() => (theme ? themeToDict(theme, language) : null), [theme, language]);
  const tokens = useMemo(() => tokenize(code, language), [code, language]);

  // The line's tokens are an input, not an attribute of the element the props are spread on.
  const getLineProps = ({ className, style, ...rest }: LineInputProps): LineOutputProps => ({
    ...Object.fromEntries(Object.entries(rest).filter(([name]) => name !== 'line')),
    className: clsx('token-line', className),
    style: dict || style ? { ...dict?.plain, ...style } : undefined,
  });

  const styleFor = ({ types, empty }: Token): CSSProperties | undefined => {
    if (!dict) return undefined;
    if (types.length === 1 && types[0] === 'plain') return empty ? { display: 'inline-block' } : undefined;
    if (types.length === 1 && empty) return dict[types[0]!];
    return Object.assign(empty ? { display: 'inline-block' } : {}, ...types.map((type) => dict[type]));
  };

  const getTokenProps = ({ token, className, style, ...rest }: TokenInputProps): TokenOutputProps => {
    const own = styleFor(token);
    return {
      ...rest,
      className: clsx('token', ...token.types, className),
      children: token.content,
      style: style ? { ...own, ...style } : own,
    };
  };

  return children({
    tokens,
    className: `prism-code language-${language}`,
    style: dict ? dict.root : {},
    getLineProps,
    getTokenProps,
  });
}
