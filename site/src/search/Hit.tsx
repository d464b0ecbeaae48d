import type { ReactNode } from 'react';
import type { SearchHit } from './engine';
import styles from './styles.module.css';

/** One result's text: title, section and the excerpt with the matched words highlighted. */
export default function Hit({ hit }: { hit: SearchHit }): ReactNode {
  return (
    <>
      <span className={styles.hitTitle}>{hit.title}</span>
      {hit.section && <span className={styles.hitSection}>{hit.section}</span>}
      <span className={styles.hitExcerpt}>
        {hit.excerpt.map((part, index) =>
          part.isMatch ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>,
        )}
      </span>
    </>
  );
}
