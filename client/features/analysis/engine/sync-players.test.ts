import { describe, expect, it } from 'vitest';
import type { AnalysisEngine, Control } from './analysis-engine';
import type { Speed } from './annotations';
import { syncPlayers } from './sync-players';

/** A stand-in player: a clock, a rate and a playing flag, echoing commands as the engine does. */
function fakePlayer(time: number, duration = 10) {
  const listeners = new Set<(c: Control) => void>();
  const p = {
    currentTime: time,
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
      p.currentTime += frames / 30;
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

  it('stops when unlinked', () => {
    const a = fakePlayer(0);
    const b = fakePlayer(1);
    const unlink = syncPlayers(asEngine(a), asEngine(b));
    unlink();
    a.seek(4);
    expect(b.currentTime).toBe(1);
  });
});
