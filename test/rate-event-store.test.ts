import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../server/db/client';
import { rateEvents } from '../server/db/schema';
import {
  createRateEventStore,
  createMemoryRateEventStore,
  createSqlRateEventStore,
  type RateEventStore,
} from '../server/lib/rate-event-store';
import { createTestApp, type TestApp } from './helpers/app';
import { MIGRATIONS_DIR, testDatabaseUrl } from './helpers/database';

/**
 * The two rate-event stores (decision 29) keep the same promises: the memory one of the embedded
 * database, and the `rate_events` one of PostgreSQL, run here on this pass's database (PGlite, or
 * PostgreSQL when TEST_DATABASE_URL is set: the SQL store works on both).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SEC = 1000;
const MIN = 60 * SEC;
const T0 = Date.UTC(2030, 0, 1, 12);
let seq = 0;
/** A key no other test uses (the SQL store's table is shared by the whole file). */
const fresh = (name: string) => `${name}:${++seq}`;

const stores: Array<[string, () => RateEventStore]> = [
  ['in memory', createMemoryRateEventStore],
  ['in the database', () => createSqlRateEventStore(t.app.ctx.database.db)],
];

describe.each(stores)('the rate-event store %s', (_name, make) => {
  let store: RateEventStore;
  beforeAll(() => {
    store = make();
  });
  const rule = { limit: 3, windowMs: MIN };

  it('lets `limit` events through in a window, then says when the oldest leaves it', async () => {
    const key = fresh('lane');
    expect(await store.take([{ key, rule }], T0)).toBe(0);
    expect(await store.take([{ key, rule }], T0 + 10 * SEC)).toBe(0);
    expect(await store.take([{ key, rule }], T0 + 20 * SEC)).toBe(0);
    expect(await store.take([{ key, rule }], T0 + 30 * SEC)).toBe(30 * SEC);
    expect(await store.wait(key, rule, T0 + 30 * SEC)).toBe(30 * SEC);
    // The window slides: the first event leaves it at T0 + 60 s, the second at T0 + 70 s.
    expect(await store.take([{ key, rule }], T0 + MIN)).toBe(0);
    expect(await store.take([{ key, rule }], T0 + MIN + SEC)).toBe(9 * SEC);
  });

  it('counts nothing when refused, and nothing under any key unless every key is under its rule', async () => {
    const lane = fresh('lane');
    const address = fresh('address');
    const one = { limit: 1, windowMs: MIN };
    expect(await store.take([{ key: lane, rule: one }], T0)).toBe(0);
    for (let i = 0; i < 5; i++) {
      expect(
        await store.take(
          [
            { key: address, rule },
            { key: lane, rule: one },
          ],
          T0 + SEC,
        ),
      ).toBe(MIN - SEC);
    }
    // The address was never counted: three events still fit.
    expect(await store.wait(address, rule, T0 + SEC)).toBe(0);
    for (let i = 0; i < 3; i++) expect(await store.take([{ key: address, rule }], T0 + 2 * SEC)).toBe(0);
    expect(await store.wait(address, rule, T0 + 2 * SEC)).toBe(MIN);
    // The refusals did not move the lane's wait either.
    expect(await store.wait(lane, one, T0 + 2 * SEC)).toBe(MIN - 2 * SEC);
  });

  it('forgets one event, even among others of the same millisecond, or a whole key', async () => {
    const key = fresh('address');
    for (let i = 0; i < 3; i++) expect(await store.take([{ key, rule }], T0)).toBe(0);
    expect(await store.wait(key, rule, T0)).toBe(MIN);
    await store.forgetOne(key, T0);
    expect(await store.wait(key, rule, T0)).toBe(0);
    expect(await store.take([{ key, rule }], T0)).toBe(0);
    expect(await store.take([{ key, rule }], T0)).toBe(MIN);
    await store.forgetOne(key, T0 + 1); // no event at that time: nothing forgotten
    expect(await store.wait(key, rule, T0)).toBe(MIN);
    await store.clear(key);
    expect(await store.wait(key, rule, T0)).toBe(0);
    // Other keys are untouched by both.
    const other = fresh('address');
    await store.take([{ key: other, rule: { limit: 1, windowMs: MIN } }], T0);
    await store.clear(key);
    expect(await store.wait(other, { limit: 1, windowMs: MIN }, T0)).toBe(MIN);
  });

  it('prunes events whose window has passed and keeps the others', async () => {
    const old = fresh('old');
    const live = fresh('live');
    const one = { limit: 1, windowMs: MIN };
    await store.take([{ key: old, rule: one }], T0);
    await store.take([{ key: live, rule: one }], T0 + 30 * SEC);
    await store.prune(T0 + MIN);
    expect(await store.wait(old, one, T0)).toBe(0); // gone, even as seen from T0
    expect(await store.wait(live, one, T0 + MIN)).toBe(30 * SEC);
  });

  it('lets exactly `limit` of a burst of parallel events through', async () => {
    const key = fresh('burst');
    const ten = { limit: 10, windowMs: MIN };
    const waits = await Promise.all(Array.from({ length: 40 }, () => store.take([{ key, rule: ten }], T0)));
    expect(waits.filter((w) => w === 0)).toHaveLength(10);
    expect(waits.filter((w) => w === MIN)).toHaveLength(30);
  });

  it('takes keys given in any order side by side without deadlock', async () => {
    const a = fresh('a');
    const b = fresh('b');
    const many = { limit: 100, windowMs: MIN };
    const waits = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        store.take(
          i % 2
            ? [
                { key: a, rule: many },
                { key: b, rule: many },
              ]
            : [
                { key: b, rule: many },
                { key: a, rule: many },
              ],
          T0,
        ),
      ),
    );
    expect(waits.every((w) => w === 0)).toBe(true);
  });
});

describe('the store a server uses', () => {
  it('is the database on PostgreSQL, memory on the embedded database (one process)', async () => {
    const store = createRateEventStore(t.app.ctx.database);
    const key = fresh('choice');
    await store.take([{ key, rule: { limit: 5, windowMs: MIN } }], Date.now());
    const rows = await t.app.ctx.database.db.select().from(rateEvents);
    expect(rows.some((r) => r.key === key)).toBe(t.app.ctx.database.kind === 'postgres');
  });
});

// Separate pools are separate connections, as two server processes have.
describe.runIf(testDatabaseUrl)('the database store, from two connection pools at once', () => {
  let second: Database;
  beforeAll(async () => {
    second = await openDatabase({ url: t.config.databaseUrl!, migrationsDir: MIGRATIONS_DIR });
  });
  afterAll(() => second?.close());

  it('never lets more than the limit through, however the events interleave', async () => {
    const one = createSqlRateEventStore(t.app.ctx.database.db);
    const two = createSqlRateEventStore(second.db);
    const ten = { limit: 10, windowMs: MIN };
    for (let round = 0; round < 3; round++) {
      const lane = fresh('lane');
      const address = fresh('address');
      const waits = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          (i % 2 ? one : two).take(
            [
              { key: lane, rule: ten },
              { key: address, rule: { limit: 50, windowMs: MIN } },
            ],
            T0 + i,
          ),
        ),
      );
      expect(waits.filter((w) => w === 0)).toHaveLength(10);
      expect(await one.wait(address, { limit: 10, windowMs: MIN }, T0 + 40)).toBeGreaterThan(0);
      expect(await two.wait(address, { limit: 11, windowMs: MIN }, T0 + 40)).toBe(0);
    }
  });
});
