import { describe, expect, it } from 'vitest';
import { rounds } from './rounds';

/** A round that waits until `release` is called, numbering its runs. */
function heldRounds() {
  let n = 0;
  const releases: Array<() => void> = [];
  const warned: string[] = [];
  const worker = rounds({
    round: () => {
      const mine = ++n;
      return new Promise<number>((resolve) => releases.push(() => resolve(mine)));
    },
    pollMs: 60_000,
    log: { warn: (_obj, msg) => warned.push(msg) },
    failed: 'the round failed',
  });
  const releaseNext = async () => {
    while (releases.length === 0) await new Promise((r) => setTimeout(r, 1));
    releases.shift()!();
  };
  return { worker, releaseNext, started: () => n, warned };
}

describe('rounds', () => {
  it('runs one round at a time: calls during a round share the one after it', async () => {
    const { worker, releaseNext, started } = heldRounds();
    const first = worker.run();
    const second = worker.run();
    const third = worker.run();
    expect(started()).toBe(1);
    await releaseNext();
    expect(await first).toBe(1);
    await releaseNext();
    expect(await Promise.all([second, third])).toEqual([2, 2]);
    expect(started()).toBe(2);
  });

  it('logs a failed round, gives its callers the error, and runs the next', async () => {
    let fail = true;
    const warned: string[] = [];
    const worker = rounds({
      round: async () => {
        if (fail) throw new Error('no database');
        return 'ok';
      },
      pollMs: 60_000,
      log: { warn: (_obj, msg) => warned.push(msg) },
      failed: 'the round failed',
    });
    await expect(worker.run()).rejects.toThrow('no database');
    expect(warned).toEqual(['the round failed']);
    fail = false;
    expect(await worker.run()).toBe('ok');
  });

  it('stop waits for the round under way and the one waiting, and start does nothing after it', async () => {
    const { worker, releaseNext, started } = heldRounds();
    void worker.run();
    const waiting = worker.run();
    let stopped = false;
    const stopping = worker.stop().then(() => (stopped = true));
    expect(worker.stopped).toBe(true);
    await releaseNext();
    await releaseNext();
    await stopping;
    expect(stopped).toBe(true);
    expect(await waiting).toBe(2);
    worker.start();
    expect(started()).toBe(2);
  });
});
