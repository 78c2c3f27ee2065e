/** An ISO BMFF box: 32-bit size, type, payload; `large` writes the 64-bit size form (size 1). */
export function box(type: string, payload: Buffer = Buffer.alloc(0), large = false): Buffer {
  const header = Buffer.alloc(large ? 16 : 8);
  if (large) {
    header.writeUInt32BE(1, 0);
    header.writeBigUInt64BE(BigInt(16 + payload.length), 8);
  } else header.writeUInt32BE(8 + payload.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, payload]);
}

/** A movie header (`mvhd`), version 0 (32-bit times) or 1 (64-bit), with the given timescale and duration. */
export function mvhd(timescale: number, duration: number, version: 0 | 1 = 0): Buffer {
  const times = version === 1 ? 28 : 16; // creation, modification, timescale, duration
  const body = Buffer.alloc(4 + times + 80);
  body[0] = version;
  if (version === 1) {
    body.writeUInt32BE(timescale, 20);
    body.writeBigUInt64BE(BigInt(duration), 24);
  } else {
    body.writeUInt32BE(timescale, 12);
    body.writeUInt32BE(duration, 16);
  }
  body.writeUInt32BE(0x00010000, 4 + times); // rate 1.0
  body.writeUInt16BE(0x0100, 8 + times); // volume 1.0
  return box('mvhd', body);
}

/**
 * A small MP4 (or QuickTime) file made box by box: `ftyp`, an `mdat` of `mdatBytes`, then `moov` with
 * its `mvhd` (the order a camera writes; `moovFirst` puts it before `mdat`, as a web-optimised file has).
 */
export function mp4Bytes({
  seconds,
  timescale = 1000,
  version = 0,
  brand = 'isom',
  mdatBytes = 4096,
  largeMdat = false,
  moovFirst = false,
  ftyp = true,
}: {
  seconds: number;
  timescale?: number;
  version?: 0 | 1;
  brand?: string;
  mdatBytes?: number;
  largeMdat?: boolean;
  moovFirst?: boolean;
  ftyp?: boolean;
}): Buffer {
  const ftypBox = box(
    'ftyp',
    Buffer.concat([Buffer.from(brand, 'latin1'), Buffer.alloc(4), Buffer.from(`${brand}mp41`, 'latin1')]),
  );
  const mdat = box('mdat', Buffer.alloc(mdatBytes, 0x42), largeMdat);
  const moov = box(
    'moov',
    Buffer.concat([mvhd(timescale, Math.round(seconds * timescale), version), box('trak')]),
  );
  const parts = moovFirst ? [moov, mdat] : [mdat, moov];
  return Buffer.concat([...(ftyp ? [ftypBox] : [box('wide')]), ...parts]);
}
