import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { manifestBody, rawTarGz } from '../../test/helpers/tar';
import {
  BadArchiveError,
  buildManifest,
  extractArchive,
  isSkipped,
  listTree,
  MANIFEST_NAME,
  readManifest,
  safeRelativeName,
  writeArchive,
} from './archive';
import { entryHeader, readTar } from './tar';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tribe36-archive-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
let n = 0;
const fresh = (name: string) => path.join(scratch, `${name}-${++n}`);

function write(file: string, data: string | Buffer) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, data);
}

async function pack(root: string, file: string) {
  const entries = await listTree(root, (relative) => !isSkipped(relative));
  const manifest = buildManifest('offline', { name: 'tribe36', version: 'test' }, entries);
  await writeArchive(file, manifest, entries);
  return manifest;
}

const LONG = `${'deep/'.repeat(40)}${'n'.repeat(120)}.bin`;

describe('backup archives', () => {
  it('round-trip a data folder: files byte for byte, folders, long paths; never the runtime files', async () => {
    const root = fresh('data');
    const big = randomBytes(3 * 1024 * 1024 + 17);
    write(path.join(root, 'db', 'PG_VERSION'), '17\n');
    write(path.join(root, 'db', 'base', '1', '1247'), big);
    write(path.join(root, 'db', 'postmaster.pid'), '123');
    write(path.join(root, 'uploads', 'ab', 'abcdef'), 'photo');
    write(path.join(root, 'uploads', '.tmp', 'x.part'), 'half an upload');
    write(path.join(root, 'uploads', LONG), 'long');
    write(path.join(root, 'mail', 'a.eml'), 'mail');
    write(path.join(root, 'mail', '.a.eml.12.tmp'), 'half a mail');
    write(path.join(root, 'tribe36.lock'), '{"pid":1}');
    write(path.join(root, 'tribe36.control.json'), '{}');
    write(path.join(root, '.tribe36-backup-abc', 'db', 'x'), 'an old snapshot');
    fs.mkdirSync(path.join(root, 'empty'));
    const file = fresh('out') + '.tar.gz';
    const manifest = await pack(root, file);
    expect(manifest).toMatchObject({
      format: 'tribe36-backup',
      formatVersion: 1,
      kind: 'offline',
      embeddedDatabase: true,
      contents: ['db', 'empty', 'mail', 'uploads'],
      files: 5,
      bytes: big.length + 3 + 5 + 4 + 4,
    });
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(await readManifest(file)).toEqual(manifest);

    const into = fresh('into');
    fs.mkdirSync(into);
    await extractArchive(file, into);
    expect(fs.readFileSync(path.join(into, 'db', 'base', '1', '1247')).equals(big)).toBe(true);
    expect(fs.readFileSync(path.join(into, 'uploads', LONG), 'utf8')).toBe('long');
    expect(fs.readFileSync(path.join(into, 'mail', 'a.eml'), 'utf8')).toBe('mail');
    expect(fs.readdirSync(into).sort()).toEqual(['db', 'empty', 'mail', 'uploads']);
    expect(fs.existsSync(path.join(into, 'db', 'postmaster.pid'))).toBe(false);
    expect(fs.readdirSync(path.join(into, 'uploads')).sort()).toEqual(['ab', 'deep']);
    expect(fs.readdirSync(path.join(into, 'mail'))).toEqual(['a.eml']);
  });

  it('are read by GNU tar', async () => {
    const root = fresh('data');
    write(path.join(root, 'uploads', LONG), 'long');
    write(path.join(root, 'db', 'PG_VERSION'), '17\n');
    const file = fresh('gnu') + '.tar.gz';
    await pack(root, file);
    const listing = execFileSync('tar', ['-tzf', file], { encoding: 'utf8' }).split('\n');
    expect(listing).toContain(MANIFEST_NAME);
    expect(listing).toContain(`uploads/${LONG}`);
    expect(listing).toContain('db/PG_VERSION');
  });

  it('are never written over an existing file, and leave no temporary file', async () => {
    const root = fresh('data');
    write(path.join(root, 'mail', 'a.eml'), 'mail');
    const dir = fresh('out');
    fs.mkdirSync(dir);
    const file = path.join(dir, 'b.tar.gz');
    fs.writeFileSync(file, 'precious');
    await expect(pack(root, file)).rejects.toThrow(/already exists/);
    expect(fs.readFileSync(file, 'utf8')).toBe('precious');
    expect(fs.readdirSync(dir)).toEqual(['b.tar.gz']);
  });
});

describe('tar headers', () => {
  it('carry sizes over 8 GiB (base-256) and paths over 255 bytes (pax)', async () => {
    const size = 9 * 2 ** 30 + 3;
    const name = `uploads/${'x'.repeat(300)}`;
    const header = entryHeader({ name, type: 'file', mode: 0o600, size, mtimeMs: 1_700_000_000_000 });
    let seen: { name: string; size: number; mtime: Date } | undefined;
    const stop = new Error('stop');
    const read = readTar(
      (async function* () {
        yield header;
      })(),
      async (h) => {
        seen = h;
        throw stop;
      },
    );
    await expect(read).rejects.toBe(stop);
    expect(seen).toMatchObject({ name, size, mtime: new Date(1_700_000_000_000) });
  });
});

describe('extractArchive refuses', () => {
  const good = { name: 'uploads/ab/file', body: Buffer.from('hello') };
  const cases: [string, Parameters<typeof rawTarGz>[0], RegExp][] = [
    [
      'a path climbing out',
      [{ name: '../escaped', body: Buffer.from('x') }],
      /may not be restored: "\.\.\/escaped"/,
    ],
    [
      'a path climbing out inside',
      [{ name: 'uploads/../../escaped', body: Buffer.from('x') }],
      /may not be restored/,
    ],
    [
      'an absolute path',
      [{ name: '/tmp/absolute', body: Buffer.from('x') }],
      /may not be restored: "\/tmp\/absolute"/,
    ],
    [
      'a symbolic link',
      [{ name: 'uploads/link', flag: '2', linkName: '/etc' }],
      /a link \(uploads\/link -> \/etc\)/,
    ],
    [
      'a hard link',
      [{ name: 'uploads/hard', flag: '1', linkName: '../x' }],
      /a link \(uploads\/hard -> \.\.\/x\)/,
    ],
    ['a device', [{ name: 'uploads/dev', flag: '3' }], /an entry of type "3"/],
    ['the lock socket', [{ name: 'tribe36.lock.sock', body: Buffer.from('x') }], /may not be restored/],
    ['a name twice', [good], /twice/],
  ];
  for (const [what, entries, message] of cases) {
    it(what, async () => {
      const file = fresh('bad') + '.tar.gz';
      fs.writeFileSync(file, rawTarGz([{ name: MANIFEST_NAME, body: manifestBody(2, 6) }, good, ...entries]));
      const into = fresh('into');
      fs.mkdirSync(into);
      const err = await extractArchive(file, into).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(BadArchiveError);
      expect((err as Error).message).toMatch(message);
      expect(fs.existsSync(path.join(scratch, 'escaped'))).toBe(false);
      expect(fs.existsSync('/tmp/absolute')).toBe(false);
    });
  }

  it('an archive whose files do not match its manifest, or cut short, or of a newer format', async () => {
    const into = () => {
      const dir = fresh('into');
      fs.mkdirSync(dir);
      return dir;
    };
    const short = fresh('short') + '.tar.gz';
    fs.writeFileSync(short, rawTarGz([{ name: MANIFEST_NAME, body: manifestBody(2, 10) }, good]));
    await expect(extractArchive(short, into())).rejects.toThrow(
      /holds 1 files \(5 bytes\) where its manifest lists 2/,
    );

    const whole = rawTarGz([{ name: MANIFEST_NAME, body: manifestBody(1, 5) }, good]);
    const cut = fresh('cut') + '.tar.gz';
    fs.writeFileSync(cut, whole.subarray(0, whole.length - 12));
    await expect(extractArchive(cut, into())).rejects.toBeInstanceOf(BadArchiveError);

    const newer = JSON.parse(manifestBody(0, 0).toString()) as Record<string, unknown>;
    newer.formatVersion = 2;
    const future = fresh('future') + '.tar.gz';
    fs.writeFileSync(future, rawTarGz([{ name: MANIFEST_NAME, body: Buffer.from(JSON.stringify(newer)) }]));
    await expect(readManifest(future)).rejects.toThrow(/made by a newer Tribe36/);

    const garbage = fresh('garbage') + '.tar.gz';
    fs.writeFileSync(garbage, 'not gzip at all');
    await expect(readManifest(garbage)).rejects.toBeInstanceOf(BadArchiveError);
  });

  it('plain relative names only', () => {
    expect(safeRelativeName('db/base/1/1247')).toBe('db/base/1/1247');
    for (const bad of ['', '/x', 'a/../b', '..', 'a//b', './a', 'a\\b', 'C:/x', 'a\0b']) {
      expect(safeRelativeName(bad), bad).toBeNull();
    }
  });
});
