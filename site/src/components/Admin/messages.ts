import { translate } from '@docusaurus/Translate';
import type { AccessEntry } from '../../auth/adminApi';

/** The admins' API's refusals, in the reader's language, by the code the server sends. */
export function describeRefusal(code: string): string {
  const messages: Record<string, () => string> = {
    'bad-address': () =>
      translate({
        id: 'admin.error.badAddress',
        message: 'That is not an e-mail address.',
        description: 'Admin: malformed address',
      }),
    'text-required': () =>
      translate({ id: 'admin.error.textRequired', message: 'Write a reason.', description: 'Admin: missing reason' }),
    'text-too-long': () =>
      translate({
        id: 'admin.error.textTooLong',
        message: 'Keep the note or reason under 200 characters.',
        description: 'Admin: note or reason too long',
      }),
    'no-account': () =>
      translate({
        id: 'admin.error.noAccount',
        message: 'No account has that address.',
        description: 'Admin: unknown account',
      }),
    'already-admitted': () =>
      translate({
        id: 'admin.error.alreadyAdmitted',
        message: 'The access rule already admits that address: it needs no invitation.',
        description: 'Admin: invitation for a university address',
      }),
    'bad-date': () =>
      translate({
        id: 'admin.error.badDate',
        message: 'Choose the last day of the invitation.',
        description: 'Admin: bad date',
      }),
    'past-date': () =>
      translate({
        id: 'admin.error.pastDate',
        message: 'That day has already passed.',
        description: 'Admin: date in the past',
      }),
    'too-far': () =>
      translate({
        id: 'admin.error.tooFar',
        message: 'An invitation can last at most a year.',
        description: 'Admin: date more than a year ahead',
      }),
    'no-invitation': () =>
      translate({
        id: 'admin.error.noInvitation',
        message: 'That account has no invitation.',
        description: 'Admin: nothing to revoke',
      }),
    'self-suspend': () =>
      translate({
        id: 'admin.error.selfSuspend',
        message: 'You cannot suspend your own account.',
        description: 'Admin: suspending oneself',
      }),
    'not-suspended': () =>
      translate({
        id: 'admin.error.notSuspended',
        message: 'That account is not suspended.',
        description: 'Admin: nothing to restore',
      }),
    'no-open-request': () =>
      translate({
        id: 'admin.error.noOpenRequest',
        message: 'That request has already been answered.',
        description: 'Admin: request no longer open',
      }),
    'needs-until': () =>
      translate({
        id: 'admin.error.needsUntil',
        message: 'Choose the last day of the invitation before approving.',
        description: 'Admin: approval without a date',
      }),
    'rate-limited': () =>
      translate({
        id: 'admin.error.rateLimited',
        message: 'Too many changes in a minute. Wait a moment and try again.',
        description: 'Admin: rate limited',
      }),
    unavailable: () =>
      translate({
        id: 'admin.error.unavailable',
        message: 'The identity service is not answering. Try again in a few minutes.',
        description: 'Admin: provider unavailable',
      }),
  };
  return (
    messages[code]?.() ??
    translate(
      { id: 'admin.error.generic', message: 'The change failed ({code}).', description: 'Admin: other failure' },
      { code },
    )
  );
}

export function kindLabel(kind: AccessEntry['kind']): string {
  switch (kind) {
    case 'admin':
      return translate({ id: 'admin.kind.admin', message: 'Admin', description: 'Admin list: manages access' });
    case 'invited':
      return translate({
        id: 'admin.kind.invited',
        message: 'Invited guest',
        description: 'Admin list: invited guest',
      });
    case 'suspended':
      return translate({
        id: 'admin.kind.suspended',
        message: 'Suspended',
        description: 'Admin list: suspended account',
      });
    default:
      return translate({ id: 'admin.kind.request', message: 'Request', description: 'Admin list: open request' });
  }
}
