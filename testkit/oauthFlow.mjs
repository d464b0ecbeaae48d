// An assistant's way to an MCP access token, as the benchmarks take it against a running server:
// registered (RFC 7591), allowed by the member whose session cookie this is on the connect page's
// API, the code exchanged with its PKCE verifier.
import { createHash, randomBytes } from 'node:crypto';
import { CONNECT_API_PATH, MCP_PATH } from '@trust/access-policy';

const REDIRECT = 'http://127.0.0.1:45111/callback';

export async function assistantAccessToken(origin, cookie, name = 'Benchmark') {
  // A server may have closed the idle connection fetch keeps (its keep-alive is 5 s): asked again.
  const fetch = (url, init) => globalThis.fetch(url, init).catch(() => globalThis.fetch(url, init));
  const registered = await fetch(`${origin}/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ client_name: name, redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' }),
  });
  const { client_id: clientId } = await registered.json();
  const verifier = randomBytes(32).toString('base64url');
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    resource: `${origin}${MCP_PATH}`,
  });
  const started = await fetch(`${origin}/authorize?${query}`, { redirect: 'manual' });
  const request = new URL(started.headers.get('location'), origin).searchParams.get('request');
  const decided = await fetch(`${origin}${CONNECT_API_PATH}`, {
    method: 'POST',
    headers: { Cookie: cookie, Origin: origin, 'Content-Type': 'application/json' },
    body: JSON.stringify({ request, decision: 'allow' }),
  });
  const code = new URL((await decided.json()).redirect).searchParams.get('code');
  const answer = await fetch(`${origin}/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      client_id: clientId,
      redirect_uri: REDIRECT,
      resource: `${origin}${MCP_PATH}`,
    }),
  });
  const tokens = await answer.json();
  if (!tokens.access_token) throw new Error(`No access token (${answer.status} ${JSON.stringify(tokens)}).`);
  return tokens.access_token;
}
