import { isAllowedReader, type ReaderPolicy, type RefusalReason } from '@trust/access-policy';
import type { VerifiedIdentity } from './verifier.js';

/**
 * The whole rule at run time: the access rule (a verified address of the university, the
 * whitelisted one, or one currently invited), and an account its mailbox owner has secured, so
 * that no credential someone prepared before the owner arrived can read. Null when admitted.
 */
export function refusalOf(identity: VerifiedIdentity, policy: ReaderPolicy, now: number): RefusalReason | null {
  if (!identity.emailVerified) return 'unverified';
  if (isAllowedReader(identity, policy, now)) return identity.securedAt === null ? 'unsecured' : null;
  const invitation = identity.invitation;
  if (invitation && invitation.email.toLowerCase() === identity.email?.toLowerCase()) return 'invitation-ended';
  return 'not-admitted';
}
