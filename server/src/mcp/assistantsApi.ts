import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AssistantsErrorCode, MemberAssistants } from '@trust/access-policy';
import { connectedAssistants } from '../accountClaims.js';
import { ApiError, onProviderError } from '../http/apiError.js';
import { stringField } from '../http/request.js';
import type { Responder } from '../http/respond.js';
import type { SessionGuard } from '../session/sessionGuard.js';
import type { VerifiedIdentity } from '../session/verifier.js';
import { signedInMember } from './connectApi.js';
import type { ClientGrant, MemberGrants } from './memberGrants.js';

export interface AssistantsApiDeps {
  guard: SessionGuard;
  members: MemberGrants;
  respond: Responder;
  publicOrigin: string | null;
  /** A member ended one of their own grants: the audit line, and its tokens refused here at once. */
  onDisconnect: (identity: VerifiedIdentity, grant: ClientGrant) => void;
}

/**
 * `/api/assistants`, behind the member's "Connected assistants" page: GET lists the signed-in
 * member's own assistants, POST `{ client }` disconnects one of them. The member is the session's,
 * never a field of the request, so no one reads or ends another member's grants; a reader the rule
 * does not admit has no session and gets 401. A disconnect ends the grant as an admin's does: the
 * grant leaves the account (its refresh token is refused everywhere) and this instance forgets
 * what it knew of the account's tokens.
 */
export function createAssistantsApi(deps: AssistantsApiDeps) {
  const refusal = (status: number, code: AssistantsErrorCode) => new ApiError(status, code);

  const listOf = (identity: VerifiedIdentity, grants: ClientGrant[]): MemberAssistants => ({
    email: identity.email ?? '',
    assistants: connectedAssistants({ customClaims: { mcp: grants } }),
  });

  return async function handleAssistants(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'POST') throw refusal(405, 'method-not-allowed');
    const { identity, body } = await signedInMember(req, deps);
    if (req.method === 'GET') {
      const account = await deps.members.account(identity.uid).catch(onProviderError());
      return deps.respond.json(req, res, 200, listOf(identity, account?.grants ?? []));
    }
    const key = stringField(body, 'client') ?? '';
    let ended: ClientGrant | undefined;
    const kept = await deps.members
      .update(identity.uid, (grants) => {
        ended = grants.find((grant) => grant.c === key);
        return ended ? grants.filter((grant) => grant !== ended) : null;
      })
      .catch(onProviderError());
    if (!ended) throw refusal(404, 'no-assistant');
    deps.onDisconnect(identity, ended);
    return deps.respond.json(req, res, 200, listOf(identity, kept));
  };
}
