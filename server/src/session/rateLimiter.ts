import type { IncomingMessage } from 'node:http';
import { clientAddress, peerAddress, rateLimitKey } from '../http/request.js';

/**
 * Counts what each client does in a fixed window (failed sign-ins, admin calls, access requests:
 * whatever its owner counts); once a client reaches the limit it is refused until the window ends.
 * Memory is bounded: the oldest clients are dropped first.
 */
class WindowLimiter {
  readonly #counts = new Map<string, { count: number; windowStart: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxClients = 10_000,
  ) {}

  /** Seconds to wait, or 0 when the client may try now. */
  retryAfter(client: string): number {
    const entry = this.#counts.get(client);
    if (!entry) return 0;
    const elapsed = this.now() - entry.windowStart;
    if (elapsed >= this.windowMs) {
      this.#counts.delete(client);
      return 0;
    }
    return entry.count >= this.limit ? Math.ceil((this.windowMs - elapsed) / 1000) : 0;
  }

  /** Counts one more for the client. */
  count(client: string): void {
    const now = this.now();
    const entry = this.#counts.get(client);
    if (!entry || now - entry.windowStart >= this.windowMs) {
      if (this.#counts.size >= this.maxClients) this.#counts.delete(this.#counts.keys().next().value!);
      this.#counts.set(client, { count: 1, windowStart: now });
    } else {
      entry.count += 1;
    }
  }
}

/**
 * How many times more the address that reached the nearest trusted proxy may be counted than
 * its claimed client address. Behind Firebase Hosting many readers share that address,
 * so its allowance is larger; a client calling the service directly is held to it whatever it
 * writes into `X-Forwarded-For`.
 */
const PEER_ALLOWANCE = 3;

/**
 * A `WindowLimiter` by request: counted on the client address (as far as the trusted proxies
 * report it) and on the peer address (what reached the nearest of them), so a client that writes
 * its own `X-Forwarded-For` cannot choose a fresh key for each request.
 */
export class RequestLimiter {
  readonly #clients: WindowLimiter;
  readonly #peers: WindowLimiter;

  constructor(
    limit: number,
    windowMs: number,
    private readonly hops: number,
    now: () => number = Date.now,
  ) {
    this.#clients = new WindowLimiter(limit, windowMs, now);
    this.#peers = new WindowLimiter(limit * PEER_ALLOWANCE, windowMs, now);
  }

  #keys(req: IncomingMessage): [string, string] {
    return [rateLimitKey(clientAddress(req, this.hops)), rateLimitKey(peerAddress(req, this.hops))];
  }

  /** Seconds to wait, or 0 when the request may be tried now. */
  retryAfter(req: IncomingMessage): number {
    const [client, peer] = this.#keys(req);
    return Math.max(this.#clients.retryAfter(client), this.hops === 0 ? 0 : this.#peers.retryAfter(peer));
  }

  /** Counts one more for the request's client and peer. */
  count(req: IncomingMessage): void {
    const [client, peer] = this.#keys(req);
    this.#clients.count(client);
    if (this.hops !== 0) this.#peers.count(peer);
  }
}
