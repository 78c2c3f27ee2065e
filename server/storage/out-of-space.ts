/**
 * A write that failed for lack of space (decision 44): the disk or the quota of the data folder,
 * or the database's own disk. Such a request answers 507 with ERRORS.outOfSpace and Retry-After,
 * and the readiness check reports storage down until a probe write succeeds (blob-store.ts).
 */

/** Seconds a client is asked to wait (Retry-After) when the server is out of space. */
export const OUT_OF_SPACE_RETRY_AFTER_S = 60;

/** A full disk is logged at error once in this long, however many requests it refuses. */
export const OUT_OF_SPACE_LOG_INTERVAL_MS = 60_000;

/** Node's codes: no space left on the device, disk quota exceeded. */
const NODE_CODES = new Set(['ENOSPC', 'EDQUOT']);
/** Emscripten's errno numbers for the same (an error of PGlite's file system that reached JavaScript). */
const EMSCRIPTEN_ERRNOS = new Set([51, 19]);
/** SQLSTATE 53100 disk_full. */
const DISK_FULL = '53100';
/** SQLSTATE class 53 (insufficient resources): only when its text says it is about space. */
const INSUFFICIENT_RESOURCES = /^53/;
/**
 * PostgreSQL's (and PGlite's) texts: "could not extend file "base/5/16385": No space left on
 * device", "could not write to file …: No space left on device", "Disk quota exceeded".
 */
const SPACE_MESSAGE = /could not extend file|no space left on device|disk quota exceeded/i;

/**
 * Whether an error means a write failed for lack of space: a file system error (ENOSPC, EDQUOT),
 * or the database's (SQLSTATE 53100, or class 53 or any error whose text says so). Drizzle and
 * streams wrap errors, so the causes are followed.
 */
export function isOutOfSpace(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, errno, name, message } = e as {
      code?: unknown;
      errno?: unknown;
      name?: unknown;
      message?: unknown;
    };
    if (typeof code === 'string') {
      if (NODE_CODES.has(code) || code === DISK_FULL) return true;
      if (INSUFFICIENT_RESOURCES.test(code) && typeof message === 'string' && SPACE_MESSAGE.test(message))
        return true;
    }
    if (name === 'ErrnoError' && typeof errno === 'number' && EMSCRIPTEN_ERRNOS.has(errno)) return true;
    if (typeof message === 'string' && SPACE_MESSAGE.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * A log throttle: `take()` answers whether to log now (at most once per `intervalMs`), with the
 * number of occurrences left unlogged since the last line, or null while it is too early.
 */
export function logThrottle(intervalMs: number, now: () => number = Date.now) {
  let lastAt: number | undefined;
  let skipped = 0;
  return {
    take(): { skipped: number } | null {
      const at = now();
      if (lastAt !== undefined && at - lastAt < intervalMs) {
        skipped += 1;
        return null;
      }
      lastAt = at;
      const result = { skipped };
      skipped = 0;
      return result;
    },
  };
}
