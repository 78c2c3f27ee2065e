import { describe, expect, it } from 'vitest';
import type { AnalysisEngine, Control } from './analysis-engine';
import type { Speed } from './annotations';
import { syncOffset, syncPlayers } from './sync-players';

/**
 * A stand-in player: a clock, a rate, a playing flag and its timing (file rate, capture rate), echoing
 * commands as the engine does.
 */
function fakePlayer(time: number, duration = 10, timing = { fileFps: 30, captureFps: 30 }) {
  const listeners = new Set<(c: Control) => void>();
  const p = {
    currentTime: time,
    getState: () => ({ timing }),
    playing: false,
    speed: '1' as Speed,
    echo(c: Control, opts?: { echo?: boolean }) {
      if (opts?.echo !== false) for (const l of listeners) l(c);
    },
    onControl(l: (c: Control) => void) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    play(opts?: { echo?: boolean }) {
      p.playing = true;
      p.echo({ kind: 'play' }, opts);
    },
    pause(opts?: { echo?: boolean }) {
      p.playing = false;
      p.echo({ kind: 'pause' }, opts);
    },
    setSpeed(speed: Speed, opts?: { echo?: boolean }) {
      p.speed = speed;
      p.echo({ kind: 'speed', speed }, opts);
    },
    seek(t: number, opts?: { echo?: boolean }) {
      p.currentTime = Math.min(duration, Math.max(0, t));
      p.echo({ kind: 'seek', time: t }, opts);
    },
    step(frames: number, opts?: { echo?: boolean }) {
      p.playing = false;
      p.currentTime += frames / timing.fileFps;
      p.echo({ kind: 'step', frames }, opts);
    },
  };
  return p;
}
const asEngine = (p: ReturnType<typeof fakePlayer>) => p as unknown as AnalysisEngine;

describe('syncPlayers', () => {
  it('keeps the offset of the moment it was linked, through seeks from either side', () => {
    const a = fakePlayer(1);
    const b = fakePlayer(1.5);
    syncPlayers(asEngine(a), asEngine(b));
    a.seek(3);
    expect(b.currentTime).toBeCloseTo(3.5, 9);
    b.seek(2);
    expect(a.currentTime).toBeCloseTo(1.5, 9);
  });

  it('links play, pause, speed and frame steps', () => {
    const a = fakePlayer(0);
    const b = fakePlayer(0.25);
    syncPlayers(asEngine(a), asEngine(b));
    a.play();
    expect(b.playing).toBe(true);
    a.currentTime = 2;
    a.pause();
    expect(b.playing).toBe(false);
    expect(b.currentTime).toBeCloseTo(2.25, 9);
    b.setSpeed('0.5');
    expect(a.speed).toBe('0.5');
    a.step(1);
    expect(b.currentTime).toBeCloseTo(2 + 1 / 30 + 0.25, 9);
  });

  it('follows in real time between clips of different capture rates', () => {
    // Player a: a 240 fps capture saved at 30 fps (8 s of file per real second); b: a normal 30 fps clip.
    const a = fakePlayer(0, 20, { fileFps: 30, captureFps: 240 });
    const b = fakePlayer(0.5, 20);
    syncPlayers(asEngine(a), asEngine(b));
    // 240 frames of a are 1.000 s of real time: b goes 1 s on, from its 0.5 s offset.
    a.seek(8);
    expect(b.currentTime).toBeCloseTo(1.5, 9);
    // A second of b is 8 s of a's file.
    b.seek(2.5);
    expect(a.currentTime).toBeCloseTo(16, 9);
    // One frame of a is 1/240 s of real time; b follows by that much, not by a frame of its own.
    a.step(1);
    expect(b.currentTime).toBeCloseTo(2.5 + 1 / 240, 9);
    a.play();
    expect(b.playing).toBe(true);
  });

  it('keeps the offset of the moment it was linked in real time', () => {
    const a = fakePlayer(4, 20, { fileFps: 30, captureFps: 240 });
    const b = fakePlayer(1, 20, { fileFps: 30, captureFps: 120 });
    // a is at 0.5 s of real time, b at 0.25 s: b is 0.25 s behind.
    expect(syncOffset(asEngine(a), asEngine(b))).toBeCloseTo(-0.25, 9);
    syncPlayers(asEngine(a), asEngine(b));
    a.seek(8);
    // a at 1 s real, b at 0.75 s real: 3 s of its 120 fps capture saved at 30 fps.
    expect(b.currentTime).toBeCloseTo(3, 9);
  });

  it('stops when unlinked', () => {
    const a = fakePlayer(0);
    const b = fakePlayer(1);
    const unlink = syncPlayers(asEngine(a), asEngine(b));
    unlink();
    a.seek(4);
    expect(b.currentTime).toBe(1);
  });
});
