import type { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { failFastAfterPanic, isPanic, STOPPED_MESSAGE } from './pglite-panic';

const panicError = () =>
  Object.assign(new Error('could not write to file "pg_wal/xlogtemp.42": No space left on device'), {
    code: '53100',
    severity: 'PANIC',
  });

/**
 * A stand-in for PGlite: `query('panic')` fails with a PANIC; what reached it is in `ran`. A
 * transaction's own queries go to it directly, as PGlite's do.
 */
function fakeClient() {
  const ran: string[] = [];
  async function query(sql: string) {
    ran.push(sql);
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (sql === 'panic') throw panicError();
    return { rows: [{ sql }] };
  }
  const client = {
    query,
    async exec(sql: string) {
      ran.push(sql);
      return [{ rows: [] }];
    },
    async transaction(callback: (tx: unknown) => Promise<unknown>) {
      ran.push('BEGIN');
      try {
        return await callback({ query });
      } catch (err) {
        ran.push('ROLLBACK');
        throw err;
      }
    },
    async close() {
      ran.push('close');
    },
  };
  return { client, ran };
}

describe('isPanic', () => {
  it('knows a PANIC, also wrapped, and nothing else', () => {
    expect(isPanic(panicError())).toBe(true);
    expect(isPanic(new Error('Failed query', { cause: panicError() }))).toBe(true);
    expect(
      isPanic(Object.assign(new Error('could not extend file'), { code: '53100', severity: 'ERROR' })),
    ).toBe(false);
    expect(isPanic(undefined)).toBe(false);
  });
});

describe('failFastAfterPanic', () => {
  it('passes answers and errors through while the database lives', async () => {
    const { client } = fakeClient();
    const refused = Object.assign(new Error('duplicate key'), { code: '23505', severity: 'ERROR' });
    client.exec = async () => {
      throw refused;
    };
    failFastAfterPanic(client as unknown as PGlite);
    await expect(client.query('select 1')).resolves.toEqual({ rows: [{ sql: 'select 1' }] });
    await expect(client.exec('insert')).rejects.toBe(refused);
    await expect(client.query('select 2')).resolves.toEqual({ rows: [{ sql: 'select 2' }] });
  });

  it('after a PANIC, fails the calls waiting and every later one at once, with 53100', async () => {
    const { client, ran } = fakeClient();
    failFastAfterPanic(client as unknown as PGlite);
    const first = client.query('panic');
    const waiting = client.query('select 1'); // sent while the PANIC is under way
    await expect(first).rejects.toMatchObject({ severity: 'PANIC', code: '53100' });
    await expect(waiting).rejects.toMatchObject({ code: '53100', message: STOPPED_MESSAGE });
    await expect(client.query('select 2')).rejects.toMatchObject({ code: '53100', message: STOPPED_MESSAGE });
    await expect(client.exec('select 3')).rejects.toMatchObject({ code: '53100' });
    await client.close();
    expect(ran).toEqual(['panic']); // nothing else reached the backend that is gone
  });

  it('ends a transaction at its PANIC, without giving the backend a ROLLBACK', async () => {
    const { client, ran } = fakeClient();
    failFastAfterPanic(client as unknown as PGlite);
    const tx = client.transaction(async (t) =>
      (t as { query: (s: string) => Promise<unknown> }).query('panic'),
    );
    await expect(tx).rejects.toMatchObject({ code: '53100' });
    await expect(client.query('select 1')).rejects.toMatchObject({ message: STOPPED_MESSAGE });
    expect(ran).toEqual(['BEGIN', 'panic']);
  });

  it('runs one call at a time, in order', async () => {
    const { client, ran } = fakeClient();
    failFastAfterPanic(client as unknown as PGlite);
    await Promise.all([client.query('a'), client.exec('b'), client.query('c')]);
    await client.close();
    expect(ran).toEqual(['a', 'b', 'c', 'close']);
  });
});
