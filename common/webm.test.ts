import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { planWebmMend, WebmScanner, type WebmScan } from './webm';

// Straight from Chromium's MediaRecorder (opus voice, VP8 screen): no Duration, no Cues.
const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join('test/fixtures', name)));
const voice = fixture('recorded-voice.webm');
const screen = fixture('recorded-screen.webm');

function scan(bytes: Uint8Array, chunk = bytes.length): WebmScan {
  const scanner = new WebmScanner();
  for (let at = 0; at < bytes.length; at += chunk) scanner.push(bytes.subarray(at, at + chunk));
  return scanner.end();
}

function mend(bytes: Uint8Array): Uint8Array {
  const plan = planWebmMend(scan(bytes));
  if (!plan) throw new Error('no plan');
  const out = new Uint8Array(plan.head.length + bytes.length - plan.resumeAt);
  out.set(plan.head);
  out.set(bytes.subarray(plan.resumeAt), plan.head.length);
  return out;
}

const CLUSTER_ID = [0x1f, 0x43, 0xb6, 0x75];

describe('WebM duration and cues', () => {
  it('finds no Duration in a MediaRecorder file, and its length from the last frames', () => {
    const found = scan(voice);
    expect(found.problem).toBeNull();
    expect(found.hasDuration).toBe(false);
    expect(found.hasCues).toBe(false);
    expect(found.timecodeScale).toBe(1_000_000);
    // About 2.5 s were recorded.
    expect(found.durationTicks).toBeGreaterThan(2300);
    expect(found.durationTicks).toBeLessThan(2700);
    expect(found.clusters.length).toBeGreaterThan(1);
  });

  it('reads the same in small chunks as in one', () => {
    const whole = scan(voice);
    const chunked = scan(voice, 7);
    expect({ ...chunked, head: [...chunked.head] }).toEqual({ ...whole, head: [...whole.head] });
  });

  it.each([
    ['voice', voice],
    ['screen', screen],
  ])('writes Duration and Cues into the %s recording, the frames untouched', (_name, bytes) => {
    const before = scan(bytes);
    const mended = mend(bytes);
    const after = scan(mended, 1000);
    expect(after.problem).toBeNull();
    expect(after.hasDuration).toBe(true);
    expect(after.hasCues).toBe(true);
    expect(after.durationTicks).toBe(before.durationTicks);
    // Every Cluster is there, with its bytes, shifted by the new head.
    const shift = mended.length - bytes.length;
    expect(after.clusters.map((c) => c.time)).toEqual(before.clusters.map((c) => c.time));
    for (const [i, c] of after.clusters.entries()) {
      expect(c.position).toBe(before.clusters[i]!.position + shift);
      const at = after.segment!.dataStart + c.position;
      expect([...mended.subarray(at, at + 4)]).toEqual(CLUSTER_ID);
    }
    const firstCluster = before.segment!.dataStart + before.clusters[0]!.position;
    expect(
      Buffer.from(mended.subarray(firstCluster + shift)).equals(Buffer.from(bytes.subarray(firstCluster))),
    ).toBe(true);
    // Mended once: nothing more to do.
    expect(planWebmMend(after)).toBeNull();
  });

  it('writes the length in seconds it found', () => {
    const plan = planWebmMend(scan(voice))!;
    expect(plan.durationSeconds).toBeCloseTo(scan(voice).durationTicks / 1000, 6);
  });

  it('leaves a finished file (Duration, Cues, SeekHead) alone', () => {
    const finished = scan(fixture('voice.webm'));
    expect(finished.problem).toBeNull();
    expect(finished.hasDuration).toBe(true);
    expect(planWebmMend(finished)).toBeNull();
  });

  it('gives up on what is not WebM, and on a file cut in its head', () => {
    expect(scan(new TextEncoder().encode('<!doctype html><title>x</title>')).problem).not.toBeNull();
    expect(planWebmMend(scan(voice.subarray(0, 60)))).toBeNull();
  });
});
