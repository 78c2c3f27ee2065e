import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import { lsnToBytes, PGLITE_WAL_PARAMS, startCheckpoints } from './pglite-checkpoints';

const SEGMENT = /^[0-9A-F]{24}$/;
const dirs: string[] = [];
const clients: PGlite[] = [];

async function open(params: string[] = PGLITE_WAL_PARAMS) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribe36-wal-'));
  dirs.push(dir);
  const client = await PGlite.create(dir, { startParams: [...PGlite.defaultStartParams, ...params] });
  clients.push(client);
  await client.query('create table t (id serial, v text)');
  return {
    client,
    segments: () => fs.readdirSync(path.join(dir, 'pg_wal')).filter((f) => SEGMENT.test(f)).length,
  };
}

/** About 25 MB of write-ahead log, and nothing left in the table. */
async function write(client: PGlite) {
  await client.query(`insert into t (v) select repeat('x', 1000) from generate_series(1, 20000)`);
  await client.query('delete from t');
}

afterEach(async () => {
  for (const client of clients.splice(0)) await client.close().catch(() => {});
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('lsnToBytes', () => {
  it('reads both halves of an LSN as hex', () => {
    expect(lsnToBytes('0/0')).toBe(0n);
    expect(lsnToBytes('0/1A2B3C4D')).toBe(0x1a2b3c4dn);
    expect(lsnToBytes('2/10')).toBe((2n << 32n) + 16n);
    expect(() => lsnToBytes('nope')).toThrow('Not an LSN');
  });
});

describe('embedded database checkpoints', () => {
  it('keeps the write-ahead log to a few segments however much is written', async () => {
    const db = await open();
    const checkpoints: number[] = [];
    const runner = startCheckpoints(db.client, {
      intervalMs: 60_000,
      onCheckpoint: ({ walBytes }) => checkpoints.push(walBytes),
    });
    await runner.tick();
    for (let i = 0; i < 6; i++) {
      await write(db.client);
      await runner.tick();
    }
    await runner.stop();

    // Without them, every segment written stays (6 rounds of ~25 MB: 10 or more files of 16 MB).
    expect(checkpoints.length).toBeGreaterThanOrEqual(3);
    expect(checkpoints.every((bytes) => bytes >= 32 * 1024 * 1024)).toBe(true);
    // max_wal_size (64 MB) and the segment in use: never more than 6 files of 16 MB.
    expect(db.segments()).toBeLessThanOrEqual(6);
    // Nothing was lost on the way.
    await db.client.query(`insert into t (v) values ('kept')`);
    expect((await db.client.query<{ v: string }>('select v from t')).rows).toEqual([{ v: 'kept' }]);
  }, 120_000);

  it('checkpoints after a quiet spell only when something was written, and not at all while idle', async () => {
    const db = await open();
    const checkpoints: number[] = [];
    const runner = startCheckpoints(db.client, {
      intervalMs: 60_000,
      idleMs: 0,
      onCheckpoint: ({ walBytes }) => checkpoints.push(walBytes),
    });
    await runner.tick();
    await runner.tick();
    expect(checkpoints).toEqual([]);
    await db.client.query(`insert into t (v) values ('a')`);
    await runner.tick();
    expect(checkpoints).toHaveLength(1);
    await runner.tick();
    expect(checkpoints).toHaveLength(1);
    await runner.stop();
  }, 60_000);

  it('reports a failed round and tries again at the next', async () => {
    const errors: unknown[] = [];
    let fail = true;
    const client = {
      async query<R>(sql: string) {
        if (fail) throw new Error('could not write');
        return { rows: [{ lsn: sql.includes('CHECKPOINT') ? '0/0' : '0/10' }] as R[] };
      },
    };
    const runner = startCheckpoints(client, { intervalMs: 60_000, onError: (err) => errors.push(err) });
    await runner.tick();
    expect(errors.length).toBeGreaterThanOrEqual(1);
    fail = false;
    await expect(runner.tick()).resolves.toBeUndefined();
    await runner.stop();
  });
});
