import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type { SiteIdentity } from '../config/identity';

export function useSiteIdentity(): SiteIdentity {
  return useDocusaurusContext().siteConfig.customFields!.identity as SiteIdentity;
}
