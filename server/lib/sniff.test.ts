import { describe, expect, it } from 'vitest';
import { sniffType } from './sniff';

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
