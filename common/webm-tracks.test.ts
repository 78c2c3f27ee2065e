import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { webmTrackKinds } from './webm-tracks';

const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join('test/fixtures', name)));

describe('webmTrackKinds', () => {
  // All three straight from Chromium's MediaRecorder: a screen alone, a voice alone, a screen with a voice.
  it('tells the kinds of track a recorder wrote', () => {
    expect(webmTrackKinds(fixture('recorded-screen.webm'))).toEqual({ video: true, audio: false });
    expect(webmTrackKinds(fixture('recorded-voice.webm'))).toEqual({ video: false, audio: true });
    expect(webmTrackKinds(fixture('screen-with-voice.webm'))).toEqual({ video: true, audio: true });
  });

  it('answers from the head alone, and null until the head holds all of Tracks', () => {
    const file = fixture('screen-with-voice.webm');
    const lengths = Array.from({ length: 400 }, (_, i) => i);
    const answers = lengths.map((n) => webmTrackKinds(file.subarray(0, n)));
    const first = answers.findIndex((a) => a !== null);
    expect(first).toBeGreaterThan(40);
    expect(answers.slice(0, first).every((a) => a === null)).toBe(true);
    expect(answers.slice(first).every((a) => a?.audio === true && a.video === true)).toBe(true);
  });

  it('knows nothing of bytes that are not WebM', () => {
    expect(webmTrackKinds(new TextEncoder().encode('just some notes\n'.repeat(10)))).toBeNull();
    expect(webmTrackKinds(new Uint8Array(0))).toBeNull();
  });
});
