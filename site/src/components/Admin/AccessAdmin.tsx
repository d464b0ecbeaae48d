import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import Link from '@docusaurus/Link';
import Translate, { translate } from '@docusaurus/Translate';
import { useLocation } from '@docusaurus/router';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { signInUrl, type AdminChangeBody, type Locale } from '@trust/access-policy';
import { changeAccess, listAccess, type AccessEntry, type AdminAction } from '../../auth/adminApi';
import { readServerSession } from '../../auth/session';
import ScrollBox from '../ScrollBox';
import { EmailField, Notices, type Notice } from '../SignIn/Fields';
import signInStyles from '../SignIn/styles.module.css';
import { describeRefusal, kindLabel } from './messages';
import styles from './styles.module.css';

type Phase = 'loading' | 'signed-out' | 'not-admin' | 'failed' | 'ready';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * The admins' page: who has access beyond the domains, the requests waiting, and the changes an
 * admin may make. Everything comes from the admins' API, which gives nothing to anyone else; this
 * page only says what that API answered.
 */
export default function AccessAdmin(): ReactNode {
  const { i18n } = useDocusaurusContext();
  const { pathname } = useLocation();
  const [phase, setPhase] = useState<Phase>('loading');
  const [entries, setEntries] = useState<AccessEntry[]>([]);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);

  const reload = useCallback(async () => {
    const session = await readServerSession().catch(() => null);
    if (session && !session.active) return setPhase('signed-out');
    if (session && !session.isAdmin) return setPhase('not-admin');
    const answer = await listAccess();
    if (answer.ok) {
      setEntries(answer.value);
      setPhase('ready');
    } else setPhase(answer.status === 401 ? 'signed-out' : answer.status === 403 ? 'not-admin' : 'failed');
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  async function act(action: AdminAction, fields: AdminChangeBody, done: string): Promise<boolean> {
    setBusy(true);
    setNotice(null);
    try {
      const answer = await changeAccess(action, fields);
      if (!answer.ok) {
        setNotice({ kind: 'error', text: describeRefusal(answer.code) });
        return false;
      }
      setNotice({ kind: 'info', text: done });
      await reload();
      return true;
    } finally {
      setBusy(false);
    }
  }

  if (phase === 'loading')
    return (
      <p role="status">
        <Translate id="admin.loading" description="While the list of access loads">
          Loading the list of access…
        </Translate>
      </p>
    );
  if (phase === 'signed-out')
    return (
      <p>
        <Translate id="admin.signedOut" description="The admins' page for a reader without a session">
          Sign in with an admin account to manage access.
        </Translate>{' '}
        <Link to={signInUrl(pathname, '', i18n.currentLocale as Locale)}>
          <Translate id="admin.signInLink" description="Link from the admins' page to sign in">
            Sign in
          </Translate>
        </Link>
      </p>
    );
  if (phase === 'not-admin')
    return (
      <p role="alert">
        <Translate id="admin.notAdmin" description="The admins' page for a reader who is not an admin">
          This account does not manage access. Ask an admin of the centre if it should.
        </Translate>
      </p>
    );
  if (phase === 'failed')
    return (
      <p role="alert">
        <Translate id="admin.failed" description="The list of access could not be loaded">
          The list of access could not be loaded. Try again in a few minutes.
        </Translate>
      </p>
    );

  const requests = entries.filter((entry) => entry.kind === 'request');
  const grants = entries.filter((entry) => entry.kind !== 'request');
  return (
    <div className={styles.admin}>
      <Notices notice={notice} />
      <section aria-labelledby="requests-title">
        <h2 id="requests-title">
          <Translate id="admin.requests.title" description="Heading: requests for access waiting">
            Requests waiting
          </Translate>
        </h2>
        {requests.length === 0 ? (
          <p>
            <Translate id="admin.requests.none" description="No request is waiting">
              No request is waiting.
            </Translate>
          </p>
        ) : (
          <ul className={styles.requests}>
            {requests.map((entry) => (
              <RequestItem key={entry.email} entry={entry} busy={busy} act={act} />
            ))}
          </ul>
        )}
      </section>
      <div className={styles.forms}>
        <InviteForm busy={busy} act={act} />
        <SuspendForm busy={busy} act={act} />
      </div>
      <section aria-labelledby="access-title">
        <h2 id="access-title">
          <Translate id="admin.list.title" description="Heading: the list of access">
            Admins, invited guests and suspended accounts
          </Translate>
        </h2>
        <ScrollBox holds="table">
          <table>
            <thead>
              <tr>
                <th scope="col">
                  <Translate id="admin.list.address" description="Column: e-mail address">
                    Address
                  </Translate>
                </th>
                <th scope="col">
                  <Translate id="admin.list.kind" description="Column: kind of grant">
                    Kind
                  </Translate>
                </th>
                <th scope="col">
                  <Translate id="admin.list.until" description="Column: last day of an invitation">
                    Until
                  </Translate>
                </th>
                <th scope="col">
                  <Translate id="admin.list.by" description="Column: who granted it">
                    By
                  </Translate>
                </th>
                <th scope="col">
                  <Translate id="admin.list.lastSignIn" description="Column: last sign-in">
                    Last sign-in
                  </Translate>
                </th>
                <th scope="col">
                  <Translate id="admin.list.note" description="Column: note or reason">
                    Note
                  </Translate>
                </th>
                <th scope="col">
                  <Translate id="admin.list.change" description="Column: actions">
                    Change
                  </Translate>
                </th>
              </tr>
            </thead>
            <tbody>
              {grants.map((entry) => (
                <tr key={`${entry.email} ${entry.kind}`}>
                  <td>{entry.email}</td>
                  <td>{kindLabel(entry.kind)}</td>
                  <td>{entry.until ?? ''}</td>
                  <td>{entry.by ?? ''}</td>
                  <td>{entry.lastSignIn ? new Date(entry.lastSignIn).toISOString().slice(0, 10) : ''}</td>
                  <td>{entry.note ?? ''}</td>
                  <td>
                    <EntryAction entry={entry} busy={busy} act={act} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      </section>
    </div>
  );
}

type Act = (action: AdminAction, fields: AdminChangeBody, done: string) => Promise<boolean>;

/** A row's change: an invitation is revoked, a suspension lifted; an admin's row has none. */
function EntryAction({ entry, busy, act }: { entry: AccessEntry; busy: boolean; act: Act }): ReactNode {
  const email = entry.email;
  const change =
    entry.kind === 'invited'
      ? {
          action: 'revoke' as const,
          label: translate({ id: 'admin.revoke', message: 'Revoke', description: 'Button: end an invitation' }),
          done: translate(
            { id: 'admin.revoked', message: 'The invitation of {email} has ended.', description: 'After revoking' },
            { email },
          ),
        }
      : entry.kind === 'suspended'
        ? {
            action: 'restore' as const,
            label: translate({ id: 'admin.restore', message: 'Restore', description: 'Button: lift a suspension' }),
            done: translate(
              { id: 'admin.restored', message: '{email} may sign in again.', description: 'After restoring' },
              { email },
            ),
          }
        : null;
  if (!change) return null;
  return (
    <ActionButton
      label={change.label}
      email={email}
      busy={busy}
      onClick={() => void act(change.action, { email }, change.done)}
    />
  );
}

function ActionButton({
  label,
  email,
  busy,
  onClick,
}: {
  label: string;
  email: string;
  busy: boolean;
  onClick(): void;
}): ReactNode {
  return (
    <button
      type="button"
      className="button button--secondary button--sm"
      disabled={busy}
      aria-label={`${label} ${email}`}
      onClick={onClick}
    >
      {label}
    </button>
  );
}

function DateField({ id, value, onChange }: { id: string; value: string; onChange(value: string): void }): ReactNode {
  return (
    <>
      <label htmlFor={id}>
        <Translate id="admin.until" description="Label: last day of an invitation">
          Last day (UTC)
        </Translate>
      </label>
      <input
        id={id}
        type="date"
        required
        min={day(0)}
        max={day(365)}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </>
  );
}

function RequestItem({ entry, busy, act }: { entry: AccessEntry; busy: boolean; act: Act }): ReactNode {
  const [until, setUntil] = useState(day(90));
  const id = `until-${entry.email.replace(/[^\w]/g, '-')}`;
  const approve = (event: FormEvent) => {
    event.preventDefault();
    void act(
      'approve',
      { email: entry.email, until },
      translate(
        {
          id: 'admin.approved',
          message: '{email} is invited until {until}.',
          description: 'After approving a request',
        },
        { email: entry.email, until },
      ),
    );
  };
  return (
    <li>
      <form onSubmit={approve} className={`${signInStyles.form} ${styles.request}`}>
        <p>
          <strong>{entry.email}</strong>: {entry.note}
        </p>
        <DateField id={id} value={until} onChange={setUntil} />
        <div className={styles.row}>
          <button
            type="submit"
            className="button button--primary button--sm"
            disabled={busy}
            aria-label={`${translate({ id: 'admin.approve', message: 'Approve', description: 'Button: approve a request' })} ${entry.email}`}
          >
            <Translate id="admin.approve" description="Button: approve a request">
              Approve
            </Translate>
          </button>
          <ActionButton
            label={translate({ id: 'admin.decline', message: 'Decline', description: 'Button: decline a request' })}
            email={entry.email}
            busy={busy}
            onClick={() =>
              void act(
                'decline',
                { email: entry.email },
                translate(
                  {
                    id: 'admin.declined',
                    message: 'The request of {email} was declined.',
                    description: 'After declining',
                  },
                  { email: entry.email },
                ),
              )
            }
          />
        </div>
      </form>
    </li>
  );
}

function InviteForm({ busy, act }: { busy: boolean; act: Act }): ReactNode {
  const [email, setEmail] = useState('');
  const [until, setUntil] = useState(day(90));
  const [note, setNote] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void (async () => {
      const done = await act(
        'invite',
        { email: email.trim(), until, note },
        translate(
          { id: 'admin.invited', message: '{email} is invited until {until}.', description: 'After inviting' },
          { email: email.trim(), until },
        ),
      );
      if (done) {
        setEmail('');
        setNote('');
      }
    })();
  };
  return (
    <section aria-labelledby="invite-title">
      <h2 id="invite-title">
        <Translate id="admin.invite.title" description="Heading: invite a guest">
          Invite a guest
        </Translate>
      </h2>
      <form onSubmit={submit} className={signInStyles.form}>
        <EmailField id="invite-email" value={email} onChange={setEmail} />
        <DateField id="invite-until" value={until} onChange={setUntil} />
        <label htmlFor="invite-note">
          <Translate id="admin.note" description="Label: note on an invitation">
            Note (who they are, why)
          </Translate>
        </label>
        <input id="invite-note" maxLength={200} value={note} onChange={(event) => setNote(event.target.value)} />
        <button type="submit" className="button button--primary" disabled={busy}>
          <Translate id="admin.invite" description="Button: invite">
            Invite
          </Translate>
        </button>
      </form>
    </section>
  );
}

function SuspendForm({ busy, act }: { busy: boolean; act: Act }): ReactNode {
  const [email, setEmail] = useState('');
  const [reason, setReason] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void (async () => {
      const done = await act(
        'suspend',
        { email: email.trim(), reason },
        translate(
          {
            id: 'admin.suspended',
            message: '{email} is suspended: signed out everywhere.',
            description: 'After suspending',
          },
          { email: email.trim() },
        ),
      );
      if (done) {
        setEmail('');
        setReason('');
      }
    })();
  };
  return (
    <section aria-labelledby="suspend-title">
      <h2 id="suspend-title">
        <Translate id="admin.suspend.title" description="Heading: suspend an account">
          Suspend an account
        </Translate>
      </h2>
      <form onSubmit={submit} className={signInStyles.form}>
        <EmailField id="suspend-email" value={email} onChange={setEmail} />
        <label htmlFor="suspend-reason">
          <Translate id="admin.reason" description="Label: reason for a suspension">
            Reason
          </Translate>
        </label>
        <input
          id="suspend-reason"
          required
          maxLength={200}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <button type="submit" className={`button ${styles.danger}`} disabled={busy}>
          <Translate id="admin.suspend" description="Button: suspend">
            Suspend
          </Translate>
        </button>
      </form>
    </section>
  );
}
