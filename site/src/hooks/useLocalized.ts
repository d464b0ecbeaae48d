import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type { Localized } from '../data/types';

/** Picks the current locale's side of a bilingual data string. */
export function useLocalized(): (text: Localized) => string {
  const { i18n } = useDocusaurusContext();
  return (text) => (i18n.currentLocale === 'es' ? text.es : text.en);
}
