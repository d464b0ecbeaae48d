import type { ReactNode } from 'react';
import clsx from 'clsx';
import { translate } from '@docusaurus/Translate';
import type { SearchHit } from './engine';
import styles from './styles.module.css';

/**
 * Whether results come from both the members' documentation and the public site: only then does a
 * result's kind tell it from the others.
 */
export const mixesKinds = (hits: readonly SearchHit[]): boolean =>
  new Set(hits.map((hit) => hit.isMembersOnly)).size > 1;

/**
 * One result's text: title, where it is (the members' documentation or the public site) when
 * `showsKind`, section and the excerpt with the matched words highlighted.
 */
export default function Hit({ hit, showsKind }: { hit: SearchHit; showsKind: boolean }): ReactNode {
  const kind = hit.isMembersOnly
    ? translate({
        id: 'search.kind.docs',
        message: 'Documentation',
        description: 'Label of a search result from the members’ documentation',
      })
    : translate({
        id: 'search.kind.public',
        message: 'Public site',
        description: 'Label of a search result from the public pages',
      });
  return (
    <>
      <span className={styles.hitHead}>
        <span className={styles.hitTitle}>{hit.title}</span>
        {showsKind && (
          <>
            {' '}
            <span className={clsx(styles.hitKind, hit.isMembersOnly && styles.hitKindDocs)}>{kind}</span>
          </>
        )}
      </span>
      {hit.section && <span className={styles.hitSection}>{hit.section}</span>}
      <span className={styles.hitExcerpt}>
        {hit.excerpt.map((part, index) =>
          part.isMatch ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>,
        )}
      </span>
    </>
  );
}
