import { describe, expect, it } from 'vitest';
import { sniffType, isWebVtt } from './sniff';

const bytes = (...b: number[]) => Uint8Array.from(b);
const text = (s: string) => new TextEncoder().encode(s);

describe('sniffType', () => {
  it('recognises the image formats by their first bytes', () => {
    expect(sniffType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe('image/jpeg');
    expect(sniffType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
    expect(sniffType(text('GIF89a....'))).toBe('image/gif');
    expect(sniffType(text('GIF87a....'))).toBe('image/gif');
    expect(sniffType(text('RIFF\x00\x00\x00\x00WEBPVP8 '))).toBe('image/webp');
  });

  it('refuses SVG, HTML, truncated and other files', () => {
    expect(sniffType(text('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(sniffType(text('<?xml version="1.0"?><svg'))).toBeNull();
    expect(sniffType(text('<!doctype html><script>alert(1)</script>'))).toBeNull();
    expect(sniffType(text('RIFF\x00\x00\x00\x00WAVEfmt '))).toBeNull();
    expect(sniffType(bytes(0x89, 0x50, 0x4e))).toBeNull();
    expect(sniffType(bytes())).toBeNull();
  });
});

describe('sniffType for video and audio', () => {
  const webm = (codec: string, withCluster = true) =>
    Uint8Array.from([
      0x1a,
      0x45,
      0xdf,
      0xa3,
      0x9f,
      0x42,
      0x86,
      0x81,
      0x01,
      0x42,
      0x82,
      0x84,
      ...text('webm'),
      ...new Uint8Array(40),
      0x86,
      0x85,
      ...text(codec),
      ...(withCluster ? [0x1f, 0x43, 0xb6, 0x75] : []),
    ]);

  it('tells WebM video from WebM audio by its tracks', () => {
    expect(sniffType(webm('V_VP8'), false)).toBe('video/webm');
    expect(sniffType(webm('A_OPUS'), false)).toBe('more'); // a video track may follow
    expect(sniffType(webm('A_OPUS'), true)).toBe('audio/webm');
    expect(sniffType(webm('A_VORBIS', false), true)).toBe('audio/webm');
  });

  it('tells the real MediaRecorder files apart', async () => {
    const fs = await import('node:fs');
    const clip = fs.readFileSync(new URL('../../test/fixtures/clip.webm', import.meta.url));
    const voice = fs.readFileSync(new URL('../../test/fixtures/voice.webm', import.meta.url));
    expect(sniffType(clip.subarray(0, 4096), false)).toBe('video/webm');
    expect(sniffType(voice.subarray(0, 4096), false)).toBe('more');
    expect(sniffType(voice, true)).toBe('audio/webm');
  });

  it('recognises MP4, QuickTime, M4A, Ogg and MP3', () => {
    expect(sniffType(text('\x00\x00\x00\x18ftypisom\x00\x00\x02\x00'))).toBe('video/mp4');
    expect(sniffType(text('\x00\x00\x00\x14ftypqt  \x00\x00\x00\x00'))).toBe('video/quicktime');
    expect(sniffType(text('\x00\x00\x00\x08wide\x00\x00\x00\x00mdat'))).toBe('video/quicktime');
    expect(sniffType(text('\x00\x00\x00\x20ftypM4A \x00\x00\x00\x00'))).toBe('audio/mp4');
    expect(sniffType(text('OggS\x00\x02\x00\x00\x00\x00\x00\x00\x00\x00\x01\x02OpusHead'))).toBe('audio/ogg');
    expect(sniffType(text('OggS\x00\x02\x00\x00\x00\x00\x00\x00\x00\x00\x01\x02\x80theora'))).toBeNull();
    expect(sniffType(text('ID3\x04\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00'))).toBe('audio/mpeg');
    expect(sniffType(bytes(0xff, 0xfb, 0x90, 0x64, ...new Array(12).fill(0)))).toBe('audio/mpeg');
  });

  it('refuses executables and Matroska that is not WebM', () => {
    expect(sniffType(text('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00'))).toBeNull();
    expect(sniffType(text('\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00'))).toBeNull();
    const mkv = Uint8Array.from([
      0x1a,
      0x45,
      0xdf,
      0xa3,
      0x9f,
      0x42,
      0x82,
      0x88,
      ...text('matroska'),
      ...new Uint8Array(64),
    ]);
    expect(sniffType(mkv)).toBeNull();
  });
});

describe('WebVTT', () => {
  const vtt = (s: string) => new TextEncoder().encode(s);
  const cue = '\n\n00:00.000 --> 00:02.500\nHello, athletes\n';

  it('tells WebVTT by its first line, with or without a BOM', () => {
    expect(sniffType(vtt(`WEBVTT${cue}`))).toBe('text/vtt');
    expect(sniffType(vtt(`\uFEFFWEBVTT - Lesson 201${cue}`))).toBe('text/vtt');
    expect(sniffType(vtt(`WEBVTTX${cue}`))).toBeNull();
    expect(sniffType(vtt(`<!doctype html><title>WEBVTT</title>`))).toBeNull();
  });

  it('takes a whole file only when it is UTF-8 WebVTT with a cue', () => {
    expect(isWebVtt(vtt(`WEBVTT${cue}`))).toBe(true);
    expect(isWebVtt(vtt(`WEBVTT\r\n\r\n01:00:00.000 --> 01:00:02.000\r\nHi\r\n`))).toBe(true);
    expect(isWebVtt(vtt('WEBVTT\n\nno cue here\n'))).toBe(false);
    expect(isWebVtt(vtt(`<html><body>WEBVTT${cue}</body></html>`))).toBe(false);
    expect(isWebVtt(Uint8Array.from([...vtt(`WEBVTT${cue}`), 0xff, 0xfe]))).toBe(false);
    expect(isWebVtt(vtt(`WEBVTT${cue}\0`))).toBe(false);
  });
});
