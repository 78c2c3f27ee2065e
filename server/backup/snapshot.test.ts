import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { snapshotDataDir, type SnapshotOptions } from './snapshot';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tribe36-snapshot-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

function write(file: string, data: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, data);
}

describe('snapshotDataDir', () => {
  it('copies the database as it is in the pause: what changed, appeared or went since the first pass too', async () => {
    const dir = fs.mkdtempSync(path.join(scratch, 'd-'));
    const hourAgo = new Date(Date.now() - 3600_000);
    for (const name of ['settled', 'rewritten', 'removed']) {
      write(path.join(dir, 'db', 'base', name), `${name} v1`);
      fs.utimesSync(path.join(dir, 'db', 'base', name), hourAgo, hourAgo);
    }
    write(path.join(dir, 'db', 'pg_wal', '000000010000000000000001'), 'wal v1');
    write(path.join(dir, 'uploads', 'ab', 'before'), 'photo 1');
    let paused = false;
    const database: NonNullable<SnapshotOptions['database']> = {
      db: { execute: async () => ({ rows: [] }) } as never,
      async runExclusive<T>(fn: () => Promise<T>): Promise<T> {
        // Written between the first pass and the pause: same sizes, in place, as PostgreSQL does.
        write(path.join(dir, 'db', 'base', 'rewritten'), 'rewritten v2');
        fs.utimesSync(path.join(dir, 'db', 'base', 'rewritten'), new Date(), new Date());
        fs.writeFileSync(path.join(dir, 'db', 'pg_wal', '000000010000000000000001'), 'wal v2');
        fs.rmSync(path.join(dir, 'db', 'base', 'removed'));
        write(path.join(dir, 'db', 'base', 'created'), 'created');
        write(path.join(dir, 'uploads', 'cd', 'after'), 'photo 2');
        paused = true;
        try {
          return await fn();
        } finally {
          paused = false;
        }
      },
    };
    const { dir: copy } = await snapshotDataDir({ dataDir: dir, database });
    expect(paused).toBe(false);
    const read = (...p: string[]) => fs.readFileSync(path.join(copy, ...p), 'utf8');
    expect(read('db', 'base', 'settled')).toBe('settled v1');
    expect(read('db', 'base', 'rewritten')).toBe('rewritten v2');
    expect(read('db', 'base', 'created')).toBe('created');
    expect(read('db', 'pg_wal', '000000010000000000000001')).toBe('wal v2');
    expect(fs.existsSync(path.join(copy, 'db', 'base', 'removed'))).toBe(false);
    expect(read('uploads', 'ab', 'before')).toBe('photo 1');
    expect(read('uploads', 'cd', 'after')).toBe('photo 2');
  });
});
