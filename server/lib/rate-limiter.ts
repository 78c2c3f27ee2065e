import type { RateEventStore, Rule } from './rate-event-store';
import { AppError } from './errors';

/** The Retry-After header of a 429: whole seconds, at least 1. */
export function retryAfterHeader(retryAfterMs: number): Record<string, string> {
  return { 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) };
}

/**
 * At most `rule.limit` actions per key in a sliding `rule.windowMs`, counted in `store` under
 * `<name>:<key>` (so in PostgreSQL, across every server process, when the app runs on it).
 */
export function createRateLimiter(
  store: RateEventStore,
  name: string,
  rule: Rule,
  message: string,
  now: () => number = Date.now,
) {
  return {
    /** Records an action, or throws 429 with Retry-After when the key is over its limit. */
    async hit(key: string): Promise<void> {
      const wait = await store.take([{ key: `${name}:${key}`, rule }], now());
      if (wait > 0) throw new AppError('too_many_requests', message, retryAfterHeader(wait));
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
