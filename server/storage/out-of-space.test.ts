import { describe, expect, it } from 'vitest';
import { isOutOfSpace, logThrottle } from './out-of-space';

/** An error as Node's fs reports it. */
function nodeError(code: string, message: string) {
  return Object.assign(new Error(message), { code });
}

/** An error as PGlite and node-postgres report a PostgreSQL one: its SQLSTATE in `code`. */
function postgresError(code: string, message: string) {
  return Object.assign(new Error(message), { code, severity: 'ERROR' });
}

/** Drizzle's wrapping of a driver's error. */
function drizzleWrap(cause: Error) {
  return new Error('Failed query: insert into "chat_messages" …', { cause });
}

describe('isOutOfSpace', () => {
  it('knows a full disk and an exceeded quota from the file system', () => {
    expect(isOutOfSpace(nodeError('ENOSPC', 'ENOSPC: no space left on device, write'))).toBe(true);
    expect(isOutOfSpace(nodeError('EDQUOT', 'EDQUOT: disk quota exceeded, write'))).toBe(true);
  });

  it("knows the database's disk_full and 'could not extend file', also wrapped by Drizzle", () => {
    // What PGlite 0.5 threw in DATA_DIR/db on a full tmpfs.
    const extend = postgresError('53100', 'could not extend file "base/5/16385": No space left on device');
    expect(isOutOfSpace(extend)).toBe(true);
    expect(isOutOfSpace(drizzleWrap(extend))).toBe(true);
    expect(
      isOutOfSpace(drizzleWrap(postgresError('53100', 'could not write to file "pg_wal/xlogtemp.1"'))),
    ).toBe(true);
    expect(
      isOutOfSpace(new Error('could not extend file "base/5/16385_fsm": wrote only 4096 of 8192 bytes')),
    ).toBe(true);
  });

  it('takes class 53 (insufficient resources) only when it is about space', () => {
    expect(isOutOfSpace(postgresError('53000', 'could not write block: No space left on device'))).toBe(true);
    expect(isOutOfSpace(postgresError('53200', 'out of memory'))).toBe(false);
    expect(isOutOfSpace(postgresError('53300', 'too many connections for role "tribe36"'))).toBe(false);
  });

  it("knows an Emscripten file system's ENOSPC and EDQUOT (PGlite)", () => {
    const errno = (n: number) => Object.assign(new Error(), { name: 'ErrnoError', errno: n });
    expect(isOutOfSpace(errno(51))).toBe(true);
    expect(isOutOfSpace(errno(19))).toBe(true);
    expect(isOutOfSpace(errno(44))).toBe(false); // ENOENT
  });

  it('leaves every other failure alone', () => {
    expect(isOutOfSpace(nodeError('EACCES', 'EACCES: permission denied'))).toBe(false);
    expect(isOutOfSpace(nodeError('ECONNREFUSED', 'connect ECONNREFUSED'))).toBe(false);
    expect(isOutOfSpace(drizzleWrap(postgresError('23505', 'duplicate key value')))).toBe(false);
    expect(isOutOfSpace(new Error('Internal'))).toBe(false);
    expect(isOutOfSpace(undefined)).toBe(false);
    expect(isOutOfSpace('ENOSPC')).toBe(false);
  });
});

describe('logThrottle', () => {
  it('lets one line through per interval and counts the ones it held back', () => {
    let now = 1_000_000;
    const throttle = logThrottle(60_000, () => now);
    expect(throttle.take()).toEqual({ skipped: 0 });
    for (let i = 0; i < 5; i++) {
      now += 10_000;
      expect(throttle.take()).toBeNull();
    }
    now += 9_999; // 59.999 s after the first line
    expect(throttle.take()).toBeNull();
    now += 1;
    expect(throttle.take()).toEqual({ skipped: 6 });
    expect(throttle.take()).toBeNull();
    now += 120_000;
    expect(throttle.take()).toEqual({ skipped: 1 });
  });
});
