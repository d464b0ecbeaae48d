import type { Config } from '@docusaurus/types';
import type { Options as DocsOptions } from '@docusaurus/plugin-content-docs';
import type { Options as BlogOptions } from '@docusaurus/plugin-content-blog';
import type { Options as PagesOptions } from '@docusaurus/plugin-content-pages';
import type { Options as SitemapOptions } from '@docusaurus/plugin-sitemap';
import type { Options as ThemeOptions } from '@docusaurus/theme-classic';
import type { UserThemeConfig } from '@docusaurus/theme-common';
import { readReaderPolicy } from '@trust/access-policy/settings';
import { readSiteIdentity, type UniversityDomains } from './src/config/identity';
import { createFooter } from './src/config/footer';
import { darkCodeTheme, lightCodeTheme } from './src/config/codeThemes';
import { readFirebaseClientConfig } from './src/config/firebase';
import { ssrTemplate } from './src/config/htmlTemplate';
import remarkCodeBlocks from './plugins/remark-code-blocks';
import remarkDiagrams from './plugins/remark-diagrams';
import remarkSiteAddress from './plugins/remark-site-address';
import rehypeTaskListLabels from './plugins/rehype-task-list-labels';
import {
  DEFAULT_LOCALE,
  DOCS_HOME_PATH,
  LOCALES,
  LOCALIZED_MACHINERY_PATHS,
  MEMBERS_PREFIXES,
} from '@trust/access-policy';

const identity = readSiteIdentity();

/**
 * The university's domains, public as any address under them is, so the admins' page can tell a
 * university member from the whitelisted reader. The whitelisted address itself stays out of the
 * pages: it is one person's.
 */
function universityDomains(): UniversityDomains {
  const { staffDomain, studentDomain } = readReaderPolicy(process.env);
  return { staffDomain, studentDomain };
}
const locale = process.env.DOCUSAURUS_CURRENT_LOCALE;

export default {
  // Each page's title ends with the centre's name in the page's language.
  title: locale === 'es' ? identity.centreNameEs : identity.centreName,
  tagline: locale === 'es' ? identity.taglineEs : identity.tagline,
  favicon: 'img/favicon.svg',
  url: identity.url,
  baseUrl: '/',
  trailingSlash: undefined,
  onBrokenLinks: 'throw',
  onBrokenAnchors: 'throw',
  onDuplicateRoutes: 'throw',
  ssrTemplate,
  // The banner reports a wrong baseUrl when the app has not started by DOMContentLoaded, which is
  // always the case here: the app's scripts start after the first paint (see htmlTemplate.ts).
  baseUrlIssueBanner: false,
  // One set of preferences for both languages: with the default namespace, derived from each
  // locale's base URL, switching language brought back the default colour mode and a closed banner.
  storage: { type: 'localStorage', namespace: 'tsc' },
  future: {
    v4: true,
    faster: true,
  },
  i18n: {
    defaultLocale: DEFAULT_LOCALE,
    locales: [...LOCALES],
    localeConfigs: {
      en: { label: 'English', direction: 'ltr', htmlLang: 'en' },
      es: { label: 'Español', direction: 'ltr', htmlLang: 'es' },
    },
  },
  markdown: {
    format: 'detect',
    hooks: { onBrokenMarkdownLinks: 'throw' },
  },
  clientModules: ['./src/auth/navigationGuard.ts'],
  customFields: { identity, firebase: readFirebaseClientConfig(), universityDomains: universityDomains() },
  themes: [['@docusaurus/theme-classic', { customCss: './src/css/custom.css' } satisfies ThemeOptions]],
  plugins: [
    [
      './plugins/members-docs.ts',
      {
        path: 'docs',
        routeBasePath: 'docs',
        sidebarPath: './sidebars.ts',
        remarkPlugins: [[remarkSiteAddress, { siteUrl: identity.url }], remarkDiagrams, remarkCodeBlocks],
        rehypePlugins: [rehypeTaskListLabels],
      } satisfies DocsOptions,
    ],
    [
      '@docusaurus/plugin-content-blog',
      {
        path: 'blog',
        routeBasePath: 'blog',
        showReadingTime: true,
        remarkPlugins: [remarkDiagrams, remarkCodeBlocks],
        rehypePlugins: [rehypeTaskListLabels],
        blogTitle: 'Cybersecurity news',
        blogDescription: 'Cybersecurity news and analysis from the UAI Trustworthy Systems Centre, written in Spanish.',
        blogSidebarCount: 'ALL',
        blogSidebarTitle: 'All posts',
        feedOptions: { type: ['rss', 'atom'], xslt: false, copyright: `© ${identity.centreName}` },
        onInlineTags: 'throw',
        onInlineAuthors: 'throw',
        onUntruncatedBlogPosts: 'throw',
      } satisfies BlogOptions,
    ],
    [
      '@docusaurus/plugin-content-pages',
      {
        remarkPlugins: [remarkDiagrams, remarkCodeBlocks],
        rehypePlugins: [rehypeTaskListLabels],
      } satisfies PagesOptions,
    ],
    './plugins/validate-data.ts',
    './plugins/members-chunks.ts',
    './plugins/route-scripts.ts',
    './plugins/code-highlighting.ts',
    './plugins/build-record.ts',
    './plugins/llms-files.ts',
    './plugins/section-pages.ts',
    [
      '@docusaurus/plugin-sitemap',
      {
        lastmod: null,
        changefreq: null,
        priority: null,
        // Members-only pages stay out of the public sitemap (the server also refuses them).
        ignorePatterns: [...MEMBERS_PREFIXES.map((prefix) => `${prefix}/**`), ...LOCALIZED_MACHINERY_PATHS],
      } satisfies SitemapOptions,
    ],
  ],
  themeConfig: {
    image: `img/social-card-${locale === 'es' ? 'es' : 'en'}.png`,
    // Two modes, light until the reader chooses: each click of the toggle shows the other mode,
    // rather than passing through a third 'as the device' state that looks like a click that did nothing.
    colorMode: { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false },
    announcementBar: process.env.SITE_DEV_PREVIEW
      ? {
          id: 'dev-preview',
          content:
            locale === 'es'
              ? 'Vista previa para autores (npm run dev): la documentación <strong>no está protegida</strong> en este modo.'
              : 'Authors’ preview (npm run dev): the documentation is <strong>not locked</strong> in this mode.',
          backgroundColor: '#8a1c1c',
          textColor: '#ffffff',
          isCloseable: false,
        }
      : {
          id: 'blog-ley-21719-datos-personales',
          // A long and a short wording: a phone shows the short one (src/css/custom.css).
          content:
            locale === 'es'
              ? '<span class="announcement--long">La Ley 21.719, que reforma la ley de datos personales, rige a partir del 1 de diciembre de 2026: lea en el <a href="/es/blog/2026/11/25/ley-21719-datos-personales">blog</a> qué exige ante una vulneración de seguridad.</span>' +
                '<span class="announcement--short">Ley 21.719 de datos personales: lo que exige, en el <a href="/es/blog/2026/11/25/ley-21719-datos-personales">blog</a>.</span>'
              : '<span class="announcement--long">Ley 21.719, which reforms Chile’s personal data law, applies from 1 December 2026: read on the <a href="/blog/2026/11/25/ley-21719-datos-personales">blog</a> what it requires after a security breach (in Spanish).</span>' +
                '<span class="announcement--short">Ley 21.719 on personal data: what it requires, on the <a href="/blog/2026/11/25/ley-21719-datos-personales">blog</a> (in Spanish).</span>',
          isCloseable: true,
        },
    navbar: {
      title: identity.shortName,
      logo: { alt: `${identity.centreName} logo`, src: 'img/logo.svg' },
      hideOnScroll: false,
      items: [
        // The landing page by its path, not the sidebar's first page (Intrusion Sentinel's); the
        // item is shown as current on every documentation page.
        {
          to: DOCS_HOME_PATH,
          label: 'Documentation',
          position: 'left',
          activeBaseRegex: `^(${MEMBERS_PREFIXES.join('|')})(/|$)`,
        },
        { to: '/labs', label: 'Labs', position: 'left' },
        { to: '/projects', label: 'Projects', position: 'left' },
        { to: '/blog', label: 'Blog', position: 'left' },
        {
          type: 'dropdown',
          label: 'Software',
          position: 'left',
          items: [{ label: identity.product.name, href: identity.product.url }],
        },
        { type: 'localeDropdown', position: 'right' },
        { type: 'custom-account', position: 'right' },
      ],
    },
    footer: createFooter(identity, locale),
    docs: { sidebar: { hideable: true, autoCollapseCategories: false } },
    blog: { sidebar: { groupByYear: true } },
    tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 3 },
    prism: {
      theme: lightCodeTheme,
      darkTheme: darkCodeTheme,
    },
  } satisfies UserThemeConfig,
} satisfies Config;
