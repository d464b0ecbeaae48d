import { useLocation } from '@docusaurus/router';
import { useThemeConfig } from '@docusaurus/theme-common';
import Original from '@theme-original/AnnouncementBar';

/** The addresses the announcement links to, read from its own content so they are written once. */
function linkedPaths(content: string | undefined): string[] {
  return [...(content ?? '').matchAll(/href="(\/[^"#?]*)"/g)].map(([, href]) => href!.replace(/\/$/, ''));
}

/** The announcement hides on the page it announces: a reader there has already followed it. */
export default function AnnouncementBar() {
  const { pathname } = useLocation();
  const { announcementBar } = useThemeConfig();
  if (linkedPaths(announcementBar?.content).includes(pathname.replace(/\/$/, ''))) return null;
  return <Original />;
}
