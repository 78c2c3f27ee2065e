import {
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
  LOGIN_WINDOW_MS,
} from '../../../common/constants';

const MAX_KEYS = 100_000;

/** Failure times per key within a sliding window, kept in memory (one process; DESIGN.md decision 7). */
class FailureLog {
  private readonly log = new Map<string, number[]>();
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  private recent(key: string, now: number): number[] {
    const times = this.log.get(key);
    if (!times) return [];
    const fresh = times.filter((t) => now - t < this.windowMs);
    if (fresh.length === 0) this.log.delete(key);
    else if (fresh.length !== times.length) this.log.set(key, fresh);
    return fresh;
  }

  /** Milliseconds until the key may try again, or 0 when it may try now. */
  retryAfter(key: string, now: number): number {
    const times = this.recent(key, now);
    if (times.length < this.limit) return 0;
    // Blocked until enough old failures leave the window to drop below the limit.
    const unblockingFailure = times[times.length - this.limit]!;
    return unblockingFailure + this.windowMs - now;
  }

  add(key: string, now: number) {
    const times = this.recent(key, now);
    times.push(now);
    if (times.length > this.limit) times.splice(0, times.length - this.limit);
    if (!this.log.has(key) && this.log.size >= MAX_KEYS) this.prune(now);
    this.log.set(key, times);
  }

  clear(key: string) {
    this.log.delete(key);
  }

  prune(now: number) {
    for (const key of [...this.log.keys()]) this.recent(key, now);
    // Still full of live keys: drop the oldest rather than grow without bound.
    while (this.log.size >= MAX_KEYS) {
      const oldest = this.log.keys().next().value;
      if (oldest === undefined) break;
      this.log.delete(oldest);
    }
  }
}

/** Login throttling: 10 failures per account or 50 per address in 15 minutes. */
export function createLoginThrottle(now: () => number = Date.now) {
  const accounts = new FailureLog(LOGIN_MAX_FAILURES_PER_ACCOUNT, LOGIN_WINDOW_MS);
  const addresses = new FailureLog(LOGIN_MAX_FAILURES_PER_ADDRESS, LOGIN_WINDOW_MS);
  const timer = setInterval(() => {
    accounts.prune(now());
    addresses.prune(now());
  }, LOGIN_WINDOW_MS);
  timer.unref();
  return {
    /** Milliseconds to wait before this account or address may try, 0 when allowed. */
    retryAfter(account: string, address: string): number {
      const t = now();
      return Math.max(accounts.retryAfter(account, t), addresses.retryAfter(address, t));
    },
    failed(account: string, address: string) {
      const t = now();
      accounts.add(account, t);
      addresses.add(address, t);
    },
    succeeded(account: string) {
      accounts.clear(account);
    },
    stop() {
      clearInterval(timer);
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

export function tooManyAttemptsMessage(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `Too many login attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
