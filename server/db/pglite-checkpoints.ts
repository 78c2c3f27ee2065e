/**
 * Checkpoints for the embedded database (decision 49).
 *
 * PGlite runs PostgreSQL as a single-user backend: there is no checkpointer process, and a
 * standalone backend never requests a checkpoint when its write-ahead log passes `max_wal_size`
 * (PostgreSQL asks for one only under a postmaster). So, left alone, `DATA_DIR/db/pg_wal` grows by
 * every byte ever written until the server stops (measured: 17 segments of 16 MB after 240 MB of
 * writes, and still 17 after a checkpoint with the default `max_wal_size` of 1 GB, which keeps
 * that many segments for reuse). The server therefore asks for one itself: every `intervalMs` it
 * reads how far the log has moved since the last checkpoint, and runs `CHECKPOINT` once it has moved
 * `walBytes`, or at all when `idleMs` have passed since the last one. With `max_wal_size` set low
 * (PGLITE_WAL_PARAMS) the segments beyond it are then removed instead of kept: 4 were left.
 *
 * A checkpoint writes the dirty pages of the buffer cache (16 MB by default) and runs inside
 * PGlite, which serves one statement at a time: it holds other queries for its few milliseconds.
 */

/** Start parameters that let a checkpoint remove old segments rather than keep 1 GB of them. */
export const PGLITE_WAL_PARAMS = ['-c', 'max_wal_size=64MB', '-c', 'min_wal_size=32MB'];

type Queryable = {
  query<R>(sql: string): Promise<{ rows: R[] }>;
};

export type CheckpointOptions = {
  /** How often the log's position is read. */
  intervalMs?: number;
  /** How far the log may move before a checkpoint. */
  walBytes?: number;
  /** The longest time between checkpoints while anything at all was written. */
  idleMs?: number;
  /** Called when a checkpoint fails (a full disk, a database closing); the next tick tries again. */
  onError?: (err: unknown) => void;
  /** Called after each checkpoint, with how far the log had moved and how long it took. */
  onCheckpoint?: (info: { walBytes: number; ms: number }) => void;
};

export const CHECKPOINT_DEFAULTS = {
  intervalMs: 30_000,
  walBytes: 32 * 1024 * 1024,
  idleMs: 5 * 60_000,
} as const;

/** An LSN such as `0/1A2B3C4D` as a byte position. */
export function lsnToBytes(lsn: string): bigint {
  const [high, low] = lsn.split('/');
  if (high === undefined || low === undefined || !/^[0-9A-F]+$/i.test(high) || !/^[0-9A-F]+$/i.test(low)) {
    throw new Error(`Not an LSN: ${JSON.stringify(lsn)}`);
  }
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/**
 * Starts the checkpoints; returns `{ tick, stop }`: `tick()` runs one round now (for tests and for
 * callers that know they just wrote a lot), `stop()` ends the timer (idempotent). The timer never
 * keeps the process alive.
 */
export function startCheckpoints(client: Queryable, options: CheckpointOptions = {}) {
  const intervalMs = options.intervalMs ?? CHECKPOINT_DEFAULTS.intervalMs;
  const walBytes = BigInt(options.walBytes ?? CHECKPOINT_DEFAULTS.walBytes);
  const idleMs = options.idleMs ?? CHECKPOINT_DEFAULTS.idleMs;
  let lastLsn: bigint | null = null;
  let lastAt = Date.now();
  let running: Promise<void> | null = null;
  let stopped = false;

  const position = async () =>
    lsnToBytes(
      (await client.query<{ lsn: string }>('select pg_current_wal_insert_lsn()::text as lsn')).rows[0]!.lsn,
    );

  async function round() {
    const now = await position();
    if (lastLsn === null) {
      lastLsn = now;
      return;
    }
    const moved = now - lastLsn;
    if (moved <= 0n) return;
    if (moved < walBytes && Date.now() - lastAt < idleMs) return;
    const started = performance.now();
    await client.query('CHECKPOINT');
    // The checkpoint record itself moves the log: start counting after it.
    lastLsn = await position();
    lastAt = Date.now();
    options.onCheckpoint?.({ walBytes: Number(moved), ms: Math.round(performance.now() - started) });
  }

  const tick = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    running ??= round()
      .catch((err: unknown) => options.onError?.(err))
      .finally(() => (running = null));
    return running;
  };

  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  // The starting position, so that the first interval already counts.
  void tick();
  return {
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
