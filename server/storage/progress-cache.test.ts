import { describe, expect, it } from 'vitest';
import { fakeNotifyDatabase } from '../db/fake-notify-database';
import { createProgressCache } from './progress-cache';

const settle = () => new Promise((r) => setTimeout(r, 20));
/** Member ids, as the channel carries them. */
const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

/** A loader that counts its reads and answers the member's current value. */
function loader(values: Map<string, number>) {
  const reads = { count: 0 };
  return {
    reads,
    load: (user: string) => async () => {
      reads.count += 1;
      return values.get(user) ?? 0;
    },
  };
}

describe("the members' progress answers in memory", () => {
  it('reads a member once, then answers from memory, each member apart', async () => {
    const db = fakeNotifyDatabase();
    const cache = createProgressCache<number>(db.database);
    await cache.start();
    const values = new Map([
      [A, 1],
      [B, 2],
    ]);
    const { reads, load } = loader(values);
    expect(await cache.get(A, load(A))).toBe(1);
    expect(await cache.get(A, load(A))).toBe(1);
    expect(await cache.get(B, load(B))).toBe(2);
    expect(reads.count).toBe(2);
    await cache.stop();
  });

  it("forgets a member's answer on their change, on this process and another", async () => {
    const db = fakeNotifyDatabase();
    const here = createProgressCache<number>(db.database);
    const there = createProgressCache<number>(db.database);
    await Promise.all([here.start(), there.start()]);
    const values = new Map([
      [A, 1],
      [B, 5],
    ]);
    const { reads, load } = loader(values);
    await here.get(A, load(A));
    await there.get(A, load(A));
    await there.get(B, load(B));
    values.set(A, 2);
    await here.changed(A);
    // This process knows at once; the other once told.
    expect(await here.get(A, load(A))).toBe(2);
    await settle();
    expect(await there.get(A, load(A))).toBe(2);
    // Another member's answer stays.
    const before = reads.count;
    expect(await there.get(B, load(B))).toBe(5);
    expect(reads.count).toBe(before);
    await Promise.all([here.stop(), there.stop()]);
  });

  it("forgets everyone's answers on a coach's post (null), and on an admin granted elsewhere", async () => {
    const db = fakeNotifyDatabase();
    const here = createProgressCache<number>(db.database);
    const there = createProgressCache<number>(db.database);
    await Promise.all([here.start(), there.start()]);
    const values = new Map([[A, 1]]);
    const { load } = loader(values);
    await there.get(A, load(A));
    values.set(A, 7);
    await here.changed(null);
    await settle();
    expect(await there.get(A, load(A))).toBe(7);
    values.set(A, 8);
    await db.database.notify('tribe36_auth', 'u:00000000-0000-4000-8000-000000000000');
    await settle();
    expect(await there.get(A, load(A))).toBe(8);
    await Promise.all([here.stop(), there.stop()]);
  });

  it('does not keep an answer read while a change was made, nor anything while notifications are down', async () => {
    const db = fakeNotifyDatabase();
    const cache = createProgressCache<number>(db.database);
    await cache.start();
    const values = new Map([[A, 1]]);
    let release!: () => void;
    const slow = cache.get(A, async () => {
      const value = values.get(A)!;
      await new Promise<void>((r) => (release = r));
      return value;
    });
    await settle();
    values.set(A, 2);
    await cache.changed(A);
    release();
    expect(await slow).toBe(1);
    // The answer read before the change was not kept.
    const { reads, load } = loader(values);
    expect(await cache.get(A, load(A))).toBe(2);
    expect(reads.count).toBe(1);

    db.setUp(false);
    expect(await cache.get(A, load(A))).toBe(2);
    expect(await cache.get(A, load(A))).toBe(2);
    expect(reads.count).toBe(3);
    db.setUp(true);
    await cache.get(A, load(A));
    await cache.get(A, load(A));
    expect(reads.count).toBe(4);
    await cache.stop();
  });

  it('keeps an answer at most five minutes', async () => {
    const db = fakeNotifyDatabase();
    let now = 0;
    const cache = createProgressCache<number>(db.database, { now: () => now });
    await cache.start();
    const { reads, load } = loader(new Map([[A, 1]]));
    await cache.get(A, load(A));
    now += 4 * 60_000;
    await cache.get(A, load(A));
    expect(reads.count).toBe(1);
    now += 2 * 60_000;
    await cache.get(A, load(A));
    expect(reads.count).toBe(2);
    await cache.stop();
  });
});
