import type { IncomingMessage } from 'node:http';
import { ApiError, type ApiErrorOptions } from './apiError.js';
import { clientAddress, rateLimitKey } from './request.js';

/**
 * The server's one rate limiter: how many times each key may be counted in a fixed window. What
 * counts is the caller's choice (failed sign-ins, admin refusals, MCP calls); a request refused
 * for its rate is never counted again, so a client that keeps knocking waits out its window and
 * no longer. Memory is bounded: the oldest keys are dropped first.
 */
export class RateLimiter {
  readonly #counts = new Map<string, { count: number; windowStart: number }>();

  constructor(
    readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 10_000,
  ) {}

  /** Seconds to wait, or 0 when the key may be counted now. */
  retryAfter(key: string): number {
    const entry = this.#counts.get(key);
    if (!entry) return 0;
    const elapsed = this.now() - entry.windowStart;
    if (elapsed >= this.windowMs) {
      this.#counts.delete(key);
      return 0;
    }
    return entry.count >= this.limit ? Math.ceil((this.windowMs - elapsed) / 1000) : 0;
  }

  /** Counts one more for the key. */
  count(key: string): void {
    const now = this.now();
    const entry = this.#counts.get(key);
    if (!entry || now - entry.windowStart >= this.windowMs) {
      if (this.#counts.size >= this.maxKeys) this.#counts.delete(this.#counts.keys().next().value!);
      this.#counts.set(key, { count: 1, windowStart: now });
    } else {
      entry.count += 1;
    }
  }

  /** Counts one for the key if it is within its limit: the seconds to wait, 0 when it was counted. */
  take(key: string): number {
    const wait = this.retryAfter(key);
    if (wait === 0) this.count(key);
    return wait;
  }
}

/**
 * The key a request is counted by: its client as the trusted proxies report it (`TRUST_PROXY_HOPS`),
 * never a proxy's own address, which behind Firebase Hosting many readers share.
 */
export const clientKeyOf = (req: IncomingMessage, hops: number): string => rateLimitKey(clientAddress(req, hops));

/**
 * A request refused for its rate, on every route: 429 with `Retry-After`, and `{ error:
 * 'rate-limited' }` unless the route speaks another protocol.
 */
export const tooManyRequests = (waitSeconds: number, { headers, protocolBody }: ApiErrorOptions = {}): ApiError =>
  new ApiError(429, 'rate-limited', { headers: { ...headers, 'Retry-After': String(waitSeconds) }, protocolBody });
