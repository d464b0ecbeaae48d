/**
 * Markdown-tree nodes that remark steps here put in place of fenced blocks: a JSX element, and the
 * `import` at the top of the file that brings its component, with the estree MDX compiles it from.
 */
export interface MarkdownNode {
  type: string;
  children?: MarkdownNode[];
  lang?: string | null;
  meta?: string | null;
  value?: string;
  position?: unknown;
}

export function importDefault(name: string, source: string): MarkdownNode {
  return {
    type: 'mdxjsEsm',
    value: `import ${name} from '${source}';`,
    data: {
      estree: {
        type: 'Program',
        sourceType: 'module',
        comments: [],
        body: [
          {
            type: 'ImportDeclaration',
            specifiers: [{ type: 'ImportDefaultSpecifier', local: { type: 'Identifier', name } }],
            source: { type: 'Literal', value: source, raw: `'${source}'` },
            attributes: [],
          },
        ],
      },
    },
  } as MarkdownNode;
}

/** A JSX element with string attributes, standing where `replaced` stood. */
export function jsxElement(name: string, attributes: Record<string, string>, replaced: MarkdownNode): MarkdownNode {
  return {
    type: 'mdxJsxFlowElement',
    name,
    attributes: Object.entries(attributes).map(([key, value]) => ({ type: 'mdxJsxAttribute', name: key, value })),
    children: [],
    position: replaced.position,
  } as MarkdownNode;
}

/**
 * Replaces, below `node`, each fenced block for which `replace` returns a node; whether any was
 * replaced.
 */
export function replaceFencedBlocks(
  node: MarkdownNode,
  replace: (code: MarkdownNode) => MarkdownNode | undefined,
): boolean {
  let found = false;
  node.children?.forEach((child, index) => {
    const replacement = child.type === 'code' ? replace(child) : undefined;
    if (replacement) {
      node.children![index] = replacement;
      found = true;
    } else if (replaceFencedBlocks(child, replace)) {
      found = true;
    }
  });
  return found;
}
