import { useEffect, useRef, type ReactNode } from 'react';
import Translate, { translate } from '@docusaurus/Translate';
import { SESSION_ENDS, type SessionEnd } from '@trust/access-policy';
import { Address } from './BreakAfter';
import styles from './styles.module.css';

/** The `ended` parameter of the sign-in page, if it is one the server or the page sends. */
export function sessionEndOf(raw: string | null): SessionEnd | null {
  return SESSION_ENDS.includes(raw as SessionEnd) ? (raw as SessionEnd) : null;
}

/** Why the session ended, in the reader's words. Every way it can end has one: a new one does not compile until it has. */
const EXPLANATIONS: Record<SessionEnd, () => string> = {
  'signed-out': () =>
    translate({
      id: 'auth.ended.signedOut',
      message:
        'This ended your sessions on every device and disconnected every AI assistant you had connected; the documentation stays closed until you sign in again.',
      description: 'After the reader signed out',
    }),
  'signed-out-elsewhere': () =>
    translate({
      id: 'auth.ended.elsewhere',
      message:
        'This account signed out on another device or browser, and signing out ends its sessions everywhere. Sign in again to go on.',
      description: 'The session ended because the account signed out elsewhere',
    }),
  suspended: () =>
    translate({
      id: 'auth.ended.suspended',
      message:
        'The centre has suspended this account’s access to the site. Ask the centre (the contact address is at the foot of the page) why, and whether it can be restored.',
      description: 'The session ended because the centre suspended the account',
    }),
  expired: () =>
    translate({
      id: 'auth.ended.expired',
      message: 'Sessions last a limited time, and this one has run out. Sign in again to go on.',
      description: 'The session ended because it expired',
    }),
  'invitation-ended': () =>
    translate({
      id: 'auth.ended.invitationEnded',
      message:
        'The centre’s invitation for this address has ended, and its session with it. Ask the centre to renew it.',
      description: 'The session ended because the invitation ended',
    }),
  'no-longer-admitted': () =>
    translate({
      id: 'auth.ended.noLongerAdmitted',
      message:
        'This account may no longer read the documentation, so its session ended. If this is a mistake, write to the centre (the contact address is at the foot of the page).',
      description: 'The session ended because the access rule no longer admits the account',
    }),
};

/**
 * The top of the sign-in page when a session has just ended: that it ended, why, and as whom.
 * Focus moves to its heading, so a screen reader says it first.
 */
export default function SessionEnded({ ended, address }: { ended: SessionEnd; address: string | null }): ReactNode {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [ended]);
  return (
    <section className={styles.ended} aria-labelledby="session-ended-title" data-ended={ended}>
      <h1 id="session-ended-title" ref={heading} tabIndex={-1}>
        {ended === 'signed-out' ? (
          <Translate id="auth.ended.signedOutTitle" description="Heading after the reader signed out">
            You have signed out
          </Translate>
        ) : (
          <Translate id="auth.ended.title" description="Heading when the server ended the reader's session">
            Your session has ended
          </Translate>
        )}
      </h1>
      <p>
        {address && ended !== 'signed-out' && (
          <>
            <Translate
              id="auth.ended.as"
              description="Whose session ended"
              values={{ email: <Address email={address} /> }}
            >
              {'You were signed in as {email}.'}
            </Translate>{' '}
          </>
        )}
        {EXPLANATIONS[ended]()}
      </p>
    </section>
  );
}
