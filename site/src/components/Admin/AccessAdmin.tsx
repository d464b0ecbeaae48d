import { useCallback, useEffect, useState, type ReactNode } from 'react';
import Link from '@docusaurus/Link';
import Translate from '@docusaurus/Translate';
import { useLocation } from '@docusaurus/router';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { signInUrl, type AdminChangeBody, type Locale } from '@trust/access-policy';
import { changeAccess, listAccess, type AccessEntry, type AdminAction } from '../../auth/adminApi';
import { readServerSession } from '../../auth/session';
import ScrollBox from '../ScrollBox';
import { Notices, type Notice } from '../SignIn/Fields';
import { InviteForm, SuspendForm } from './AccessForms';
import { EntryAction } from './actions';
import { describeRefusal, kindLabel } from './messages';
import RequestItem from './RequestItem';
import styles from './styles.module.css';

type Phase = 'loading' | 'signed-out' | 'not-admin' | 'failed' | 'ready';

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
