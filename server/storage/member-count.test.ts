import { describe, expect, it } from 'vitest';
import { fakeNotifyDatabase } from '../db/fake-notify-database';
import { createMemberCount } from './member-count';

/** The member table as a number, with counted reads, on a database shared by several processes. */
function fakeDatabase() {
  const state = { members: 0, reads: 0, readMs: 0 };
  const users = {
    async count() {
      state.reads += 1;
      if (state.readMs > 0) await new Promise((r) => setTimeout(r, state.readMs));
      return state.members;
    },
  };
  return { state, users, ...fakeNotifyDatabase() };
}

const settle = () => new Promise((r) => setTimeout(r, 20));

describe('the member count', () => {
  it('is read from the database once, then answered from memory', async () => {
    const db = fakeDatabase();
    db.state.members = 12;
    const count = createMemberCount(db.database, db.users);
    await count.start();
    expect(count.peek()).toBeUndefined();
    expect(await Promise.all([count.current(), count.current(), count.current()])).toEqual([12, 12, 12]);
    expect(await count.current()).toBe(12);
    expect(db.state.reads).toBe(1);
    expect(count.peek()).toBe(12);
  });

  it('is right at once in the process where someone joined, and soon in every other', async () => {
    const db = fakeDatabase();
    db.state.members = 12;
    const here = createMemberCount(db.database, db.users);
    const there = createMemberCount(db.database, db.users);
    await here.start();
    await there.start();
    const heardHere: number[] = [];
    const heardThere: number[] = [];
    here.onChange((n) => heardHere.push(n));
    there.onChange((n) => heardThere.push(n));
    await here.current();
    await there.current();

    db.state.members = 13;
    await here.changed();
    expect(await here.current()).toBe(13);
    expect(heardHere).toEqual([13]);
    await expect.poll(() => heardThere).toEqual([13]);
    expect(await there.current()).toBe(13);

    // A deleted account: one less, everywhere; the echo of its own notice changes nothing here.
    db.state.members = 12;
    await there.changed();
    await expect.poll(() => heardHere).toEqual([13, 12]);
    await settle();
    expect(heardThere).toEqual([13, 12]);
  });

  it('tells its listeners only of counts that differ from the last one', async () => {
    const db = fakeDatabase();
    db.state.members = 3;
    const count = createMemberCount(db.database, db.users);
    await count.start();
    const heard: number[] = [];
    count.onChange((n) => heard.push(n));
    await count.current();
    await count.changed();
    await settle();
    expect(heard).toEqual([]);
  });

  it('reads once more for notices that came while a read was under way, not once per notice', async () => {
    const db = fakeDatabase();
    const count = createMemberCount(db.database, db.users);
    await count.start();
    await count.current();
    const reads = db.state.reads;
    db.state.readMs = 5;
    db.state.members = 5;
    await Promise.all([count.changed(), count.changed(), count.changed(), count.changed()]);
    expect(db.state.reads - reads).toBe(1);
    expect(await count.current()).toBe(5);
    // Their four notices: one read starts, the three after it wait for one more.
    await settle();
    await settle();
    expect(db.state.reads - reads).toBe(3);
  });

  it('reads the database while notifications are down, and again when they return', async () => {
    const db = fakeDatabase();
    db.state.members = 20;
    const count = createMemberCount(db.database, db.users);
    await count.start();
    const heard: number[] = [];
    count.onChange((n) => heard.push(n));
    await count.current();

    db.setUp(false);
    db.state.members = 21; // joined on another process, whose notice is lost
    expect(await count.current()).toBe(21);
    db.state.members = 22;
    db.setUp(true);
    await expect.poll(() => heard).toEqual([21, 22]);
    const reads = db.state.reads;
    expect(await count.current()).toBe(22);
    expect(db.state.reads).toBe(reads);
  });
});
