import type { Auth, UserRecord } from 'firebase-admin/auth';
import {
  ACCESS_KINDS,
  ACCESS_PAGE_SIZE,
  canonicalMailbox,
  isAdmittedByDomain,
  type AccessEntry,
  type AccessKind,
  type AccessPage,
  type ReaderPolicy,
} from '@trust/access-policy';
import { accessClaimsOf, connectedAssistants } from '../accountClaims.js';

/**
 * When the account last signed in, or null: the Auth emulator records the creation time as a
 * sign-in for an account an admin made, which has never signed in, so a sign-in at the very
 * moment of creation counts only if a token was issued since.
 */
function lastSignInOf(user: UserRecord): string | null {
  const { lastSignInTime, creationTime, lastRefreshTime } = user.metadata;
  if (!lastSignInTime) return null;
  if (lastSignInTime === creationTime && !lastRefreshTime) return null;
  return new Date(lastSignInTime).toISOString();
}

/** The rows of one account: what it is to the rule and the centre, and its request, open or answered. */
export function accountEntries(user: UserRecord, policy: ReaderPolicy): AccessEntry[] {
  const claims = accessClaimsOf(user);
  const email = user.email ?? user.uid;
  const base: AccessEntry = {
    email,
    mailbox: canonicalMailbox(email),
    kind: 'no-access',
    until: null,
    by: null,
    lastSignIn: lastSignInOf(user),
    note: null,
    verified: user.emailVerified,
    at: null,
    page: null,
    outcome: null,
    assistants: connectedAssistants(user),
  };
  const rows: AccessEntry[] = [];
  if (claims.suspension || user.disabled)
    rows.push({
      ...base,
      kind: 'suspended',
      by: claims.suspension?.by ?? null,
      note: claims.suspension?.reason ?? null,
      at: claims.suspension?.at ?? null,
    });
  if (claims.invitation)
    rows.push({
      ...base,
      kind: 'invited',
      until: claims.invitation.until,
      by: claims.invitation.by,
      note: claims.invitation.note ?? null,
      at: claims.invitation.at,
    });
  if (claims.admin) rows.push({ ...base, kind: 'admin' });
  if (rows.length === 0)
    rows.push({ ...base, kind: user.email && isAdmittedByDomain(email, policy) ? 'member' : 'no-access' });
  const request = claims.request;
  if (request?.outcome === 'open')
    rows.push({ ...base, kind: 'request', note: request.note ?? null, at: request.at, page: request.page ?? null });
  else if (request)
    rows.push({
      ...base,
      kind: 'decided',
      by: request.by ?? null,
      note: request.reason ?? null,
      at: request.decidedAt ?? request.at,
      page: request.page ?? null,
      outcome: request.outcome,
    });
  return rows;
}

/** Every account's rows, paged through the provider's listing a thousand accounts at a time. */
export async function scanAccounts(auth: Auth, policy: ReaderPolicy): Promise<AccessEntry[]> {
  const entries: AccessEntry[] = [];
  let pageToken: string | undefined;
  do {
    const page = await auth.listUsers(1000, pageToken);
    for (const user of page.users) entries.push(...accountEntries(user, policy));
    pageToken = page.pageToken;
  } while (pageToken);
  return entries.sort(byMailbox);
}

/** Accounts of one mailbox (`name+tag@` spellings) next to each other. */
const byMailbox = (a: AccessEntry, b: AccessEntry) =>
  a.mailbox.localeCompare(b.mailbox) || a.email.localeCompare(b.email) || a.kind.localeCompare(b.kind);

const WHOLE_ADDRESS = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/**
 * Which of an account's rows stands for it in a list of one row per person: what most needs the
 * admin's eye first, "no access" only when nothing else is true of it.
 */
const ROW_PRIORITY: readonly AccessKind[] = [
  'request',
  'suspended',
  'admin',
  'invited',
  'member',
  'decided',
  'no-access',
];

/** Each account's rows, by address, in the order they came. */
function byAccount(entries: readonly AccessEntry[]): Map<string, AccessEntry[]> {
  const accounts = new Map<string, AccessEntry[]>();
  for (const entry of entries) {
    const rows = accounts.get(entry.email);
    if (rows) rows.push(entry);
    else accounts.set(entry.email, [entry]);
  }
  return accounts;
}

/**
 * One row per person: the account's row that stands for it (or, with a kind, its row of that
 * kind), carrying in `also` what else is true of the account ("no access" says nothing more).
 */
function onePerAccount(entries: readonly AccessEntry[], kind: AccessKind | null): AccessEntry[] {
  const rows: AccessEntry[] = [];
  for (const own of byAccount(entries).values()) {
    const chosen = kind
      ? own.find((entry) => entry.kind === kind)
      : [...own].sort((a, b) => ROW_PRIORITY.indexOf(a.kind) - ROW_PRIORITY.indexOf(b.kind))[0];
    if (!chosen) continue;
    const also = own.map((entry) => entry.kind).filter((each) => each !== chosen.kind && each !== 'no-access');
    // The account's answered request says how it was answered, whichever row stands for it.
    const answered = own.find((entry) => entry.kind === 'decided');
    rows.push({ ...chosen, also, ...(chosen.outcome === null && answered ? { outcome: answered.outcome } : {}) });
  }
  return rows;
}

export interface AccessQuery {
  /** Text the address, the mailbox, the note or who acted must contain (any case). */
  text?: string;
  kind?: AccessKind | null;
  offset?: number;
  /** Rows on the page: one page of the admins' list unless said (the access command shows all). */
  limit?: number;
  /** One row per account (the admins' page), rather than one per thing true of it (the access command). */
  perAccount?: boolean;
}

/**
 * One page of the rows that match: counts by kind over the search, then the chosen kind's rows.
 * Open requests come oldest first (the queue), answered ones newest first; the rest by mailbox.
 */
export function searchEntries(entries: readonly AccessEntry[], query: AccessQuery): AccessPage {
  const text = query.text?.trim().toLowerCase() ?? '';
  const found = text
    ? entries.filter((entry) =>
        [entry.email, entry.mailbox, entry.note ?? '', entry.by ?? ''].some((field) =>
          field.toLowerCase().includes(text),
        ),
      )
    : entries;
  // An account has one row of each kind at most: a kind's count is a count of people.
  const counts = Object.fromEntries(ACCESS_KINDS.map((kind) => [kind, 0])) as Record<AccessKind, number>;
  for (const entry of found) counts[entry.kind] += 1;
  const listed = query.perAccount ? onePerAccount(found, query.kind ?? null) : found;
  let chosen = query.kind && !query.perAccount ? listed.filter((entry) => entry.kind === query.kind) : listed;
  if (query.kind === 'request') chosen = [...chosen].sort((a, b) => (a.at ?? '').localeCompare(b.at ?? ''));
  if (query.kind === 'decided') chosen = [...chosen].sort((a, b) => (b.at ?? '').localeCompare(a.at ?? ''));
  const limit = Math.max(query.limit ?? ACCESS_PAGE_SIZE, 1);
  const offset = Math.min(Math.max(query.offset ?? 0, 0), Math.max(chosen.length - 1, 0));
  return {
    entries: chosen.slice(offset, offset + limit),
    counts,
    total: query.perAccount ? byAccount(found).size : found.length,
    offset,
    matching: chosen.length,
  };
}

/**
 * Every account's rows, read from the provider at most once per `ttlMs` on this instance (one
 * listing at a time however many admins search), and read again after a change made here. Another
 * instance's change shows within `ttlMs`. The page gets one page of rows, never the whole list.
 */
export class AccountDirectory {
  #snapshot: { at: number; entries: AccessEntry[] } | null = null;
  #loading: Promise<AccessEntry[]> | null = null;
  /** Bumped by each change made here: a listing started before it is not kept. */
  #generation = 0;

  /**
   * `lookup` reads one address's rows from the provider now: a search for a whole address, the
   * usual way to find an account to act on, sees an account made or changed since the listing.
   */
  constructor(
    private readonly scan: () => Promise<AccessEntry[]>,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
    private readonly lookup: (email: string) => Promise<AccessEntry[]> = async () => [],
  ) {}

  async entries(): Promise<AccessEntry[]> {
    if (this.#snapshot && this.now() - this.#snapshot.at < this.ttlMs) return this.#snapshot.entries;
    if (this.#loading) return this.#loading;
    const generation = this.#generation;
    const at = this.now();
    const loading = this.scan().then(
      (entries) => {
        if (generation === this.#generation) this.#snapshot = { at, entries };
        if (this.#loading === loading) this.#loading = null;
        return entries;
      },
      (error: unknown) => {
        if (this.#loading === loading) this.#loading = null;
        throw error;
      },
    );
    this.#loading = loading;
    return loading;
  }

  /** A change made here: the next search reads the provider again. */
  invalidate(): void {
    this.#generation += 1;
    this.#snapshot = null;
    this.#loading = null;
  }

  /** One page of the admins' list: one row per person. */
  async search(query: AccessQuery): Promise<AccessPage> {
    const text = query.text?.trim().toLowerCase() ?? '';
    const perPerson = { ...query, perAccount: true };
    if (!WHOLE_ADDRESS.test(text)) return searchEntries(await this.entries(), perPerson);
    const [listed, fresh] = await Promise.all([this.entries(), this.lookup(text)]);
    const others = listed.filter((entry) => entry.email.toLowerCase() !== text);
    return searchEntries([...others, ...fresh].sort(byMailbox), perPerson);
  }
}
