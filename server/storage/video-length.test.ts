import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { box, mp4Bytes, mvhd } from '../../test/helpers/mp4';
import { mp4Seconds, webmSeconds, type ReadRange } from './video-length';

/** A reader over `bytes` that counts what it was asked for. */
function reader(bytes: Buffer) {
  const asked = { reads: 0, bytes: 0 };
  const read: ReadRange = async (start, end) => {
    asked.reads += 1;
    asked.bytes += end - start + 1;
    return bytes.subarray(start, end + 1);
  };
  return { read, asked };
}

describe('mp4Seconds', () => {
  it('reads the movie header of an MP4, wherever moov is', async () => {
    for (const file of [
      mp4Bytes({ seconds: 125.5 }),
      mp4Bytes({ seconds: 125.5, moovFirst: true }),
      mp4Bytes({ seconds: 125.5, version: 1, timescale: 90_000, largeMdat: true }),
      mp4Bytes({ seconds: 125.5, brand: 'qt  ' }),
      mp4Bytes({ seconds: 125.5, ftyp: false }),
    ]) {
      const { read } = reader(file);
      expect(await mp4Seconds(read, file.length)).toBeCloseTo(125.5, 6);
    }
  });

  it('reads only box headers and the movie header, not the media data', async () => {
    // A 3 GB mdat (64-bit size) that is never there: only its header may be read.
    const head = Buffer.concat([box('ftyp', Buffer.from('isom\0\0\0\0isom')), Buffer.alloc(16)]);
    head.writeUInt32BE(1, 20);
    head.write('mdat', 24, 'latin1');
    const mdatSize = 3 * 1024 ** 3;
    head.writeBigUInt64BE(BigInt(mdatSize), 28);
    const moov = box('moov', Buffer.concat([mvhd(600, 600 * 61), box('trak', Buffer.alloc(500))]));
    const size = head.length + mdatSize - 16 + moov.length;
    const moovAt = size - moov.length;
    let bytesRead = 0;
    const read: ReadRange = async (start, end) => {
      bytesRead += end - start + 1;
      if (start >= moovAt) return moov.subarray(start - moovAt, end - moovAt + 1);
      if (end < head.length) return head.subarray(start, end + 1);
      throw new Error(`read inside mdat: ${start}-${end}`);
    };
    expect(await mp4Seconds(read, size)).toBe(61);
    expect(bytesRead).toBeLessThan(200);
  });

  it('takes a fragmented file’s length from mehd, and says null when the file does not tell', async () => {
    const mehd = Buffer.alloc(8);
    mehd.writeUInt32BE(1000 * 42, 4);
    const fragmented = Buffer.concat([
      box('ftyp', Buffer.from('iso6\0\0\0\0iso6')),
      box('moov', Buffer.concat([mvhd(1000, 0), box('mvex', box('mehd', mehd))])),
    ]);
    expect(await mp4Seconds(reader(fragmented).read, fragmented.length)).toBe(42);

    const noLength = Buffer.concat([
      box('ftyp', Buffer.from('isom\0\0\0\0isom')),
      box('moov', mvhd(1000, 0)),
    ]);
    expect(await mp4Seconds(reader(noLength).read, noLength.length)).toBeNull();
    const noMoov = mp4Bytes({ seconds: 3 }).subarray(0, 40);
    expect(await mp4Seconds(reader(noMoov).read, noMoov.length)).toBeNull();
    // A box that claims more than the file holds stops the walk.
    const broken = Buffer.from(mp4Bytes({ seconds: 3 }));
    broken.writeUInt32BE(0xfffffff0, 0);
    expect(await mp4Seconds(reader(broken).read, broken.length)).toBeNull();
  });
});

describe('webmSeconds', () => {
  it('reads the Duration in a WebM’s Info', async () => {
    const clip = fs.readFileSync(path.join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'clip.webm'));
    const { read, asked } = reader(clip);
    const seconds = await webmSeconds(read, clip.length);
    expect(seconds).toBeGreaterThan(0.9);
    expect(seconds).toBeLessThan(1.3);
    expect(asked.reads).toBe(1);
  });
});
