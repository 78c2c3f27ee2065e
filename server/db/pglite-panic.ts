import type { PGlite } from '@electric-sql/pglite';

/** Whether a database error is a PANIC: PostgreSQL's backend stopped (its causes are followed). */
export function isPanic(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if ((e as { severity?: unknown }).severity === 'PANIC') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** What every query gets once the embedded database has stopped. */
export const STOPPED_MESSAGE =
  'The embedded database stopped after a PANIC (no room to grow its write-ahead log): free space, then restart the server';

/**
 * PGlite after a PANIC (on a full disk: its write-ahead log could not start a new segment,
 * decision 44): its backend is gone, and the next statement it is given never returns, holding the
 * whole process's event loop (nothing answers any more, not even a signal's clean stop). So calls
 * enter PGlite one at a time (it runs one at a time anyway), none is queued inside it, and from the
 * PANIC on, every call (those waiting included) fails at once with an error of SQLSTATE 53100:
 * members get the 507 of a full disk, readiness and /api/health say the database is down, and the
 * log says what to do. Closing it is skipped. Only a restart brings it back.
 */
export function failFastAfterPanic(client: PGlite): void {
  let panic: unknown;
  /** The rejecters of the calls under way, failed at once by a PANIC. */
  const waiting = new Set<(err: Error) => void>();
  /** Settles when the call in PGlite has: the next one starts then. */
  let turn: Promise<unknown> = Promise.resolve();
  const stoppedError = (cause: unknown) =>
    Object.assign(new Error(STOPPED_MESSAGE, { cause }), { code: '53100', severity: 'FATAL' });
  const noticed = (err: unknown) => {
    if (panic !== undefined || !isPanic(err)) return;
    panic = err;
    for (const reject of waiting) reject(stoppedError(err));
    waiting.clear();
  };
  const guarded = <T>(run: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (panic !== undefined) return reject(stoppedError(panic));
      waiting.add(reject);
      const call = turn.then(() => {
        if (panic !== undefined) throw stoppedError(panic); // never into a backend that is gone
        return run();
      });
      turn = call.catch(() => {});
      call
        .then(resolve, (err: unknown) => {
          reject(err); // its own error first: the PANIC itself (53100) reaches its caller
          noticed(err);
        })
        .finally(() => waiting.delete(reject));
    });

  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  const close = client.close.bind(client);
  Object.assign(client, {
    query: (...args: Parameters<PGlite['query']>) => guarded(() => query(...args)),
    exec: (...args: Parameters<PGlite['exec']>) => guarded(() => exec(...args)),
    // A PANIC inside a transaction stops it there: PGlite's ROLLBACK after it would be given to the
    // backend that is gone. The transaction's caller is failed by `noticed`.
    transaction: <T>(callback: Parameters<PGlite['transaction']>[0]) =>
      guarded(() =>
        transaction(async (tx) => {
          try {
            return (await callback(tx)) as T;
          } catch (err) {
            if (!isPanic(err)) throw err;
            noticed(err);
            return new Promise<never>(() => {});
          }
        }),
      ),
    close: async () => {
      if (panic === undefined) await close();
    },
  });
}
