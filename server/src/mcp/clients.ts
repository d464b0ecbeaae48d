import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type { OAuthRegisteredClientsStore } from '@modelcontextprotocol/sdk/server/auth/clients.js';
import { InvalidClientMetadataError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { OAuthClientMetadataSchema, type OAuthClientInformationFull } from '@modelcontextprotocol/sdk/shared/auth.js';
import { readBoundedJson } from '../http/outbound.js';
import { clientNameOf } from './memberGrants.js';
import type { Tokens } from './tokens.js';

/** A metadata document larger than this is refused: a client's is a few hundred bytes. */
export const MAX_DOCUMENT_BYTES = 16 * 1024;
/** The whole read of a metadata document, its body included. */
export const FETCH_TIMEOUT_MS = 5000;
/** Documents are kept this long per instance, as their HTTP caching would allow at most. */
const DOCUMENT_CACHE_MS = 5 * 60 * 1000;
const MAX_CACHED_DOCUMENTS = 500;

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Addresses a metadata document is never fetched from in production: this machine, private and
 * link-local networks (the cloud's metadata server among them), carrier-grade NAT, multicast and
 * the unspecified address. A client ID is a URL anyone can choose; without this, it would make the
 * server read what only it can reach.
 */
const INTERNAL = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  INTERNAL.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  INTERNAL.addSubnet(network, prefix, 'ipv6');

/** Whether every address the host name resolves to is on the public internet. */
export async function resolvesPublicly(hostname: string): Promise<boolean> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  try {
    addresses = isIP(bare) ? [{ address: bare, family: isIP(bare) }] : await lookup(bare, { all: true });
  } catch {
    return false;
  }
  return (
    addresses.length > 0 &&
    addresses.every(({ address, family }) => !INTERNAL.check(address, family === 6 ? 'ipv6' : 'ipv4'))
  );
}

/** Schemes that run or read something in the browser itself, never a way back to an app. */
const UNSAFE_SCHEMES = new Set(['javascript:', 'data:', 'vbscript:', 'file:', 'blob:', 'about:', 'filesystem:']);

/**
 * Where a client may ask to be sent back: https anywhere, http only to this machine (RFC 8252's
 * loopback redirect, any port), or an app's own scheme (RFC 8252 §7.1 asks for a reverse domain
 * name, `com.example.app:/…`, but assistants register plain ones too, such as Cursor's
 * `cursor://…`). Never a scheme the browser itself acts on (`javascript:`, `data:`, `file:`…),
 * nor plain http elsewhere, nor a fragment.
 */
export function isAcceptableRedirect(uri: string): boolean {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return false;
  }
  if (url.hash) return false;
  if (url.protocol === 'https:') return true;
  if (url.protocol === 'http:') return LOOPBACK.has(url.hostname);
  if (url.protocol === 'ws:' || url.protocol === 'wss:' || url.protocol === 'ftp:') return false;
  return !UNSAFE_SCHEMES.has(url.protocol) && /^[a-z][a-z0-9+.-]*:$/i.test(url.protocol);
}

function publicClient(metadata: OAuthClientInformationFull): OAuthClientInformationFull {
  const rest: OAuthClientInformationFull = { ...metadata };
  delete rest.client_secret;
  delete rest.client_secret_expires_at;
  return {
    ...rest,
    client_name: clientNameOf(metadata.client_name),
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
  };
}

/**
 * A registered client's id carries its redirect URIs, and the connect page's request carries the
 * id through the sign-in page's return path: together they stay within a few kilobytes.
 */
const MAX_REDIRECT_CHARS = 1024;

function checkRedirects(uris: readonly string[]): void {
  if (uris.length === 0 || !uris.every(isAcceptableRedirect))
    throw new InvalidClientMetadataError(
      'redirect_uris must be https, http on a loopback address, or an app scheme such as com.example.app:/callback',
    );
  if (uris.join('').length > MAX_REDIRECT_CHARS)
    throw new InvalidClientMetadataError(`redirect_uris may hold ${MAX_REDIRECT_CHARS} characters in all`);
}

export interface ClientStoreOptions {
  tokens: Tokens;
  /** Metadata documents on this machine are fetched too (local runs and tests, never production). */
  allowLoopbackDocuments: boolean;
  now: () => number;
  fetchDocument?: typeof fetch;
}

/**
 * The clients, with nothing stored: a client registered dynamically (RFC 7591) gets as its id a
 * token this server signed over its metadata, and a client identified by a metadata document
 * (an https URL as its id) is read from that URL, as the Client ID Metadata Document draft says.
 * Every client is public (no secret): assistants run on their users' machines and prove
 * themselves with PKCE.
 */
export function createClientStore(options: ClientStoreOptions): OAuthRegisteredClientsStore {
  const documents = new Map<string, { client: OAuthClientInformationFull; until: number }>();
  const fetchDocument = options.fetchDocument ?? fetch;

  const isDocumentId = (clientId: string): boolean => {
    let url: URL;
    try {
      url = new URL(clientId);
    } catch {
      return false;
    }
    if (url.protocol !== 'https:' || url.pathname === '/' || url.hash || url.username || url.password) return false;
    return true;
  };

  async function readDocument(clientId: string): Promise<OAuthClientInformationFull | undefined> {
    const cached = documents.get(clientId);
    if (cached && cached.until > options.now()) return cached.client;
    // The address is checked before the fetch, which resolves it again: a name made to answer a
    // public address now and an internal one a moment later could still slip through; the
    // document's size, time and redirects are bounded regardless.
    if (!options.allowLoopbackDocuments && !(await resolvesPublicly(new URL(clientId).hostname))) return undefined;
    let response: Response;
    try {
      response = await fetchDocument(clientId, {
        headers: { Accept: 'application/json' },
        redirect: 'error',
        signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      });
    } catch {
      return undefined;
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      return undefined;
    }
    const document = (await readBoundedJson(response, MAX_DOCUMENT_BYTES)) as Record<string, unknown> | undefined;
    if (typeof document !== 'object' || document === null) return undefined;
    const parsed = OAuthClientMetadataSchema.safeParse(document);
    // The document must name itself: a URL serving another client's metadata is not that client.
    if (!parsed.success || document.client_id !== clientId) return undefined;
    if (document.token_endpoint_auth_method !== undefined && document.token_endpoint_auth_method !== 'none')
      return undefined;
    try {
      checkRedirects(parsed.data.redirect_uris);
    } catch {
      return undefined;
    }
    const client = publicClient({ ...parsed.data, client_id: clientId });
    if (documents.size >= MAX_CACHED_DOCUMENTS) documents.delete(documents.keys().next().value!);
    documents.set(clientId, { client, until: options.now() + DOCUMENT_CACHE_MS });
    return client;
  }

  return {
    async getClient(clientId) {
      if (clientId.length > 4096) return undefined;
      if (isDocumentId(clientId)) return readDocument(clientId);
      try {
        const claims = await options.tokens.verify('client', clientId, options.now());
        const metadata = OAuthClientMetadataSchema.safeParse(claims.metadata);
        return metadata.success ? publicClient({ ...metadata.data, client_id: clientId }) : undefined;
      } catch {
        return undefined;
      }
    },
    async registerClient(client) {
      checkRedirects(client.redirect_uris);
      const metadata = {
        redirect_uris: client.redirect_uris,
        client_name: clientNameOf(client.client_name),
        ...(client.client_uri && client.client_uri.length <= 256 ? { client_uri: client.client_uri } : {}),
      };
      const clientId = await options.tokens.sign('client', { metadata }, options.now());
      return publicClient({
        ...metadata,
        client_id: clientId,
        client_id_issued_at: Math.floor(options.now() / 1000),
      });
    },
  };
}
