/**
 * A minimal tar (POSIX ustar, with pax headers for long paths) writer and reader for backups: regular
 * files and folders only. The reader hands every entry to its caller as it is; what may be extracted
 * (no links, no path leaving the folder) is decided in archive.ts.
 */

const BLOCK = 512;
const ZEROS = Buffer.alloc(BLOCK);

export type TarEntryType = 'file' | 'directory' | 'symlink' | 'hardlink' | 'other';

export type TarHeader = {
  /** The path inside the archive, `/`-separated, as written (a folder's without its trailing `/`). */
  name: string;
  type: TarEntryType;
  /** The type flag as found, for messages ('0' file, '5' folder, '2' symlink…). */
  flag: string;
  mode: number;
  size: number;
  mtime: Date;
  linkName: string;
};

function writeString(block: Buffer, offset: number, length: number, value: string) {
  block.write(value, offset, length, 'utf8');
}

/** An octal field, NUL-terminated; a size too large for it in base-256 (GNU and pax readers know it). */
function writeNumber(block: Buffer, offset: number, length: number, value: number) {
  const octal = value.toString(8);
  if (octal.length < length) {
    block.write(octal.padStart(length - 1, '0') + '\0', offset, length, 'ascii');
    return;
  }
  block[offset] = 0x80;
  let rest = BigInt(value);
  for (let i = offset + length - 1; i > offset; i--) {
    block[i] = Number(rest & 0xffn);
    rest >>= 8n;
  }
}

function checksum(block: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : block[i]!;
  return sum;
}

/** Splits a path into ustar's prefix and name fields, or null when it fits neither way. */
function splitName(name: string): { prefix: string; name: string } | null {
  if (Buffer.byteLength(name) <= 100) return { prefix: '', name };
  for (let i = name.indexOf('/'); i !== -1; i = name.indexOf('/', i + 1)) {
    const prefix = name.slice(0, i);
    const rest = name.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100 && rest !== '') {
      return { prefix, name: rest };
    }
  }
  return null;
}

function headerBlock(fields: {
  name: string;
  prefix?: string;
  flag: string;
  mode: number;
  size: number;
  mtime: number;
}): Buffer {
  const block = Buffer.alloc(BLOCK);
  writeString(block, 0, 100, fields.name);
  writeNumber(block, 100, 8, fields.mode & 0o7777);
  writeNumber(block, 108, 8, 0);
  writeNumber(block, 116, 8, 0);
  writeNumber(block, 124, 12, fields.size);
  writeNumber(block, 136, 12, Math.max(0, Math.floor(fields.mtime / 1000)));
  block.write(fields.flag, 156, 1, 'ascii');
  block.write('ustar\0', 257, 6, 'ascii');
  block.write('00', 263, 2, 'ascii');
  writeString(block, 345, 155, fields.prefix ?? '');
  block.write(checksum(block).toString(8).padStart(6, '0') + '\0 ', 148, 8, 'ascii');
  return block;
}

/** The padding that brings `size` bytes of content to a whole number of blocks. */
export function padding(size: number): Buffer {
  const rest = size % BLOCK;
  return rest === 0 ? Buffer.alloc(0) : ZEROS.subarray(0, BLOCK - rest);
}

/**
 * The header block(s) of an entry: a pax extended header first when the path fits no ustar field.
 * A folder's name gets its trailing `/`.
 */
export function entryHeader(entry: {
  name: string;
  type: 'file' | 'directory';
  mode: number;
  size: number;
  mtimeMs: number;
}): Buffer {
  const name = entry.type === 'directory' ? `${entry.name}/` : entry.name;
  const flag = entry.type === 'directory' ? '5' : '0';
  const size = entry.type === 'directory' ? 0 : entry.size;
  const split = splitName(name);
  if (split) return headerBlock({ ...split, flag, mode: entry.mode, size, mtime: entry.mtimeMs });
  // "%d path=%s\n", where the length counts its own digits.
  const body = ` path=${name}\n`;
  let length = Buffer.byteLength(body) + 1;
  while (String(length).length + Buffer.byteLength(body) !== length) length++;
  const record = Buffer.from(`${length}${body}`);
  const pax = headerBlock({
    name: 'PaxHeader',
    flag: 'x',
    mode: 0o644,
    size: record.length,
    mtime: entry.mtimeMs,
  });
  const short = name.slice(-99);
  return Buffer.concat([
    pax,
    record,
    padding(record.length),
    headerBlock({ name: short, flag, mode: entry.mode, size, mtime: entry.mtimeMs }),
  ]);
}

/** The end of an archive: two zero blocks. */
export function endOfArchive(): Buffer {
  return Buffer.alloc(BLOCK * 2);
}

export class TarFormatError extends Error {
  override name = 'TarFormatError';
}

/** Pulls exact byte counts out of a stream of chunks. */
class ByteSource {
  private pending: Buffer[] = [];
  private pendingLength = 0;
  private done = false;

  constructor(private readonly iterator: AsyncIterator<Buffer>) {}

  private async fill(n: number): Promise<boolean> {
    while (this.pendingLength < n && !this.done) {
      const next = await this.iterator.next();
      if (next.done) this.done = true;
      else {
        const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
        this.pending.push(chunk);
        this.pendingLength += chunk.length;
      }
    }
    return this.pendingLength >= n;
  }

  private take(n: number): Buffer {
    const all = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending);
    const out = all.subarray(0, n);
    const rest = all.subarray(n);
    this.pending = rest.length > 0 ? [rest] : [];
    this.pendingLength = rest.length;
    return out;
  }

  /** Exactly n bytes; null at the very end of the stream; throws when it ends part-way. */
  async read(n: number): Promise<Buffer | null> {
    if (await this.fill(n)) return this.take(n);
    if (this.pendingLength === 0) return null;
    throw new TarFormatError('The archive is cut short');
  }

  /** Reads to the end of the stream (so that a compressed stream's own checks run), discarding it. */
  async drain(): Promise<void> {
    this.pending = [];
    this.pendingLength = 0;
    while (!this.done) if ((await this.iterator.next()).done) this.done = true;
  }

  /** n bytes as they arrive, at most `max` at a time. */
  async *chunks(n: number, max = 1 << 20): AsyncGenerator<Buffer> {
    let left = n;
    while (left > 0) {
      if (this.pendingLength === 0 && !(await this.fill(1))) {
        throw new TarFormatError('The archive is cut short');
      }
      const chunk = this.take(Math.min(left, this.pendingLength, max));
      left -= chunk.length;
      yield chunk;
    }
  }
}

function readString(block: Buffer, offset: number, length: number): string {
  const field = block.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString('utf8');
}

function readNumber(block: Buffer, offset: number, length: number, what: string): number {
  const field = block.subarray(offset, offset + length);
  if (field[0]! & 0x80) {
    let value = 0n;
    for (let i = 1; i < length; i++) value = (value << 8n) | BigInt(field[i]!);
    if (field[0] !== 0x80 || value > BigInt(Number.MAX_SAFE_INTEGER)) {
      throw new TarFormatError(`Bad ${what} in a tar header`);
    }
    return Number(value);
  }
  const text = field
    .toString('ascii')
    .replace(/[\0 ]+$/, '')
    .replace(/^[ ]+/, '');
  if (text === '') return 0;
  if (!/^[0-7]+$/.test(text)) throw new TarFormatError(`Bad ${what} in a tar header`);
  return Number.parseInt(text, 8);
}

const TYPES: Record<string, TarEntryType> = {
  '0': 'file',
  '\0': 'file',
  '7': 'file',
  '5': 'directory',
  '1': 'hardlink',
  '2': 'symlink',
};

function parsePax(data: Buffer): Record<string, string> {
  const records: Record<string, string> = {};
  let at = 0;
  while (at < data.length) {
    const space = data.indexOf(0x20, at);
    if (space === -1) throw new TarFormatError('Bad pax header');
    const length = Number.parseInt(data.subarray(at, space).toString('ascii'), 10);
    if (!Number.isInteger(length) || length <= space - at || at + length > data.length) {
      throw new TarFormatError('Bad pax header');
    }
    const record = data.subarray(space + 1, at + length - 1).toString('utf8');
    const eq = record.indexOf('=');
    if (eq === -1) throw new TarFormatError('Bad pax header');
    records[record.slice(0, eq)] = record.slice(eq + 1);
    at += length;
  }
  return records;
}

/** The largest pax header read: ours hold one path. */
const MAX_PAX_BYTES = 64 * 1024;

/**
 * Reads an uncompressed tar stream, calling `onEntry` for each entry with its content; whatever of
 * the content the callback leaves unread is skipped. Checks every header's checksum and that the
 * archive ends with its end marker.
 */
export async function readTar(
  source: AsyncIterable<Buffer>,
  onEntry: (header: TarHeader, content: AsyncGenerator<Buffer>) => Promise<void>,
): Promise<void> {
  const bytes = new ByteSource(source[Symbol.asyncIterator]());
  let paxPath: string | undefined;
  for (;;) {
    const block = await bytes.read(BLOCK);
    if (!block) throw new TarFormatError('The archive has no end marker: it is cut short');
    if (block.equals(ZEROS)) {
      // The end marker; what follows is padding, read so that a gzip stream's length and CRC are checked.
      await bytes.drain();
      return;
    }
    if (readNumber(block, 148, 8, 'checksum') !== checksum(block)) {
      throw new TarFormatError('A tar header is damaged (bad checksum)');
    }
    const flag = String.fromCharCode(block[156]!);
    const size = readNumber(block, 124, 12, 'size');
    if (flag === 'x') {
      if (size > MAX_PAX_BYTES) throw new TarFormatError('A pax header is too large');
      const data = (await bytes.read(size)) ?? Buffer.alloc(0);
      await bytes.read(padding(size).length);
      const records = parsePax(data);
      if (records.path !== undefined) paxPath = records.path;
      continue;
    }
    const magic = block.subarray(257, 263).toString('ascii');
    const prefix = magic.startsWith('ustar') ? readString(block, 345, 155) : '';
    let name = paxPath ?? (prefix ? `${prefix}/${readString(block, 0, 100)}` : readString(block, 0, 100));
    paxPath = undefined;
    const type = TYPES[flag] ?? 'other';
    if (type === 'directory') name = name.replace(/\/+$/, '');
    const header: TarHeader = {
      name,
      type,
      flag,
      mode: readNumber(block, 100, 8, 'mode'),
      size: type === 'file' ? size : 0,
      mtime: new Date(readNumber(block, 136, 12, 'time') * 1000),
      linkName: readString(block, 157, 100),
    };
    let consumed = 0;
    async function* content() {
      for await (const chunk of bytes.chunks(header.size)) {
        consumed += chunk.length;
        yield chunk;
      }
    }
    await onEntry(header, content());
    // What the callback did not read (a folder's or a link's content, if any, too).
    for await (const chunk of bytes.chunks(size - consumed)) void chunk;
    const pad = padding(size).length;
    if (pad > 0 && !(await bytes.read(pad))) throw new TarFormatError('The archive is cut short');
  }
}
