/**
 * One row of the list of access the admins' API sends and the admin page shows: an admin, an
 * invited guest, a suspended account or an open request for access.
 */
export interface AccessEntry {
  email: string;
  /** The mailbox the address delivers to (`canonicalMailbox`): accounts that share one are one person's. */
  mailbox: string;
  kind: 'admin' | 'invited' | 'suspended' | 'request';
  /** The last day of an invitation (`YYYY-MM-DD`). */
  until: string | null;
  /** Who invited or suspended. */
  by: string | null;
  lastSignIn: string | null;
  /** The invitation's note, the suspension's reason, or the request's words. */
  note: string | null;
}
