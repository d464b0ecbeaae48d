import { Fragment, type ReactNode } from 'react';
import { piecesAfter } from './piecesAfter';
import styles from './styles.module.css';

/** `text` that a narrow line may break just after any of `marks` ("@." in an address), before it breaks inside a word. */
export function BreakAfter({ text, marks, className }: { text: string; marks: string; className?: string }): ReactNode {
  const pieces = piecesAfter(text, marks);
  return (
    <span className={className}>
      {pieces.map((piece, index) => (
        <Fragment key={index}>
          {piece}
          {index < pieces.length - 1 && <wbr />}
        </Fragment>
      ))}
    </span>
  );
}

/** An e-mail address that a narrow line breaks after its "@", and inside a part only if that part alone is wider than the line. */
export function Address({ email }: { email: string }): ReactNode {
  return (
    <strong>
      <BreakAfter text={email} marks="@" className={styles.address} />
    </strong>
  );
}
