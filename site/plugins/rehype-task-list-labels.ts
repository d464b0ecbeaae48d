/**
 * Gives each checkbox of a Markdown task list (`- [ ] …`) its item's words as its label: the
 * checkbox and the phrasing that follows it on its line go inside a `<label>`. Without it a screen
 * reader announces a row of unnamed checkboxes.
 */

export interface HtmlNode {
  type: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: HtmlNode[];
  value?: string;
}

/** Inline elements a task's line is written with; anything else (a nested list, a block) ends the label. */
const PHRASING = new Set([
  'a',
  'abbr',
  'b',
  'br',
  'code',
  'del',
  'em',
  'i',
  'img',
  'kbd',
  'mark',
  's',
  'span',
  'strong',
  'sub',
  'sup',
]);

const isElement = (node: HtmlNode | undefined, tagName: string) => node?.type === 'element' && node.tagName === tagName;

const isCheckbox = (node: HtmlNode | undefined) => isElement(node, 'input') && node?.properties?.type === 'checkbox';

const isPhrasing = (node: HtmlNode) =>
  node.type === 'text' ||
  node.type === 'mdxJsxTextElement' ||
  (node.type === 'element' && PHRASING.has(node.tagName ?? ''));

function classesOf(node: HtmlNode): string[] {
  const value = node.properties?.className;
  return Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(/\s+/) : [];
}

/** The element whose children hold the checkbox: the item itself, or its first paragraph in a loose list. */
function checkboxHolder(item: HtmlNode): HtmlNode | undefined {
  if (item.children?.some(isCheckbox)) return item;
  return item.children?.find((child) => isElement(child, 'p') && child.children?.some(isCheckbox));
}

function labelTask(item: HtmlNode): void {
  const holder = checkboxHolder(item);
  const children = holder?.children;
  if (!children) return;
  const start = children.findIndex(isCheckbox);
  let end = start + 1;
  while (end < children.length && isPhrasing(children[end]!)) end += 1;
  const label: HtmlNode = { type: 'element', tagName: 'label', properties: {}, children: children.slice(start, end) };
  children.splice(start, end - start, label);
}

function walk(node: HtmlNode): void {
  if (isElement(node, 'li') && classesOf(node).includes('task-list-item')) labelTask(node);
  for (const child of node.children ?? []) walk(child);
}

export default function rehypeTaskListLabels() {
  return (tree: HtmlNode): void => walk(tree);
}
