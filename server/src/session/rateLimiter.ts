import type { IncomingMessage } from 'node:http';
import { clientAddress, peerAddress, rateLimitKey } from '../http/request.js';

/**
 * Counts failures per client in a fixed window; once a client reaches the limit it is refused
 * until the window ends. Memory is bounded: the oldest clients are dropped first.
 */
export class FailureLimiter {
  readonly #failures = new Map<string, { count: number; windowStart: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxClients = 10_000,
  ) {}

  /** Seconds to wait, or 0 when the client may try now. */
  retryAfter(client: string): number {
    const entry = this.#failures.get(client);
    if (!entry) return 0;
    const elapsed = this.now() - entry.windowStart;
    if (elapsed >= this.windowMs) {
      this.#failures.delete(client);
      return 0;
    }
    return entry.count >= this.limit ? Math.ceil((this.windowMs - elapsed) / 1000) : 0;
  }

  recordFailure(client: string): void {
    const now = this.now();
    const entry = this.#failures.get(client);
    if (!entry || now - entry.windowStart >= this.windowMs) {
      if (this.#failures.size >= this.maxClients) this.#failures.delete(this.#failures.keys().next().value!);
      this.#failures.set(client, { count: 1, windowStart: now });
    } else {
      entry.count += 1;
    }
  }
}

/**
 * How many failures the address that reached the nearest trusted proxy may have, for each one
 * its claimed client address may have. Behind Firebase Hosting many readers share that address,
 * so its allowance is larger; a client calling the service directly is held to it whatever it
 * writes into `X-Forwarded-For`.
 */
const PEER_ALLOWANCE = 3;

/**
 * A `FailureLimiter` by request: counted on the client address (as far as the trusted proxies
 * report it) and on the peer address (what reached the nearest of them), so a client that writes
 * its own `X-Forwarded-For` cannot choose a fresh key for each request.
 */
export class RequestLimiter {
  readonly #clients: FailureLimiter;
  readonly #peers: FailureLimiter;

  constructor(
    limit: number,
    windowMs: number,
    private readonly hops: number,
    now: () => number = Date.now,
  ) {
    this.#clients = new FailureLimiter(limit, windowMs, now);
    this.#peers = new FailureLimiter(limit * PEER_ALLOWANCE, windowMs, now);
  }

  #keys(req: IncomingMessage): [string, string] {
    return [rateLimitKey(clientAddress(req, this.hops)), rateLimitKey(peerAddress(req, this.hops))];
  }

  /** Seconds to wait, or 0 when the request may be tried now. */
  retryAfter(req: IncomingMessage): number {
    const [client, peer] = this.#keys(req);
    return Math.max(this.#clients.retryAfter(client), this.hops === 0 ? 0 : this.#peers.retryAfter(peer));
  }

  recordFailure(req: IncomingMessage): void {
    const [client, peer] = this.#keys(req);
    this.#clients.recordFailure(client);
    if (this.hops !== 0) this.#peers.recordFailure(peer);
  }
}
