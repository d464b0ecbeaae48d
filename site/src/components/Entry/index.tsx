import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import Translate from '@docusaurus/Translate';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import type { Localized, ResourceLink } from '../../data/types';
import { useLocalized } from '../../hooks/useLocalized';

interface EntryProps {
  id: string;
  name: Localized;
  description: Localized;
  focusAreas: readonly Localized[];
  links: readonly ResourceLink[];
  /** Shown beside the heading, e.g. a project's status. */
  badge?: ReactNode;
  /** A line under the heading, e.g. a project's period and lab. */
  meta?: ReactNode;
  /** What follows the links, inside the entry: e.g. the projects a lab leads. */
  children?: ReactNode;
}

/** One lab or project: heading, description, focus areas and links. */
export default function Entry({
  id,
  name,
  description,
  focusAreas,
  links,
  badge,
  meta,
  children,
}: EntryProps): ReactNode {
  const localize = useLocalized();
  // Registers the anchor so the build's link checker accepts `/labs#id` and `/projects#id`.
  useBrokenLinks().collectAnchor(id);
  return (
    <article id={id} className="entry" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        {localize(name)}
        {/* A space, so that the heading reads "Intrusion Sentinel Active", in search excerpts too. */}
        {badge && ' '}
        {badge}
      </h2>
      {meta && <p className="entry__meta">{meta}</p>}
      <p>{localize(description)}</p>
      <h3 className="margin-bottom--sm">
        <Translate id="entry.focusAreas" description="Heading above a lab's or project's list of focus areas">
          Focus areas
        </Translate>
      </h3>
      <ul className="tag-list">
        {focusAreas.map((area) => (
          <li key={area.en}>{localize(area)}</li>
        ))}
      </ul>
      {links.length > 0 && (
        <ul className="link-row">
          {links.map((link) => (
            <li key={link.href}>
              <Link to={link.href}>{localize(link.label)}</Link>
            </li>
          ))}
        </ul>
      )}
      {children}
    </article>
  );
}
