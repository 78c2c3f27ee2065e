import zlib from 'node:zlib';

/**
 * A gzipped ustar archive of raw entries, written by hand rather than by server/backup/tar.ts, so
 * that tests can hand the restore anything: links, `..`, absolute paths.
 */
export function rawTarGz(
  entries: { name: string; flag?: string; body?: Buffer; linkName?: string }[],
): Buffer {
  const blocks: Buffer[] = [];
  for (const e of entries) {
    const body = e.body ?? Buffer.alloc(0);
    const h = Buffer.alloc(512);
    h.write(e.name, 0, 100);
    h.write('0000644\0', 100);
    h.write('0000000\0', 108);
    h.write('0000000\0', 116);
    h.write(body.length.toString(8).padStart(11, '0') + '\0', 124);
    h.write('00000000000\0', 136);
    h.write(e.flag ?? '0', 156);
    h.write(e.linkName ?? '', 157, 100);
    h.write('ustar\0' + '00', 257);
    h.fill(0x20, 148, 156);
    let sum = 0;
    for (const b of h) sum += b;
    h.write(sum.toString(8).padStart(6, '0') + '\0 ', 148);
    blocks.push(h, body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return zlib.gzipSync(Buffer.concat(blocks));
}

/** A valid manifest listing `files` files of `bytes` bytes in all. */
export function manifestBody(files: number, bytes: number): Buffer {
  return Buffer.from(
    JSON.stringify({
      format: 'tribe36-backup',
      formatVersion: 1,
      app: { name: 'tribe36', version: '0.1.0' },
      createdAt: new Date().toISOString(),
      kind: 'offline',
      embeddedDatabase: false,
      contents: ['uploads'],
      files,
      bytes,
    }),
  );
}
