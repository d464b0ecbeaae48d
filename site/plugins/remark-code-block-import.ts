/**
 * Makes each Markdown file that has a fenced code block import the code block itself, and leaves
 * every other file without it. The theme draws fenced code through its Markdown components, which
 * import the code block (and with it the Prism highlighter, about 130 KB before compression) into a
 * chunk every page with Markdown loads: the blog list, posts and documentation pages without code
 * paid for it. Here each fenced block becomes `<CodeBlock className metastring>{code}</CodeBlock>`
 * with an import of `@theme/CodeBlock` at the top of that file, so the highlighter comes with the
 * pages that show code, is preloaded with them before hydration, and is rendered on the server.
 *
 * It runs after Docusaurus's own remark steps, so Mermaid blocks have already become diagrams.
 */
interface MarkdownNode {
  type: string;
  children?: MarkdownNode[];
  lang?: string | null;
  meta?: string | null;
  value?: string;
  position?: unknown;
}

const COMPONENT = 'FencedCodeBlock';
const SOURCE = '@theme/CodeBlock';

const importCodeBlock = {
  type: 'mdxjsEsm',
  value: `import ${COMPONENT} from '${SOURCE}';`,
  data: {
    estree: {
      type: 'Program',
      sourceType: 'module',
      comments: [],
      body: [
        {
          type: 'ImportDeclaration',
          specifiers: [{ type: 'ImportDefaultSpecifier', local: { type: 'Identifier', name: COMPONENT } }],
          source: { type: 'Literal', value: SOURCE, raw: `'${SOURCE}'` },
          attributes: [],
        },
      ],
    },
  },
};

function attribute(name: string, value: string) {
  return { type: 'mdxJsxAttribute', name, value };
}

function codeBlockElement(code: MarkdownNode): MarkdownNode {
  return {
    type: 'mdxJsxFlowElement',
    name: COMPONENT,
    attributes: [
      ...(code.lang ? [attribute('className', `language-${code.lang}`)] : []),
      ...(code.meta ? [attribute('metastring', code.meta)] : []),
      attribute('children', code.value ?? ''),
    ],
    children: [],
    position: code.position,
  } as MarkdownNode;
}

/** Replaces fenced code blocks below `node`; whether it found any. */
function replaceCodeBlocks(node: MarkdownNode): boolean {
  let found = false;
  node.children?.forEach((child, index) => {
    if (child.type === 'code') {
      node.children![index] = codeBlockElement(child);
      found = true;
    } else if (replaceCodeBlocks(child)) {
      found = true;
    }
  });
  return found;
}

export default function remarkCodeBlockImport() {
  return (root: MarkdownNode): void => {
    if (replaceCodeBlocks(root)) root.children!.unshift(importCodeBlock as MarkdownNode);
  };
}
