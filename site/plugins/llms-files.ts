/**
 * The site for AI assistants: each documentation page as Markdown beside the page
 * (`/docs/<page>.md`), the documentation's `llms.txt` and `llms-full.txt` under its prefix, and a
 * public `llms.txt` of the public pages at the locale's root. The documentation's files are written
 * into the locale's `docs/` folder, which the post-build step moves to the members' tree: the
 * server locks them exactly like the pages.
 *
 * Made from the Markdown sources, not the built HTML: the source still says which block is a
 * diagram (its Mermaid text; the page has only its drawing), which is an admonition and what a code
 * block's title is.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import type { DocMetadata, LoadedContent as DocsContent, LoadedVersion } from '@docusaurus/plugin-content-docs';
import type { BlogContent } from '@docusaurus/plugin-content-blog';
import { MCP_PATH, SIGN_IN_PATH, isRestrictedPath, localePrefix, type Locale } from '@trust/access-policy';
import { LLMS_FILE, LLMS_FULL_FILE, MARKDOWN_EXTENSION, descriptionOf } from '@trust/access-policy/build-contract';
import { llmsFullTxt, llmsTxt, type LlmsLink, type LlmsSection } from './llms/llmsTxt';
import { pageMarkdown, type LinkResolver } from './llms/markdown';
import { SITE_ADDRESS_KEY, withSiteAddress } from './remark-site-address';

interface SidebarItem {
  type: string;
  id?: string;
  label?: string;
  items?: SidebarItem[];
}

const TEXT = {
  en: {
    docsTitle: (product: string) => `${product} documentation`,
    docsSummary: (product: string, centre: string) =>
      `The documentation of ${product}, the intrusion-detection and device-identity product of the ${centre}: architecture, installation, operation and each component. Every page is listed with its Markdown address.`,
    pagesSection: 'Pages',
    postsSection: 'Blog posts (in Spanish)',
    otherSection: 'Other pages',
    assistants: (mcp: string) =>
      `AI assistants connect to the documentation through its MCP server (Model Context Protocol, Streamable HTTP) at ${mcp}: add that address to the assistant (for example \`claude mcp add --transport http uai-docs ${mcp}\`); on first use it opens the browser, where the member signs in and allows it. It can then search the documentation in English and Spanish and read its pages, as long as the member may read them.`,
    members: (product: string, university: string, docs: string, signIn: string, index: string) =>
      `The ${product} documentation, under ${docs}, is for members of ${university} and invited guests; it is not listed here. A member signs in at ${signIn} and then reads, in the same browser, any documentation page as Markdown at the page's address followed by \`.md\` (each page also has a "Copy page as Markdown" button), the list of every page with its Markdown address at ${index}, and every page in one file at the same address with \`llms-full.txt\`.`,
  },
  es: {
    docsTitle: (product: string) => `Documentación de ${product}`,
    docsSummary: (product: string, centre: string) =>
      `La documentación de ${product}, el producto de detección de intrusiones e identidad de dispositivos del ${centre}: arquitectura, instalación, operación y cada componente. Cada página figura con su dirección en Markdown.`,
    pagesSection: 'Páginas',
    postsSection: 'Artículos del blog',
    otherSection: 'Otras páginas',
    assistants: (mcp: string) =>
      `Los asistentes de IA se conectan a la documentación mediante su servidor MCP (Model Context Protocol, Streamable HTTP) en ${mcp}: agregue esa dirección al asistente (por ejemplo \`claude mcp add --transport http uai-docs ${mcp}\`); en el primer uso abre el navegador, donde el miembro inicia sesión y lo permite. Desde entonces puede buscar en la documentación en inglés y en español y leer sus páginas, mientras el miembro pueda leerlas.`,
    members: (product: string, university: string, docs: string, signIn: string, index: string) =>
      `La documentación de ${product}, bajo ${docs}, es para miembros de la ${university} e invitados; no figura aquí. Un miembro inicia sesión en ${signIn} y luego lee, en el mismo navegador, cualquier página de la documentación en Markdown en la dirección de la página seguida de \`.md\` (cada página tiene además un botón «Copiar página como Markdown»), la lista de todas las páginas con su dirección en Markdown en ${index}, y todas las páginas en un solo archivo en la misma dirección con \`llms-full.txt\`.`,
  },
} as const;

/** The public pages listed, by path without the locale's prefix, before the blog's posts. */
const PUBLIC_PAGES = ['/', '/labs', '/projects', '/blog'];

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&([a-z]+);/g, (whole, name: string) => ENTITIES[name] ?? whole);
}

/** A built page's title (without the site's name after it) and meta description. */
export function pageHead(html: string, siteTitle: string): { title: string; description: string } {
  const title = decodeEntities(/<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
  const suffix = ` | ${siteTitle}`;
  return {
    title: title.endsWith(suffix) ? title.slice(0, -suffix.length) : title,
    description: decodeEntities(descriptionOf(html) ?? ''),
  };
}

/** Docs in the sidebar's order, grouped by its top-level categories; docs outside it come last. */
export function docSections(
  version: LoadedVersion,
  otherSection: string,
): Array<{ name: string; docs: DocMetadata[] }> {
  const byId = new Map(version.docs.map((doc) => [doc.id, doc]));
  const placed = new Set<string>();
  const collect = (items: readonly SidebarItem[]): DocMetadata[] =>
    items.flatMap((item) => {
      const doc = item.type === 'doc' && item.id ? byId.get(item.id) : undefined;
      if (doc && !placed.has(doc.id)) {
        placed.add(doc.id);
        return [doc];
      }
      return collect(item.items ?? []);
    });
  const sections: Array<{ name: string; docs: DocMetadata[] }> = [];
  for (const sidebar of Object.values(version.sidebars) as SidebarItem[][])
    for (const item of sidebar)
      sections.push({
        name: item.type === 'category' ? (item.label ?? otherSection) : otherSection,
        docs: collect([item]),
      });
  sections.push({ name: otherSection, docs: version.docs.filter((doc) => !placed.has(doc.id) && !doc.unlisted) });
  const merged = new Map<string, DocMetadata[]>();
  for (const section of sections) merged.set(section.name, [...(merged.get(section.name) ?? []), ...section.docs]);
  return [...merged].map(([name, docs]) => ({ name, docs })).filter((section) => section.docs.length > 0);
}

export default function llmsFilesPlugin(context: LoadContext): Plugin {
  const locale = context.i18n.currentLocale as Locale;
  const { identity } = context.siteConfig.customFields as {
    identity: { centreName: string; centreNameEs: string; university: string; product: { name: string } };
  };
  const text = TEXT[locale];
  const siteUrl = context.siteConfig.url.replace(/\/$/, '');
  const centre = locale === 'es' ? identity.centreNameEs : identity.centreName;
  const product = identity.product.name;
  let docs: LoadedVersion | undefined;
  let blog: BlogContent | undefined;

  const sourceFile = (doc: DocMetadata) => path.join(context.siteDir, doc.source.replace(/^@site\//, ''));
  const pagePath = (permalink: string) => permalink.replace(/\/$/, '');
  const markdownUrl = (doc: DocMetadata) => `${siteUrl}${pagePath(doc.permalink)}${MARKDOWN_EXTENSION}`;

  /** A page's links, absolute: to another page's Markdown where they lead to the documentation. */
  function linkResolver(doc: DocMetadata, version: LoadedVersion): LinkResolver {
    const roots = [version.contentPathLocalized, version.contentPath].filter((root): root is string => !!root);
    const key = (file: string) => {
      const root = roots.find((candidate) => !path.relative(candidate, file).startsWith('..'));
      return root ? path.relative(root, file) : file;
    };
    const byKey = new Map(version.docs.map((other) => [key(sourceFile(other)), other]));
    return (href) => {
      if (/^[a-z][a-z\d+.-]*:|^\/\//i.test(href)) return undefined;
      const hashAt = href.indexOf('#');
      const target = hashAt === -1 ? href : href.slice(0, hashAt);
      const hash = hashAt === -1 ? '' : href.slice(hashAt);
      if (target === '') return `${markdownUrl(doc)}${hash}`;
      if (target.startsWith('/')) {
        const isPage = isRestrictedPath(target) && !/\.[a-z\d]+$/i.test(target);
        return `${siteUrl}${isPage ? `${pagePath(target)}${MARKDOWN_EXTENSION}` : target}${hash}`;
      }
      const linked = byKey.get(key(path.resolve(path.dirname(sourceFile(doc)), decodeURIComponent(target))));
      return linked ? `${markdownUrl(linked)}${hash}` : new URL(href, `${siteUrl}${doc.permalink}`).href;
    };
  }

  async function writeDocumentation(outDir: string, version: LoadedVersion): Promise<number> {
    const outPath = (sitePath: string) => path.join(outDir, sitePath.slice(context.baseUrl.length - 1));
    const sections = docSections(version, text.otherSection);
    const pages: string[] = [];
    const listed: LlmsSection[] = [];
    for (const section of sections) {
      const links: LlmsLink[] = [];
      for (const doc of section.docs) {
        const source = await readFile(sourceFile(doc), 'utf8');
        const markdown = pageMarkdown(
          doc.frontMatter[SITE_ADDRESS_KEY] === true ? withSiteAddress(source, siteUrl) : source,
          { title: doc.title, url: `${siteUrl}${doc.permalink}`, locale, mdx: doc.source.endsWith('.mdx') },
          linkResolver(doc, version),
        );
        const file = `${outPath(pagePath(doc.permalink))}${MARKDOWN_EXTENSION}`;
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(file, markdown);
        pages.push(markdown);
        links.push({ title: doc.title, url: markdownUrl(doc), description: doc.description });
      }
      listed.push({ name: section.name, links });
    }
    const index = { title: text.docsTitle(product), summary: text.docsSummary(product, centre) };
    const docsDir = outPath(version.path);
    await writeFile(path.join(docsDir, LLMS_FILE), llmsTxt({ ...index, details: [], sections: listed }));
    await writeFile(path.join(docsDir, LLMS_FULL_FILE), llmsFullTxt(index, pages));
    return pages.length;
  }

  async function writePublicIndex(outDir: string, version: LoadedVersion): Promise<void> {
    const prefix = localePrefix(locale);
    const read = async (sitePath: string): Promise<LlmsLink> => {
      const relative = sitePath.slice(context.baseUrl.length);
      const candidates = [path.join(outDir, relative, 'index.html'), path.join(outDir, `${relative}.html`)];
      const file = candidates.find((candidate) => existsSync(candidate));
      if (!file) throw new Error(`llms.txt: no built page for ${sitePath}`);
      const head = pageHead(await readFile(file, 'utf8'), context.siteConfig.title);
      return {
        title: head.title || context.siteConfig.title,
        url: `${siteUrl}${sitePath}`,
        description: head.description,
      };
    };
    const pages = await Promise.all(PUBLIC_PAGES.map((page) => read(page === '/' ? `${prefix}/` : `${prefix}${page}`)));
    const posts = (blog?.blogPosts ?? [])
      .filter((post) => !post.metadata.unlisted)
      .map((post) => ({
        title: post.metadata.title,
        url: `${siteUrl}${post.metadata.permalink}`,
        description: post.metadata.description,
      }));
    const docsUrl = `${siteUrl}${version.path}/`;
    const index = llmsTxt({
      title: centre,
      summary: pages[0]!.description ?? identity.centreName,
      details: [
        text.members(
          product,
          identity.university,
          docsUrl,
          `${siteUrl}${prefix}${SIGN_IN_PATH}`,
          `${docsUrl}${LLMS_FILE}`,
        ),
        text.assistants(`${siteUrl}${MCP_PATH}`),
      ],
      sections: [
        { name: text.pagesSection, links: pages },
        { name: text.postsSection, links: posts },
      ],
    });
    await writeFile(path.join(outDir, LLMS_FILE), index);
  }

  return {
    name: 'llms-files',
    allContentLoaded({ allContent }) {
      const docsContent = allContent['docusaurus-plugin-content-docs']?.default as DocsContent | undefined;
      docs = docsContent?.loadedVersions[0];
      blog = allContent['docusaurus-plugin-content-blog']?.default as BlogContent | undefined;
    },
    async postBuild({ outDir }) {
      if (!docs) throw new Error('llms.txt: the documentation was not loaded');
      const count = await writeDocumentation(outDir, docs);
      if (count === 0) throw new Error('llms.txt: no documentation page to write');
      await writePublicIndex(outDir, docs);
    },
  };
}
