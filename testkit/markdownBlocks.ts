/** A fenced code block of a Markdown page, with list indentation removed. */
export interface FencedBlock {
  /** 1-based line of the opening fence. */
  line: number;
  lang: string;
  /** `key="value"` pairs of the info string after the language. */
  meta: Record<string, string>;
  code: string;
}

function attributes(info: string): Record<string, string> {
  return Object.fromEntries([...info.matchAll(/(\w+)="([^"]*)"/g)].map(([, key, value]) => [key!, value!]));
}

/** Every ```-fenced block of a Markdown text with a language; `~~~` fences are not used here. */
export function fencedBlocks(text: string): FencedBlock[] {
  return [...text.matchAll(/^( *)```(\w+)([^\n]*)\n([\s\S]*?)^\1```[ \t]*$/gm)].map((match) => {
    const [, indent = '', lang = '', info = '', body = ''] = match;
    const code = body
      .split('\n')
      .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line))
      .join('\n');
    return { line: text.slice(0, match.index ?? 0).split('\n').length, lang, meta: attributes(info), code };
  });
}
