import type { ReactNode } from 'react';
import Translate from '@docusaurus/Translate';
import styles from './styles.module.css';

/** The e-mail field of every sign-in form, labelled the same everywhere. */
export function EmailField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange(value: string): void;
}): ReactNode {
  return (
    <>
      <label htmlFor={id}>
        <Translate id="auth.signIn.email" description="Label of the e-mail field">
          E-mail
        </Translate>
      </label>
      <input
        id={id}
        name="email"
        type="email"
        autoComplete="username"
        required
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </>
  );
}

export type Notice = { kind: 'error' | 'info'; text: string } | null;

/** Errors read out at once, confirmations when the reader pauses. */
export function Notices({ notice }: { notice: Notice }): ReactNode {
  return (
    <>
      <div aria-live="assertive">
        {notice?.kind === 'error' && (
          <p className={styles.error} role="alert">
            {notice.text}
          </p>
        )}
      </div>
      <div aria-live="polite">{notice?.kind === 'info' && <p role="status">{notice.text}</p>}</div>
    </>
  );
}
