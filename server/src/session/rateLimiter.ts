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
