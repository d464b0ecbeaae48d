/**
 * A documentation page as plain Markdown for a reader's AI assistant: what the page says, without
 * the site's machinery. The title becomes the `# H1` and the canonical URL is stated under it; front
 * matter goes; admonitions become block quotes that name their kind; a code block's title stands
 * above it and its build-only options (`fragment`, `nocheck`) go; Mermaid blocks stay as their
 * source, which an assistant reads better than a drawing; every link is absolute; in MDX, imports
 * and expressions go and components leave their text (a tab its label as a heading).
 */
import { unified } from 'unified';
import remarkDirective from 'remark-directive';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import remarkStringify from 'remark-stringify';
import type { Locale } from '@trust/access-policy';

interface Node {
  type: string;
  children?: Node[];
  value?: string;
  url?: string;
  lang?: string | null;
  meta?: string | null;
  depth?: number;
  name?: string | null;
  attributes?: Array<{ type: string; name?: string; value?: unknown }>;
  data?: { directiveLabel?: boolean };
  position?: { start: { offset?: number }; end: { offset?: number } };
}

export interface PageFacts {
  title: string;
  /** The page's canonical URL (absolute). */
  url: string;
  locale: Locale;
  /** MDX rather than CommonMark (a `.mdx` file). */
  mdx: boolean;
}

/** Where a link of the page leads, absolute; `undefined` leaves it as written. */
export type LinkResolver = (href: string) => string | undefined;

const ADMONITION_LABELS: Record<Locale, Record<string, string>> = {
  en: { note: 'Note', tip: 'Tip', info: 'Info', warning: 'Warning', caution: 'Caution', danger: 'Danger' },
  es: { note: 'Nota', tip: 'Consejo', info: 'Info', warning: 'Advertencia', caution: 'Precaución', danger: 'Peligro' },
};

const CANONICAL_LABEL: Record<Locale, string> = { en: 'Canonical URL', es: 'URL canónica' };

/** Components whose name says what their text is, kept as a bold label above it. */
const LABELLED_COMPONENTS = new Set(['TabItem', 'details']);

const text = (value: string): Node => ({ type: 'text', value });
const strong = (value: string): Node => ({ type: 'strong', children: [text(value)] });

function attribute(node: Node, name: string): string | undefined {
  const found = node.attributes?.find((candidate) => candidate.name === name);
  return typeof found?.value === 'string' ? found.value : undefined;
}

function codeTitle(meta: string | null | undefined): string | undefined {
  return /(?:^|\s)title=(?:"([^"]*)"|'([^']*)'|(\S+))/
    .exec(meta ?? '')
    ?.slice(1)
    .find((part) => part !== undefined);
}

/** Remark's directive syntax also reads `:word` in prose (`host:9102`); those stay the text they were. */
function asWritten(node: Node, source: string): Node {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  return { type: 'html', value: start === undefined || end === undefined ? '' : source.slice(start, end) };
}

function admonition(node: Node, locale: Locale, transform: (children: Node[]) => Node[]): Node {
  const children = node.children ?? [];
  const labelParagraph = children[0]?.data?.directiveLabel ? children[0] : undefined;
  const kind = ADMONITION_LABELS[locale][node.name ?? ''] ?? node.name ?? '';
  const heading: Node[] = [strong(kind)];
  if (labelParagraph) heading.push(text(': '), ...(labelParagraph.children ?? []));
  const body = transform(labelParagraph ? children.slice(1) : children);
  return { type: 'blockquote', children: [{ type: 'paragraph', children: heading }, ...body] };
}

function convert(nodes: Node[], source: string, facts: PageFacts, resolve: LinkResolver): Node[] {
  const transform = (children: Node[]) => convert(children, source, facts, resolve);
  return nodes.flatMap((node): Node[] => {
    switch (node.type) {
      case 'yaml':
      case 'toml':
      case 'mdxjsEsm':
      case 'mdxFlowExpression':
      case 'mdxTextExpression':
        return [];
      case 'containerDirective':
        return ADMONITION_LABELS.en[node.name ?? ''] !== undefined
          ? [admonition(node, facts.locale, transform)]
          : transform(node.children ?? []);
      case 'leafDirective':
      case 'textDirective':
        return [asWritten(node, source)];
      case 'code': {
        const title = codeTitle(node.meta);
        const block: Node = { type: 'code', lang: node.lang, meta: null, value: node.value };
        return title ? [{ type: 'paragraph', children: [{ type: 'inlineCode', value: title }] }, block] : [block];
      }
      case 'link':
      case 'definition':
        return [
          { ...node, url: resolve(node.url ?? '') ?? node.url, children: node.children && transform(node.children) },
        ];
      case 'mdxJsxFlowElement':
      case 'mdxJsxTextElement': {
        const children = transform(node.children ?? []);
        const label = LABELLED_COMPONENTS.has(node.name ?? '')
          ? (attribute(node, 'label') ?? attribute(node, 'summary'))
          : undefined;
        if (!label) return children;
        return node.type === 'mdxJsxFlowElement'
          ? [{ type: 'paragraph', children: [strong(label)] }, ...children]
          : [strong(label), text(' '), ...children];
      }
      default:
        return node.children ? [{ ...node, children: transform(node.children) }] : [node];
    }
  });
}

const stringifier = unified().use(remarkGfm, { tablePipeAlign: false, tableCellPadding: true }).use(remarkStringify, {
  bullet: '-',
  fence: '`',
  fences: true,
  rule: '-',
  emphasis: '_',
  listItemIndent: 'one',
});

/** The page's Markdown: `# title`, its canonical URL, then its content. */
export function pageMarkdown(source: string, facts: PageFacts, resolve: LinkResolver): string {
  const parser = unified()
    .use(remarkParse)
    .use(remarkFrontmatter, ['yaml', 'toml'])
    .use(remarkGfm)
    .use(remarkDirective)
    .use(facts.mdx ? [remarkMdx] : []);
  const tree = parser.parse(source) as unknown as Node;
  const body = convert(tree.children ?? [], source, facts, resolve);
  // A page may carry its own H1, which Docusaurus then takes as its title: it is said once.
  const first = body.findIndex((node) => node.type !== 'html' || node.value !== '');
  if (body[first]?.type === 'heading' && body[first]?.depth === 1) body.splice(first, 1);
  const root: Node = {
    type: 'root',
    children: [
      { type: 'heading', depth: 1, children: [text(facts.title)] },
      {
        type: 'paragraph',
        children: [
          text(`${CANONICAL_LABEL[facts.locale]}: `),
          { type: 'link', url: facts.url, children: [text(facts.url)] },
        ],
      },
      ...body,
    ],
  };
  return stringifier.stringify(root as never);
}
