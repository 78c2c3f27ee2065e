import { AppError } from './errors';

/** At most `limit` actions per key in a sliding `windowMs`, in memory (one process). */
export function createRateLimiter(
  limit: number,
  windowMs: number,
  message: string,
  now: () => number = Date.now,
) {
  const log = new Map<string, number[]>();
  return {
    /** Records an action, or throws 429 with Retry-After when the key is over its limit. */
    hit(key: string) {
      const t = now();
      const recent = (log.get(key) ?? []).filter((at) => t - at < windowMs);
      if (recent.length >= limit) {
        const wait = recent[0]! + windowMs - t;
        throw new AppError('too_many_requests', message, {
          'retry-after': String(Math.max(1, Math.ceil(wait / 1000))),
        });
      }
      recent.push(t);
      log.set(key, recent);
      if (log.size > 10_000) {
        for (const [k, v] of log) if (v.every((at) => t - at >= windowMs)) log.delete(k);
      }
    },
  };
}
