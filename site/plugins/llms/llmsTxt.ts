/**
 * `llms.txt` as llmstxt.org lays it out: an H1 with the site's name, a block quote that sums it up,
 * paragraphs of detail, then H2 sections of `- [name](url): notes` lines.
 */

export interface LlmsLink {
  title: string;
  url: string;
  description?: string;
}

export interface LlmsSection {
  name: string;
  links: readonly LlmsLink[];
}

export interface LlmsIndex {
  title: string;
  summary: string;
  details: readonly string[];
  sections: readonly LlmsSection[];
}

/** One line of prose, whatever breaks or runs of spaces it was written with. */
export function oneLine(prose: string): string {
  return prose.replace(/\s+/g, ' ').trim();
}

/** A link's text as Markdown reads it back: brackets and backslashes escaped. */
const linkText = (title: string) => oneLine(title).replace(/[\\[\]]/g, '\\$&');

function linkLine({ title, url, description }: LlmsLink): string {
  const notes = description ? oneLine(description) : '';
  return `- [${linkText(title)}](${url})${notes ? `: ${notes}` : ''}`;
}

export function llmsTxt({ title, summary, details, sections }: LlmsIndex): string {
  const blocks = [`# ${oneLine(title)}`, `> ${oneLine(summary)}`, ...details.map(oneLine)];
  for (const section of sections.filter((candidate) => candidate.links.length > 0))
    blocks.push(`## ${oneLine(section.name)}\n\n${section.links.map(linkLine).join('\n')}`);
  return `${blocks.join('\n\n')}\n`;
}

/** `llms-full.txt`: the index's heading and summary, then every page's whole Markdown. */
export function llmsFullTxt(index: Pick<LlmsIndex, 'title' | 'summary'>, pages: readonly string[]): string {
  return `# ${oneLine(index.title)}\n\n> ${oneLine(index.summary)}\n\n${pages.map((page) => page.trim()).join('\n\n')}\n`;
}
