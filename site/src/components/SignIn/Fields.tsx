import type { ReactNode } from 'react';
import Translate, { translate } from '@docusaurus/Translate';
import { errorCode } from '../../auth/errors';
import styles from './styles.module.css';

/** The field an error is about, where it shows: under that field, which it describes. */
export type FieldName = 'email' | 'password' | 'code';

const FIELD_OF_CODE: Record<string, FieldName> = {
  'auth/missing-email': 'email',
  'auth/invalid-email': 'email',
  'auth/invalid-credential': 'password',
  'auth/wrong-password': 'password',
  'auth/user-not-found': 'password',
  'auth/invalid-login-credentials': 'password',
  'auth/missing-password': 'password',
  'auth/password-does-not-meet-requirements': 'password',
  'auth/invalid-verification-code': 'code',
  'auth/missing-verification-code': 'code',
  'app/malformed-verification-code': 'code',
};

/** The field an error from the provider (or the form itself) is about, if it is about one. */
export function fieldOf(error: unknown): FieldName | undefined {
  return FIELD_OF_CODE[errorCode(error)];
}

/**
 * What is wrong with a typed address, in the reader's words, or null if it can be sent. The form
 * checks it itself (its `noValidate` turns the browser's bubble off): the browser takes an address
 * whose domain has no dot, "ana.torres@uai", which no mailbox has.
 */
export function addressProblem(typed: string): string | null {
  const address = typed.trim();
  if (!address)
    return translate({
      id: 'auth.check.emptyAddress',
      message: 'Enter your e-mail address.',
      description: 'Under the e-mail field of a sign-in form sent empty',
    });
  const [local, domain, ...rest] = address.split('@');
  if (!local || domain === undefined || rest.length > 0 || /\s/.test(address))
    return translate({
      id: 'auth.check.notAnAddress',
      message: 'That is not an e-mail address: type it whole, such as ana.torres@uai.cl.',
      description: 'Under the e-mail field of a sign-in form: what was typed is no address (no @, two @, spaces)',
    });
  if (!/^[^.]+(\.[^.]+)+$/.test(domain))
    return translate({
      id: 'auth.check.noDomain',
      message: 'Check the address: it needs a domain such as uai.cl after the @.',
      description: 'Under the e-mail field of a sign-in form: the part after the @ has no dot (ana.torres@uai)',
    });
  return null;
}

/** What is wrong with a typed password (that it is empty), or null. */
export function passwordProblem(password: string): string | null {
  return password
    ? null
    : translate({
        id: 'auth.check.emptyPassword',
        message: 'Enter your password.',
        description: 'Under the password field of the sign-in form sent empty',
      });
}

/** The errors a form found in its own fields, each shown under its field. */
export type FieldProblems = Partial<Record<FieldName, string>>;

/**
 * The problems among `checks` (each a field, its input's id, and what is wrong with it or null);
 * focus goes to the first field in error. Null if there is none: the form may be sent.
 */
export function checkFields<Field extends string = FieldName>(
  checks: Array<[Field, string, string | null]>,
): Partial<Record<Field, string>> | null {
  const failing = checks.filter(([, , problem]) => problem !== null);
  if (failing.length === 0) return null;
  document.getElementById(failing[0]![1])?.focus();
  return Object.fromEntries(failing.map(([field, , problem]) => [field, problem])) as Partial<Record<Field, string>>;
}

/** What an input carries while an error about it shows under it. */
export function invalidProps(id: string, error: string | null | undefined, describedBy?: string) {
  const ids = [error ? `${id}-error` : null, describedBy ?? null].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': ids || undefined };
}

/** An error about one field, right under it; the field names it in its `aria-describedby`. */
export function FieldError({ id, error }: { id: string; error: string | null | undefined }): ReactNode {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className={styles.fieldError} role="alert">
      {error}
    </p>
  );
}

/** The e-mail field of every sign-in form, labelled the same everywhere. */
export function EmailField({
  id,
  value,
  onChange,
  error,
  describedBy,
}: {
  id: string;
  value: string;
  onChange(value: string): void;
  /** An error about the address, shown under the field. */
  error?: string | null;
  /** The id of a hint that describes the field. */
  describedBy?: string;
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
        {...invalidProps(id, error, describedBy)}
      />
      <FieldError id={id} error={error} />
    </>
  );
}

export type Notice = { kind: 'error' | 'info'; text: string; field?: FieldName } | null;

/** The text of `notice` if it is an error about `field`. */
export const errorAbout = (notice: Notice, field: FieldName): string | null =>
  notice?.kind === 'error' && notice.field === field ? notice.text : null;

/** Errors read out at once, confirmations when the reader pauses; an error about a field shows under it instead. */
export function Notices({ notice }: { notice: Notice }): ReactNode {
  return (
    <>
      <div aria-live="assertive">
        {notice?.kind === 'error' && !notice.field && (
          <p className={styles.error} role="alert">
            {notice.text}
          </p>
        )}
      </div>
      <div aria-live="polite">{notice?.kind === 'info' && <p role="status">{notice.text}</p>}</div>
    </>
  );
}
