import type { Footer } from '@docusaurus/theme-common';
import type { SiteIdentity } from './identity';

/**
 * Footer link labels are translated through `i18n/<locale>/docusaurus-theme-classic/footer.json`,
 * but plain-text items (opening hours, the address) and the copyright line are HTML, which that mechanism skips;
 * Docusaurus loads the config once per locale and names it in DOCUSAURUS_CURRENT_LOCALE.
 */
const plainText = {
  en: {
    address: 'Diagonal Las Torres 2640, Peñalolén, Santiago',
    days: 'Monday to Friday',
    rights: 'All rights reserved.',
    hours: '10:00 to 17:00',
  },
  es: {
    address: 'Diagonal Las Torres 2640, Peñalolén, Santiago',
    days: 'Lunes a viernes',
    rights: 'Todos los derechos reservados.',
    hours: '10:00 a 17:00 horas',
  },
} as const;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const text = (value: string) => ({ html: `<span class="footer__text">${escapeHtml(value)}</span>` });

export function createFooter(identity: SiteIdentity, locale: string | undefined): Footer {
  const words = locale === 'es' ? plainText.es : plainText.en;
  return {
    style: 'dark',
    links: [
      {
        title: 'The centre',
        items: [
          { label: 'About the centre', to: '/' },
          { label: 'Labs', to: '/labs' },
          { label: 'Projects', to: '/projects' },
          { label: 'Blog', to: '/blog' },
        ],
      },
      {
        title: 'Visit us',
        items: [
          { label: `${identity.university}, ${identity.country}`, href: identity.universityUrl },
          text(words.address),
          { label: identity.contactEmail, href: `mailto:${identity.contactEmail}` },
        ],
      },
      {
        title: 'Opening hours',
        items: [text(words.days), text(words.hours)],
      },
      {
        title: 'Social networks',
        items: [{ label: `${identity.socialNetwork.name} (${identity.university})`, href: identity.socialNetwork.url }],
      },
    ],
    copyright: `© ${new Date().getFullYear()} ${escapeHtml(locale === 'es' ? identity.centreNameEs : identity.centreName)} · ${escapeHtml(identity.university)}. ${words.rights}`,
  };
}
