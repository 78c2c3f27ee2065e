import zlib from 'node:zlib';
import { expect } from 'vitest';
import type { App } from '../../server/app';

/** A real PNG of w×h pixels (one colour), built byte by byte. */
export function pngBytes(w = 2, h = 2, rgb: [number, number, number] = [255, 90, 0]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  const raw = Buffer.concat(
    Array.from({ length: h }, () =>
      Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: w }, () => rgb).flat())]),
    ),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A JPEG-looking file: the JPEG signature and some bytes (enough for content checks). */
export function jpegBytes(size = 2048): Buffer {
  const buf = Buffer.alloc(size, 0x11);
  buf.set([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
  return buf;
}

/** A multipart/form-data body with one file, as a browser would send it. */
export async function multipart(field: string, file: { name: string; type: string; bytes: Buffer }) {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const req = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await req.arrayBuffer()),
    headers: { 'content-type': req.headers.get('content-type')! },
  };
}

/** Uploads a file with POST /api/upload as `who` (checked by content): 200, and the file's URL. */
export async function uploadFile(
  app: App,
  who: { cookie: string },
  file: { name: string; type: string; bytes: Buffer },
): Promise<string> {
  const body = await multipart('file', file);
  const res = await app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { ...body.headers, cookie: who.cookie },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().url as string;
}

/** Uploads a frame (a PNG of 8×6 pixels in one colour, as an attempt's) as `who`: its URL. */
export const uploadFrame = (
  app: App,
  who: { cookie: string },
  rgb: [number, number, number] = [10, 200, 30],
) => uploadFile(app, who, { name: 'frame.png', type: 'image/png', bytes: pngBytes(8, 6, rgb) });
