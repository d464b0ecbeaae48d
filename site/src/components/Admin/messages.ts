import { translate } from '@docusaurus/Translate';
import { isUniversityAddress, type AccessKind, type AdminAnswerCode } from '@trust/access-policy';
import type { UniversityDomains } from '../../config/identity';
import type { AccessEntry } from '../../auth/adminApi';
import { addressProblem } from '../SignIn/Fields';

/**
 * The admins' API's refusals, in the reader's language, by the code the server sends. Typed over
 * every code the API may send: a code without a message does not compile.
 */
export const REFUSAL_MESSAGES: Record<AdminAnswerCode, () => string> = {
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
      message:
        'Keep the note or reason to 200 characters at most; if the account already holds long notes, shorten it.',
      description: 'Admin: note or reason too long',
    }),
  'no-assistant': () =>
    translate({
      id: 'admin.error.noAssistant',
      message: 'That account has no connected assistant with that key.',
      description: 'Admin: disconnecting an assistant the account does not have',
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
      message: 'That address can already read the documentation without an invitation.',
      description: 'Admin: invitation for an address the site admits without one (university or whitelisted)',
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
  'request-open': () =>
    translate({
      id: 'admin.error.requestOpen',
      message: 'That account already has a request waiting for an answer.',
      description: 'Admin: a second request from one account',
    }),
  'sign-in-required': () =>
    translate({
      id: 'admin.error.signInRequired',
      message: 'Your session has ended. Sign in again to manage access.',
      description: 'Admin: no session',
    }),
  'not-admin': () =>
    translate({
      id: 'admin.error.notAdmin',
      message: 'This account does not manage access.',
      description: 'Admin: the reader is not an admin',
    }),
  'cross-origin': () =>
    translate({
      id: 'admin.error.crossOrigin',
      message:
        'The change was refused because it did not come from this site’s own page. Reload the page and try again.',
      description: 'Admin: request from another origin',
    }),
  'not-found': () =>
    translate({
      id: 'admin.error.notFound',
      message: 'The site does not know that change. Reload the page and try again.',
      description: 'Admin: unknown action',
    }),
  'method-not-allowed': () =>
    translate({
      id: 'admin.error.methodNotAllowed',
      message: 'The site does not know that change. Reload the page and try again.',
      description: 'Admin: wrong method',
    }),
  'body-too-large': () =>
    translate({
      id: 'admin.error.bodyTooLarge',
      message: 'What you wrote is too long. Shorten the note or reason.',
      description: 'Admin: request body too large',
    }),
  'body-not-json-object': () =>
    translate({
      id: 'admin.error.bodyNotJson',
      message: 'The page sent something the site cannot read. Reload the page and try again.',
      description: 'Admin: malformed request body',
    }),
};

/**
 * A refusal in words; a suspension of an address no account has also says what to do, and an
 * invitation of an address the site already admits names it.
 */
export function describeRefusal(code: string, action?: string, email?: string): string {
  if (code === 'already-admitted' && email)
    return translate(
      {
        id: 'admin.error.alreadyAdmittedNamed',
        message: '{email} can already read the documentation without an invitation.',
        description: 'Admin: invitation for an address the site admits without one, named',
      },
      { email },
    );
  if (code === 'no-account' && action === 'suspend')
    return translate({
      id: 'admin.error.noAccountToSuspend',
      message: 'No account has that address: check the spelling; only an existing account can be suspended.',
      description: 'Admin: suspending an address that no account has',
    });
  return (
    REFUSAL_MESSAGES[code as AdminAnswerCode]?.() ??
    translate({
      id: 'admin.error.generic',
      message:
        'The change could not be made. Reload the page and try again; if it keeps failing, tell whoever runs the site’s server, with the time of the attempt.',
      description: 'Admin: other failure',
    })
  );
}

const KIND_LABELS: Record<AccessKind, () => string> = {
  admin: () => translate({ id: 'admin.kind.admin', message: 'Admin', description: 'Admin list: manages access' }),
  invited: () =>
    translate({ id: 'admin.kind.invited', message: 'Invited guest', description: 'Admin list: invited guest' }),
  suspended: () =>
    translate({ id: 'admin.kind.suspended', message: 'Suspended', description: 'Admin list: suspended account' }),
  request: () =>
    translate({ id: 'admin.kind.request', message: 'Request waiting', description: 'Admin list: open request' }),
  decided: () =>
    translate({ id: 'admin.kind.decided', message: 'Request answered', description: 'Admin list: answered request' }),
  member: () =>
    translate({
      id: 'admin.kind.admitted',
      message: 'University member or whitelisted reader',
      description:
        'Admin list filter: the accounts the site admits without invitation (university addresses, and the whitelisted one)',
    }),
  'no-access': () =>
    translate({
      id: 'admin.kind.noAccess',
      message: 'No access',
      description: 'Admin list: an account with no access',
    }),
};

export const kindLabel = (kind: AccessKind): string => KIND_LABELS[kind]();

/**
 * What a row's account is to the rule, in words: an address the rule admits reads by its kind only
 * once the provider holds it as verified; until then the rule refuses it, and the row says so. A
 * guest whose request was approved reads as one phrase.
 */
export function entryKindLabel(
  entry: Pick<AccessEntry, 'email' | 'kind' | 'verified' | 'outcome' | 'also'>,
  domains: UniversityDomains,
): string {
  if (entry.kind === 'member' && !entry.verified)
    return translate({
      id: 'admin.kind.memberUnverified',
      message: 'No access until the address is verified',
      description: 'Admin list: an address the rule would admit, not yet verified',
    });
  // The rule admits the university's domains and one whitelisted address: an admitted address
  // outside those domains is the whitelisted one.
  if (entry.kind === 'member')
    return isUniversityAddress(entry.email, { ...domains, whitelistedEmail: '' })
      ? translate({
          id: 'admin.kind.universityMember',
          message: 'University member',
          description: 'Admin list: an account with a university address',
        })
      : translate({
          id: 'admin.kind.whitelisted',
          message: 'Whitelisted reader',
          description: 'Admin list: the one whitelisted address the site admits without invitation',
        });
  if (isApprovedGuest(entry))
    return translate({
      id: 'admin.kind.invitedFromRequest',
      message: 'Invited guest, approved from a request',
      description: 'Admin list: a guest invited by approving their request for access',
    });
  if (entry.kind === 'decided' && entry.outcome) return answeredLabel(entry.outcome);
  return kindLabel(entry.kind);
}

/** A guest's row whose account also holds its request, approved: the invitation came from it. */
export const isApprovedGuest = (entry: Pick<AccessEntry, 'kind' | 'outcome' | 'also'>): boolean =>
  entry.kind === 'invited' && entry.outcome === 'approved' && (entry.also ?? []).includes('decided');

/** The other kinds a row's account holds, in words; an answered request says how it was answered. */
export function alsoLabels(entry: Pick<AccessEntry, 'kind' | 'outcome' | 'also'>): string[] {
  return (entry.also ?? [])
    .filter((other) => !(other === 'decided' && isApprovedGuest(entry)))
    .map((other) => (other === 'decided' && entry.outcome ? answeredLabel(entry.outcome) : kindLabel(other)));
}

/** What an answered request came to, in words. */
function answeredLabel(outcome: 'approved' | 'declined'): string {
  return outcome === 'approved'
    ? translate({
        id: 'admin.kind.requestApproved',
        message: 'Request approved',
        description: 'Admin list: a request for access the centre approved',
      })
    : translate({
        id: 'admin.kind.requestDeclined',
        message: 'Request declined',
        description: 'Admin list: a request for access the centre declined',
      });
}

/**
 * Text an account holds, as it may be shown: notes written before the server cleaned them can
 * hold control characters, which a browser draws as boxes.
 */
export const shownText = (text: string | null): string =>
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  (text ?? '').replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ').trim();

/**
 * What is wrong with an address typed on the admin page, or null. The admin forms check their own
 * fields (`noValidate`): the browser's bubbles speak the browser's language, not the page's.
 */
export function accountAddressProblem(typed: string, whose: 'anyone' | 'guest' = 'anyone'): string | null {
  // A guest's address is outside the university's domains: the example domain is not the university's.
  const [local, domain, ...rest] = typed.trim().split('@');
  const lacksDomain = Boolean(local) && domain !== undefined && rest.length === 0 && !/\s/.test(typed.trim());
  if (whose === 'guest' && lacksDomain && !/^[^.]+(\.[^.]+)+$/.test(domain!))
    return translate({
      id: 'admin.check.guestNoDomain',
      message: 'Check the address: it needs a domain such as example.org after the @.',
      description: 'Admin: under the invite form’s e-mail field, the part after the @ has no dot',
    });
  return typed.trim()
    ? addressProblem(typed)
    : translate({
        id: 'admin.check.emptyAddress',
        message: 'Enter the person’s e-mail address.',
        description: 'Admin: under an e-mail field sent empty',
      });
}

/**
 * What is wrong with an invitation's last day (`YYYY-MM-DD`, from `first` to `last`), or null;
 * `inWords` writes a day as a sentence of the page's language does.
 */
export function lastDayProblem(
  value: string,
  first: string,
  last: string,
  inWords: (day: string) => string,
): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value))
    return translate({
      id: 'admin.check.noDay',
      message: 'Choose the invitation’s last day.',
      description: 'Admin: under the last-day field sent empty',
    });
  if (value < first || value > last)
    return translate(
      {
        id: 'admin.check.dayOutOfRange',
        message: 'Choose a day between {first} and {last}.',
        description:
          'Admin: under the last-day field, a day in the past or over a year away: today and a year from now',
      },
      { first: inWords(first), last: inWords(last) },
    );
  return null;
}

/** The error under a suspension's reason left empty. */
export const suspensionReasonMissing = () =>
  translate({
    id: 'admin.check.noSuspensionReason',
    message: 'Write the reason for the suspension.',
    description: 'Admin: under the reason field of a suspension sent empty',
  });
