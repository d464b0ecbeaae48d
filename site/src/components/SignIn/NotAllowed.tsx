import { useState, type FormEvent, type ReactNode } from 'react';
import Translate, { translate } from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type { Locale, SessionRefusal } from '@trust/access-policy';
import GoHomeLink from '../GoHomeLink';
import { useAuth } from '../../auth/AuthProvider';
import { sendSignInLink } from '../../auth/emailLink';
import { describeAuthError } from '../../auth/errors';
import { requestAccess } from '../../auth/session';
import { useSiteIdentity } from '../../hooks/useSiteIdentity';
import LinkSent from './LinkSent';
import { FieldError, Notices, invalidProps, type Notice } from './Fields';
import { Address } from './BreakAfter';
import styles from './styles.module.css';
import forms from '../forms.module.css';

interface NotAllowedProps {
  /** The page the reader asked for (a path of this site), named in a request for access. */
  page: string;
}

/**
 * The 'Not allowed' screen: the address the server saw and why it refused it, then a request for
 * access to the centre (or an e-mail to it, with the page and the address filled in), and, for an
 * address not verified yet, a sign-in link that verifies it. The sign-in card under it is the way
 * to use another address.
 */
export default function NotAllowed({ page }: NotAllowedProps): ReactNode {
  const { i18n } = useDocusaurusContext();
  const { contactEmail } = useSiteIdentity();
  const { reader, refusal, load } = useAuth();
  const longDate = useLongDate();
  const asked = refusal?.request;
  const [notice, setNotice] = useState<Notice>(null);
  const [isLinkSent, setLinkSent] = useState(false);
  // A new request supersedes the centre's answer to the last one.
  const [isRequestSent, setRequestSent] = useState(false);
  const email = refusal?.email ?? reader?.email ?? null;
  const isUnverified = refusal ? refusal.reason === 'unverified' : reader !== null && !reader.emailVerified;
  const isUnsecured = refusal?.reason === 'unsecured';
  const needsLink = isUnverified || isUnsecured;

  // A link, not the provider's verification e-mail: the server takes the link as proof of the
  // mailbox and then removes every way in someone else may have put on the account before.
  const send = async () => sendSignInLink(await load(), email!, page, i18n.currentLocale as Locale);
  async function sendLink(): Promise<void> {
    setNotice(null);
    try {
      await send();
      setLinkSent(true);
    } catch (error) {
      setNotice({ kind: 'error', text: describeAuthError(error) });
    }
  }

  const pageUrl = typeof window === 'undefined' ? page : new URL(page, window.location.origin).href;
  const request = `mailto:${contactEmail}?${new URLSearchParams({
    subject: translate({
      id: 'auth.notAllowed.requestSubject',
      message: 'Access to the Intrusion Sentinel documentation',
      description: 'Subject of the e-mail asking the centre for access',
    }),
    body: translate(
      {
        id: 'auth.notAllowed.requestBody',
        message:
          'Hello,\n\nI would like to read the members’ documentation, starting with {page}, signed in as {email}.\n\nWho I am and why I need access:\n\n',
        description: 'Body of the e-mail asking the centre for access (keep the line breaks)',
      },
      { page: pageUrl, email: email ?? '' },
    ),
  })
    .toString()
    .replace(/\+/g, '%20')}`;

  return (
    <>
      <section className={styles.notAllowed} aria-labelledby="not-allowed-title">
        <h1 id="not-allowed-title" className={styles.notAllowedTitle}>
          <Translate id="auth.notAllowed.title" description="Heading of the 'Not allowed' screen">
            Not allowed
          </Translate>
        </h1>
        {email && (
          <p>
            <Translate
              id="auth.notAllowed.signedInAs"
              description="Which address the server saw on the 'Not allowed' screen"
              values={{ email: <Address email={email} /> }}
            >
              {'You are signed in as {email}.'}
            </Translate>{' '}
            {isUnverified ? (
              <Translate id="auth.notAllowed.unverified" description="Why: the address is not verified yet">
                This address has not been verified yet. Members of the university must verify their address before
                reading the documentation: a sign-in link sent to it does that.
              </Translate>
            ) : isUnsecured ? (
              <Translate
                id="auth.notAllowed.unsecured"
                description="Why: the mailbox has not been proven on this site yet"
              >
                This site has not yet seen proof that this address’s mailbox is yours. Open a sign-in link sent to it:
                the account then becomes yours alone, and any password or other way in added to it before is removed.
              </Translate>
            ) : refusal?.reason === 'invitation-ended' ? (
              <Translate
                id="auth.notAllowed.invitationEnded"
                description="Why: the reader's invitation has ended"
                values={{ until: refusal.until ? longDate(refusal.until) : '' }}
              >
                {'The centre’s invitation for this address ended on {until}. Ask the centre to renew it.'}
              </Translate>
            ) : (
              <Translate
                id="auth.notAllowed.notAdmitted"
                description="Why: the address is not one the documentation is open to"
              >
                The documentation is open to addresses of the university and to readers the centre has invited, and this
                address is neither.
              </Translate>
            )}
          </p>
        )}
        {asked?.outcome === 'declined' && !isRequestSent && <CentreAnswer asked={asked} />}
        <p>
          <Translate id="auth.notAllowed.message" description="The 'Not allowed' text: who may read, and whom to ask">
            You are not allowed to access this page. Please sign in with your UAI email or whitelisted email. For more
            information, please contact the administrator.
          </Translate>
        </p>
        {needsLink && email && !isLinkSent && (
          <div className={styles.actions}>
            <button type="button" className="button button--primary" onClick={() => void sendLink()}>
              <Translate
                id="auth.notAllowed.sendLink"
                description="Button that e-mails a sign-in link to the address shown"
              >
                E-mail a sign-in link to this address
              </Translate>
            </button>
          </div>
        )}
        {isLinkSent && email && <LinkSent address={email} onResend={send} />}
        <Notices notice={notice} />
        {(needsLink || !email) && <WriteToCentre href={request} />}
      </section>
      {!needsLink && email && (
        <AccessRequest
          page={page}
          onSent={() => setRequestSent(true)}
          writeToCentre={<WriteToCentre href={request} />}
        />
      )}
      <div className={styles.goHome}>
        <GoHomeLink />
      </div>
    </>
  );
}

/** The e-mail to the centre, as a link in the text: the request form (or the sign-in link) is the main action. */
function WriteToCentre({ href }: { href: string }): ReactNode {
  return (
    <p className={styles.writeToCentre}>
      <a href={href}>
        <Translate
          id="auth.notAllowed.writeToCentre"
          description="Link that opens an e-mail to the centre about access"
        >
          Write to the centre
        </Translate>
      </a>
    </p>
  );
}

/** The most characters a request's note may hold; the server refuses more. */
const NOTE_LIMIT = 200;

/**
 * Asking the centre for access from this screen: a short note, recorded with the account; an
 * admin answers on the admins' page, and the reader sees the answer here on their next visit.
 */
function AccessRequest({
  page,
  onSent,
  writeToCentre,
}: {
  page: string;
  onSent: () => void;
  /** Another way to ask, under the request in each of its states. */
  writeToCentre: ReactNode;
}): ReactNode {
  const { refusal, load } = useAuth();
  const longDate = useLongDate();
  const [note, setNote] = useState('');
  const [state, setState] = useState<'idle' | 'busy' | 'sent'>('idle');
  const [notice, setNotice] = useState<Notice>(null);
  const [noteProblem, setNoteProblem] = useState<string | null>(null);
  const asked = refusal?.request;
  if (state === 'sent' || asked?.outcome === 'open')
    return (
      <div className={styles.requestBox}>
        <p role="status">
          {state === 'sent' ? (
            <Translate id="auth.request.sent" description="After sending a request for access">
              Your request was sent. When the centre approves it, a sign-in link reaches your mailbox; if it declines,
              you will see the answer here (with the reason, if the centre gives one) the next time you sign in.
            </Translate>
          ) : (
            <Translate
              id="auth.request.open"
              description="A request for access is waiting for an answer"
              values={{ date: longDate(asked!.at) }}
            >
              {'Your request of {date} is waiting for the centre’s answer.'}
            </Translate>
          )}
        </p>
        {writeToCentre}
      </div>
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing = !note.trim()
      ? translate({
          id: 'auth.request.noteMissing',
          message: 'Write who you are and why you need the documentation.',
          description: 'Under the note of a request for access sent empty',
        })
      : note.length > NOTE_LIMIT
        ? translate(
            {
              id: 'auth.request.noteTooLong',
              message: 'Shorten the note to {limit} characters; it has {count} now.',
              description: 'Under the note of a request for access sent over its limit',
            },
            { limit: NOTE_LIMIT, count: note.length },
          )
        : null;
    setNoteProblem(missing);
    if (missing) {
      document.getElementById('request-note')?.focus();
      return;
    }
    setState('busy');
    setNotice(null);
    void (async () => {
      try {
        const token = await (await load()).idToken(true);
        if (!token) throw new Error('signed out');
        await requestAccess(token, note.trim(), page);
        setState('sent');
        onSent();
      } catch (error) {
        setNotice({ kind: 'error', text: describeAuthError(error) });
        setState('idle');
      }
    })();
  };
  return (
    <form
      onSubmit={submit}
      className={`${forms.form} ${styles.requestForm} ${styles.requestBox}`}
      aria-labelledby="request-title"
      noValidate
    >
      <h2 id="request-title">
        <Translate id="auth.request.title" description="Heading of the request for access">
          Ask the centre for access
        </Translate>
      </h2>
      <label htmlFor="request-note">
        <Translate id="auth.request.note" description="Label of the note in a request for access">
          Who you are and why you need the documentation
        </Translate>
      </label>
      <p className={styles.noteLimit}>
        <span id="request-note-limit">
          <Translate
            id="auth.request.noteLimit"
            description="Under the note of a request for access: its length limit"
            values={{ limit: NOTE_LIMIT }}
          >
            {'Up to {limit} characters'}
          </Translate>
        </span>
        <span
          data-testid="request-note-count"
          className={note.length > NOTE_LIMIT ? styles.noteOver : undefined}
        >{`${note.length}/${NOTE_LIMIT}`}</span>
      </p>
      {/* No maxLength: the browser would cut a pasted note without a word; the count says it, and
          sending refuses a note over the limit. */}
      <textarea
        id="request-note"
        required
        rows={3}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        {...invalidProps('request-note', noteProblem, 'request-note-limit')}
      />
      <FieldError id="request-note" error={noteProblem} />
      <button type="submit" className="button button--primary" disabled={state === 'busy'}>
        <Translate id="auth.request.send" description="Button that sends a request for access">
          Send the request
        </Translate>
      </button>
      <Notices notice={notice} />
      {writeToCentre}
    </form>
  );
}

/**
 * The centre's answer to the reader's earlier request, when it declined: shown with the reason the
 * reader was refused, before anything else the screen says.
 */
function CentreAnswer({ asked }: { asked: NonNullable<SessionRefusal['request']> }): ReactNode {
  const longDate = useLongDate();
  return (
    <p>
      <Translate
        id="auth.request.declined"
        description="The centre declined an earlier request"
        values={{ date: longDate(asked.at) }}
      >
        {'The centre declined your request of {date}. You may ask again if something has changed.'}
      </Translate>
      {asked.reason && (
        <>
          {' '}
          <Translate
            id="auth.request.declinedBecause"
            description="The reason the centre gave for declining"
            values={{ reason: <q>{asked.reason}</q> }}
          >
            {'The centre’s reason: {reason}'}
          </Translate>
        </>
      )}
    </p>
  );
}

/** The locale each language's dates are written in: day, month in words, year. */
const DATE_LOCALES: Record<string, string> = { en: 'en-GB', es: 'es-CL' };

/**
 * A date from the server (a day, `2026-11-28`, or a moment, `2026-11-28T14:00:00Z`) in the page's
 * language: "28 November 2026", "28 de noviembre de 2026". Days are the centre's, in UTC, as the
 * server keeps them.
 */
function useLongDate(): (iso: string) => string {
  const { i18n } = useDocusaurusContext();
  const format = new Intl.DateTimeFormat(DATE_LOCALES[i18n.currentLocale] ?? i18n.currentLocale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return (iso) => {
    const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T00:00:00Z` : iso);
    return Number.isNaN(date.getTime()) ? iso : format.format(date);
  };
}
