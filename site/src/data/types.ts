/** A string written in both of the site's locales. */
export interface Localized {
  en: string;
  es: string;
}

export interface ResourceLink {
  label: Localized;
  /** Absolute https URL, or a site path starting with `/` (docs paths need no locale prefix). */
  href: string;
}

export interface Lab {
  /** URL fragment on /labs, lower-case kebab-case, unique. */
  id: string;
  name: Localized;
  /** One sentence shown on cards. */
  summary: Localized;
  /** Two to four sentences. */
  description: Localized;
  focusAreas: Localized[];
  links: ResourceLink[];
}

export type ProjectStatus = 'active' | 'completed';

export interface Project {
  id: string;
  name: Localized;
  summary: Localized;
  description: Localized;
  status: ProjectStatus;
  /** e.g. "2023–2026" */
  period: string;
  /** id of the lab that leads it. */
  labId: string;
  focusAreas: Localized[];
  links: ResourceLink[];
}
