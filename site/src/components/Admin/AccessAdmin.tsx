import { Fragment, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import Link from '@docusaurus/Link';
import Translate, { translate } from '@docusaurus/Translate';
import { useLocation } from '@docusaurus/router';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {
  ACCESS_KINDS,
  ACCESS_PAGE_SIZE,
  canonicalMailbox,
  signInUrl,
  type AdminChangeBody,
  type Locale,
} from '@trust/access-policy';
import {
  changeAccess,
  listAccess,
  type AccessKind,
  type AccessPage,
  type AdminAction,
  type ChangeMade,
} from '../../auth/adminApi';
import { readServerSession } from '../../auth/session';
import ScrollBox from '../ScrollBox';
import { InviteForm, SuspendForm } from './AccessForms';
import ConfirmDialog, { type Confirmation } from './ConfirmDialog';
import { EntryAction, Outcome, current, type Act, type RowActions, type Told } from './actions';
import { Assistants } from './Assistants';
import { formatDay, formatMoment } from './dates';
import { alsoLabels, describeRefusal, entryKindLabel, kindLabel, shownText } from './messages';
import RequestItem from './RequestItem';
import type { UniversityDomains } from '../../config/identity';
import { BreakAfter } from '../SignIn/BreakAfter';
import styles from './styles.module.css';

type Phase = 'loading' | 'signed-out' | 'not-admin' | 'failed' | 'ready';

const OPTIONAL_COLUMNS = ['until', 'by', 'note', 'assistants'] as const;
type OptionalColumn = (typeof OPTIONAL_COLUMNS)[number];

/** How long typing pauses before the list is searched. */
const SEARCH_PAUSE_MS = 250;

/**
 * The admins' page: the requests waiting, invitations and suspensions, and every account, found by
 * address and kind a page at a time (the server searches; the page never holds the whole list).
 * Everything comes from the admins' API, which gives nothing to anyone else.
 */
export default function AccessAdmin(): ReactNode {
  const { i18n, siteConfig } = useDocusaurusContext();
  const universityDomains = siteConfig.customFields!.universityDomains as UniversityDomains;
  const { pathname } = useLocation();
  const [phase, setPhase] = useState<Phase>('loading');
  const [typed, setTyped] = useState('');
  const [text, setText] = useState('');
  const [kind, setKind] = useState<AccessKind | null>(null);
  const [offset, setOffset] = useState(0);
  const [list, setList] = useState<AccessPage | null>(null);
  /** The optional columns a listing (one search, kind and page) has shown: a change keeps them. */
  /** The search, kind and page the list shown answers (the typed search may be ahead of it). */
  const listedFor = useRef('');
  const listedColumns = useRef<{ listing: string; shows: Record<OptionalColumn, boolean> } | null>(null);
  const [requests, setRequests] = useState<AccessPage | null>(null);
  /** The outcome of the last change made from a row, by address: shown under that address's first row. */
  const [outcomes, setOutcomes] = useState<Record<string, Told>>({});
  /**
   * Bumped by each change made here, so the list is read again (a row's kind may have changed),
   * and every outcome told before it, wherever on the page, is put away.
   */
  const [changes, setChanges] = useState(0);
  const changesMade = useRef(0);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [busy, setBusy] = useState(false);
  /** The signed-in admin's mailbox: their own rows offer no suspension. */
  const [ownMailbox, setOwnMailbox] = useState<string | null>(null);
  const isSelf = useCallback(
    (email: string) => ownMailbox !== null && email.includes('@') && canonicalMailbox(email) === ownMailbox,
    [ownMailbox],
  );

  const settle = useCallback((status: number) => {
    setPhase(status === 401 ? 'signed-out' : status === 403 ? 'not-admin' : 'failed');
  }, []);

  useEffect(() => {
    void (async () => {
      const session = await readServerSession().catch(() => null);
      if (session && !session.active) return setPhase('signed-out');
      if (session && !session.isAdmin) return setPhase('not-admin');
      if (session?.email) setOwnMailbox(canonicalMailbox(session.email));
      const waiting = await listAccess({ kind: 'request' });
      if (!waiting.ok) return settle(waiting.status);
      setRequests(waiting.value);
      setPhase('ready');
    })();
  }, [settle]);

  // After a change the count of requests waiting is read again; the cards already shown stay, an
  // answered one saying so in place, and a request that came meanwhile joins them.
  useEffect(() => {
    if (changes === 0) return undefined;
    let isCurrent = true;
    void listAccess({ kind: 'request' }).then((answer) => {
      if (!isCurrent || !answer.ok) return;
      setRequests((shown) => {
        const known = new Set((shown?.entries ?? []).map((entry) => entry.email));
        const added = answer.value.entries.filter((entry) => !known.has(entry.email));
        return { ...answer.value, entries: [...(shown?.entries ?? []), ...added] };
      });
    });
    return () => {
      isCurrent = false;
    };
  }, [changes]);

  useEffect(() => {
    const timer = setTimeout(() => {
      setText(typed.trim());
      setOffset(0);
    }, SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  useEffect(() => {
    if (phase !== 'ready') return;
    let isCurrent = true;
    void listAccess({ text, kind, offset }).then((answer) => {
      if (!isCurrent) return;
      if (answer.ok) {
        listedFor.current = `${text}\u0000${kind ?? ''}\u0000${offset}`;
        setList(answer.value);
      } else settle(answer.status);
    });
    return () => {
      isCurrent = false;
    };
  }, [phase, text, kind, offset, settle, changes]);

  const act: Act = useCallback(
    async (action: AdminAction, fields: AdminChangeBody, said: string | ((made: ChangeMade) => string)) => {
      setBusy(true);
      try {
        const answer = await changeAccess(action, fields);
        if (!answer.ok)
          return {
            kind: 'error',
            text: describeRefusal(answer.code, action, fields.email),
            at: changesMade.current,
            code: answer.code,
          } as const;
        changesMade.current += 1;
        setChanges(changesMade.current);
        const at = changesMade.current;
        const done = typeof said === 'string' ? said : said(answer.value);
        if (answer.value.mailed === false)
          return {
            kind: 'info',
            at,
            text: `${done} ${translate(
              {
                id: 'admin.notMailed',
                message: 'The e-mail telling {email} could not be sent: let them know yourself.',
                description: 'After an approval whose e-mail failed',
              },
              { email: fields.email },
            )}`,
          };
        return { kind: 'info', text: done, at } as const;
      } finally {
        setBusy(false);
      }
    },
    [],
  );

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

  const waiting = requests?.entries ?? [];
  const rows = list?.entries ?? [];
  // A column no row of a listing fills takes no room; once shown, it stays while the listing does,
  // so a change made in it (a restore that empties "By" and "Note") does not move the columns.
  const listing = listedFor.current;
  const filled: Record<OptionalColumn, boolean> = {
    until: rows.some((entry) => entry.until),
    by: rows.some((entry) => entry.by),
    note: rows.some((entry) => shownText(entry.note)),
    assistants: rows.some((entry) => entry.assistants.length > 0),
  };
  const before = listedColumns.current?.listing === listing ? listedColumns.current.shows : null;
  const shows = before
    ? (Object.fromEntries(OPTIONAL_COLUMNS.map((column) => [column, before[column] || filled[column]])) as Record<
        OptionalColumn,
        boolean
      >)
    : filled;
  if (list !== null) listedColumns.current = { listing, shows };
  const columns = 4 + Object.values(shows).filter(Boolean).length;
  const withOutcome = new Set<string>();
  const withAssistants = new Set<string>();
  return (
    <div className={styles.admin}>
      {/* What the page is for, to an admin only: a reader signed out is told first how to sign in. */}
      <p>
        <Translate id="admin.purpose" description="What the admins' page is for, in one sentence">
          Here you answer requests for access, invite guests and suspend accounts; staff and students read with their
          university address and need nothing from this page.
        </Translate>
      </p>
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
      <section aria-labelledby="requests-title">
        <h2 id="requests-title">
          <Translate
            id="admin.requests.title"
            description="Heading: requests for access waiting, with their number"
            values={{ count: requests?.matching ?? 0 }}
          >
            {'Requests waiting ({count})'}
          </Translate>
        </h2>
        {waiting.length === 0 ? (
          <p>
            <Translate id="admin.requests.none" description="No request is waiting">
              No request is waiting.
            </Translate>
          </p>
        ) : (
          <ul className={styles.requests}>
            {waiting.map((entry) => (
              <RequestItem
                key={entry.email}
                entry={entry}
                busy={busy}
                act={act}
                confirm={setConfirmation}
                changes={changes}
              />
            ))}
          </ul>
        )}
      </section>
      <div className={styles.forms}>
        <InviteForm busy={busy} act={act} changes={changes} />
        <SuspendForm busy={busy} act={act} confirm={setConfirmation} isSelf={isSelf} changes={changes} />
      </div>
      <section aria-labelledby="access-title">
        <h2 id="access-title">
          <Translate id="admin.list.title" description="Heading: every account">
            Accounts
          </Translate>
        </h2>
        <form role="search" className={styles.search} onSubmit={(event) => event.preventDefault()}>
          <div>
            <label htmlFor="admin-search">
              <Translate id="admin.search.label" description="Label: search the accounts">
                Find by address, note or admin
              </Translate>
            </label>
            <input
              id="admin-search"
              type="search"
              autoComplete="off"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
          </div>
          <div>
            <label htmlFor="admin-kind">
              <Translate id="admin.search.kind" description="Label: which kind of row to show">
                Show
              </Translate>
            </label>
            <select
              id="admin-kind"
              value={kind ?? ''}
              onChange={(event) => {
                setKind((event.target.value || null) as AccessKind | null);
                setOffset(0);
              }}
            >
              <option value="">
                {translate(
                  { id: 'admin.search.all', message: 'Everything ({count})', description: 'Filter: every row' },
                  { count: list?.total ?? 0 },
                )}
              </option>
              {ACCESS_KINDS.map((each) => (
                <option key={each} value={each}>
                  {`${kindLabel(each)} (${list?.counts[each] ?? 0})`}
                </option>
              ))}
            </select>
          </div>
        </form>
        <p role="status" className={styles.summary}>
          {list === null
            ? ''
            : list.matching === 0
              ? translate({
                  id: 'admin.search.none',
                  message: 'No account matches.',
                  description: 'Search: nothing found',
                })
              : translate(
                  {
                    id: 'admin.search.showing',
                    message: 'Accounts {first}–{last} of {count}.',
                    description: 'Search: which accounts are shown (rows of a table, or cards on a phone)',
                  },
                  {
                    first: list.offset + 1,
                    last: list.offset + list.entries.length,
                    count: list.matching,
                  },
                )}
        </p>
        {rows.length > 0 && (
          <ScrollBox holds="table">
            <table className={styles.accounts}>
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
                  {shows.until && (
                    <th scope="col">
                      <Translate id="admin.list.until" description="Column: last day of an invitation">
                        Until
                      </Translate>
                    </th>
                  )}
                  {shows.by && (
                    <th scope="col">
                      <Translate id="admin.list.by" description="Column: who granted it">
                        By
                      </Translate>
                    </th>
                  )}
                  <th scope="col">
                    <Translate id="admin.list.lastSignIn" description="Column: last sign-in">
                      Last sign-in
                    </Translate>
                  </th>
                  {shows.note && (
                    <th scope="col">
                      <Translate id="admin.list.note" description="Column: note or reason">
                        Note
                      </Translate>
                    </th>
                  )}
                  {shows.assistants && (
                    <th scope="col">
                      <Translate
                        id="admin.list.assistants"
                        description="Column: how many AI assistants the account connected"
                      >
                        AI assistants
                      </Translate>
                    </th>
                  )}
                  <th scope="col">
                    <Translate id="admin.list.change" description="Column: actions">
                      Action
                    </Translate>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((entry) => {
                  const key = `${entry.email} ${entry.kind}`;
                  const outcome = withOutcome.has(entry.email) ? null : current(outcomes[entry.email] ?? null, changes);
                  if (outcome) withOutcome.add(entry.email);
                  // An account with several rows (an invitation and a request) lists its assistants once.
                  const showsAssistants = entry.assistants.length > 0 && !withAssistants.has(entry.email);
                  if (showsAssistants) withAssistants.add(entry.email);
                  const rowActions: RowActions = {
                    entry,
                    busy,
                    act,
                    confirm: setConfirmation,
                    onDone: (notice) => setOutcomes({ [entry.email]: notice }),
                    isSelf: isSelf(entry.email),
                  };
                  return (
                    <Fragment key={key}>
                      <tr className={showsAssistants ? styles.continued : undefined}>
                        <td
                          data-label={translate({ id: 'admin.list.address', message: 'Address' })}
                          className={styles.addressCell}
                        >
                          <BreakableAddress email={entry.email} />
                          {!entry.verified && (
                            <span className={styles.badgeWarning}>
                              {translate({ id: 'admin.unverified', message: 'address not verified' })}
                            </span>
                          )}
                        </td>
                        <td data-label={translate({ id: 'admin.list.kind', message: 'Kind' })}>
                          {entryKindLabel(entry, universityDomains)}
                          {alsoLabels(entry).map((other) => (
                            <span key={other} className={styles.also}>
                              {other}
                            </span>
                          ))}
                        </td>
                        {shows.until && (
                          <td
                            data-label={translate({ id: 'admin.list.until', message: 'Until' })}
                            className={styles.when}
                          >
                            {entry.until ? formatDay(entry.until, i18n.currentLocale) : ''}
                          </td>
                        )}
                        {shows.by && (
                          <td data-label={translate({ id: 'admin.list.by', message: 'By' })} className={styles.byCell}>
                            {entry.by ? <BreakableAddress email={entry.by} /> : ''}
                          </td>
                        )}
                        <td
                          data-label={translate({ id: 'admin.list.lastSignIn', message: 'Last sign-in' })}
                          className={styles.when}
                        >
                          {entry.lastSignIn
                            ? formatMoment(entry.lastSignIn, i18n.currentLocale)
                            : translate({
                                id: 'admin.list.never',
                                message: 'never',
                                description: 'Last sign-in of an account that has never signed in',
                              })}
                        </td>
                        {shows.note && (
                          <td data-label={translate({ id: 'admin.list.note', message: 'Note' })}>
                            {shownText(entry.note)}
                          </td>
                        )}
                        {shows.assistants && (
                          <td data-label={translate({ id: 'admin.list.assistants', message: 'AI assistants' })}>
                            {entry.assistants.length > 0 ? entry.assistants.length : ''}
                          </td>
                        )}
                        <td data-label={translate({ id: 'admin.list.change', message: 'Action' })}>
                          <EntryAction {...rowActions} />
                        </td>
                      </tr>
                      {showsAssistants && (
                        <tr className={styles.assistantsRow}>
                          <td colSpan={columns}>
                            <Assistants {...rowActions} />
                          </td>
                        </tr>
                      )}
                      {outcome && (
                        <tr className={styles.outcomeRow}>
                          <td colSpan={columns}>
                            <Outcome notice={outcome} />
                          </td>
                        </tr>
                      )}
                    </Fragment>
                  );
                })}
              </tbody>
            </table>
          </ScrollBox>
        )}
        {list !== null && list.matching > ACCESS_PAGE_SIZE && (
          <div className={styles.row}>
            <button
              type="button"
              className="button button--secondary button--sm"
              disabled={list.offset === 0}
              onClick={() => setOffset(Math.max(list.offset - ACCESS_PAGE_SIZE, 0))}
            >
              <Translate id="admin.search.previous" description="Button: the previous page of rows">
                Previous rows
              </Translate>
            </button>
            <button
              type="button"
              className="button button--secondary button--sm"
              disabled={list.offset + list.entries.length >= list.matching}
              onClick={() => setOffset(list.offset + ACCESS_PAGE_SIZE)}
            >
              <Translate id="admin.search.next" description="Button: the next page of rows">
                Next rows
              </Translate>
            </button>
          </div>
        )}
      </section>
      <p className={styles.auditNote}>
        <Translate
          id="admin.auditNote"
          description="At the foot of the admins' page: where changes take effect and are recorded"
        >
          A change takes effect on every server within a few minutes. Each one is recorded, with who made it and when,
          in the site’s audit trail in Cloud Logging (the centre’s Google Cloud project).
        </Translate>
      </p>
    </div>
  );
}

/**
 * An address that breaks after its @ when its cell is narrower than the whole address, and inside
 * a name or a domain only when even that part alone is wider than the cell: the accounts table
 * must fit a desktop's width whatever addresses its rows hold.
 */
function BreakableAddress({ email }: { email: string }): ReactNode {
  return <BreakAfter text={email} marks="@" className={styles.address} />;
}
