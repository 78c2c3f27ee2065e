import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANIFEST_NAME } from '../server/backup/archive';
import { testDatabaseUrl } from './helpers/database';
import { runNode, serverEnvironment, startServer, watch, type ServerProcess } from './helpers/server-process';
import { manifestBody, rawTarGz } from './helpers/tar';
import { multipart } from './helpers/uploads';

/**
 * `npm run backup` and `npm run restore` (server/cli/backup.ts, restore.ts, as the npm scripts run
 * them), against real server processes. The embedded database's snapshot only exists on PGlite:
 * most of this file is skipped when the suite runs on PostgreSQL (TEST_DATABASE_URL).
 */

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tribe36-backups-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** A folder's names; none when it does not exist. */
const contentsOf = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir) : []);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function runCli(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const child = runNode(`server/cli/${script}.ts`, args, env);
  const { output, exited } = watch(child);
  const code = await exited;
  return { code, output: output() };
}

function cookiesOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function register(url: string, email: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, email, password: 'secret-pass' }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return cookiesOf(res);
}

/** A JPEG (by its signature) of random bytes: every upload differs. */
function randomJpeg(): Buffer {
  const bytes = randomBytes(8_000 + Math.floor(Math.random() * 40_000));
  bytes.set([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
  return bytes;
}

type Ack = {
  id: number;
  content: string;
  cookie: string;
  /** When the message was sent (performance.now()). */
  sentAt: number;
  media?: { id: string; bytes: Buffer };
};

/** A member writing: text and photo messages, until `stop()`; `acked` grows at each 201 received. */
function writer(url: string, cookie: string, n: number, acked: Ack[], stopped: () => boolean) {
  return (async () => {
    for (let i = 0; !stopped(); i++) {
      let content = `writer ${n} message ${i}`;
      let media: Ack['media'];
      let messageType = 'text';
      if (i % 2 === 1) {
        const bytes = randomJpeg();
        const body = await multipart('file', { name: 'p.jpg', type: 'image/jpeg', bytes });
        const up = await fetch(`${url}/api/upload`, {
          method: 'POST',
          headers: { ...body.headers, cookie },
          body: new Uint8Array(body.payload),
        });
        expect(up.status, await up.clone().text()).toBe(200);
        content = ((await up.json()) as { url: string }).url;
        media = { id: content.split('/').pop()!, bytes };
        messageType = 'photo';
      }
      const sentAt = performance.now();
      const res = await fetch(`${url}/api/chat/community`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ content, messageType }),
      });
      if (res.status === 429) {
        await sleep(1000);
        continue;
      }
      expect(res.status, await res.clone().text()).toBe(201);
      const { id } = (await res.json()) as { id: number };
      acked.push({ id, content, cookie, sentAt, ...(media ? { media } : {}) });
      await sleep(150);
    }
  })();
}

/** Every chat message a server has, oldest first. */
async function allMessages(url: string, cookie: string) {
  const out: { id: number; content: string; messageType: string }[] = [];
  let after = 0;
  for (;;) {
    const res = await fetch(`${url}/api/chat/community?after=${after}`, { headers: { cookie } });
    expect(res.status).toBe(200);
    const page = (await res.json()) as typeof out;
    if (page.length === 0) return out;
    out.push(...page);
    after = page[page.length - 1]!.id;
  }
}

async function stop(server: ServerProcess) {
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
}

/** Checks that a server serves every message of `expected`, and every file byte for byte. */
async function expectServes(url: string, expected: Ack[]) {
  const messages = await allMessages(url, expected[0]!.cookie);
  const byId = new Map(messages.map((m) => [m.id, m]));
  for (const ack of expected) expect(byId.get(ack.id)?.content, `message ${ack.id}`).toBe(ack.content);
  for (const ack of expected.filter((a) => a.media)) {
    const res = await fetch(`${url}/api/media/${ack.media!.id}`, { headers: { cookie: ack.cookie } });
    expect(res.status, `file of message ${ack.id}`).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(ack.media!.bytes), `file of message ${ack.id}`).toBe(
      true,
    );
  }
  // Every photo the restored database lists has its file, acknowledged before the backup or not.
  for (const m of messages.filter((x) => x.messageType === 'photo')) {
    const res = await fetch(`${url}${m.content}`, { headers: { cookie: expected[0]!.cookie } });
    expect(res.status, `file of message ${m.id}`).toBe(200);
    await res.arrayBuffer();
  }
  return messages;
}

describe.skipIf(testDatabaseUrl)('npm run backup and npm run restore (embedded database)', () => {
  let source: Awaited<ReturnType<typeof serverEnvironment>>;
  const acked: Ack[] = [];
  beforeAll(async () => {
    source = await serverEnvironment('tribe36-backup-src-');
  });
  afterAll(async () => source?.remove());

  it('backs up a running server under 10 writing clients: restored, a new server serves everything acknowledged before', async () => {
    const server = await startServer(source.env);
    const archive = path.join(scratch, 'live.tar.gz');
    let before: Ack[];
    let backupEndedAt = 0;
    let stopped = false;
    try {
      const cookies = await Promise.all(
        Array.from({ length: 10 }, (_, n) => register(server.url, `writer${n}@example.com`)),
      );
      const writers = cookies.map((cookie, n) => writer(server.url, cookie, n, acked, () => stopped));
      try {
        const deadline = Date.now() + 30_000;
        while (acked.length < 30 && Date.now() < deadline) await sleep(20);
        // What was acknowledged before the command started; the writers go on during the backup.
        before = acked.slice();
        const backup = await runCli('backup', [archive], source.env);
        backupEndedAt = performance.now();
        expect(backup.output).toMatch(/from the running server \(pid \d+\)/);
        expect(backup.code, backup.output).toBe(0);
        expect(acked.length).toBeGreaterThan(before.length);
        // A little more after it.
        const count = acked.length;
        while (acked.length < count + 10 && performance.now() < backupEndedAt + 10_000) await sleep(20);
      } finally {
        stopped = true;
        await Promise.all(writers);
      }
      expect(before.some((a) => a.media)).toBe(true);
      // The snapshot folder is gone from the data folder soon after the command is done (the server
      // removes it when the command's connection closes, in the background).
      const leftovers = () => fs.readdirSync(source.dataDir).filter((n) => n.startsWith('.tribe36-'));
      const goneBy = Date.now() + 10_000;
      while (leftovers().length > 0 && Date.now() < goneBy) await sleep(50);
      expect(leftovers()).toEqual([]);
      // A restore never touches a folder a server holds.
      const restore = await runCli('restore', [archive], source.env);
      expect(restore.code).toBe(1);
      expect(restore.output).toMatch(
        /is in use by another Tribe36 server \(pid \d+\)\. .* Nothing was restored/,
      );
    } finally {
      await stop(server);
    }
    expect(fs.statSync(archive).mode & 0o077).toBe(0);

    const target = path.join(scratch, 'restored-live');
    const restore = await runCli('restore', [archive], { DATA_DIR: target });
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toMatch(/Restored \d+ files/);
    expect(fs.readdirSync(target).sort()).toEqual(['db', 'mail', 'uploads']);

    const again = await startServer({ DATA_DIR: target });
    try {
      const messages = await expectServes(again.url, before);
      // A snapshot, taken before the command ended: nothing sent after that is in it.
      const later = acked.filter((a) => a.sentAt > backupEndedAt);
      expect(later.length).toBeGreaterThan(0);
      const restored = new Set(messages.map((m) => m.id));
      expect(later.filter((a) => restored.has(a.id))).toEqual([]);
    } finally {
      await stop(again);
    }
  }, 180_000);

  it('backs up a folder no server runs on, taking its lock', async () => {
    const archive = path.join(scratch, 'offline.tar.gz');
    const backup = await runCli('backup', [archive], source.env);
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toMatch(/no server running/);

    // It never replaces a file, unless asked to.
    const again = await runCli('backup', [archive], source.env);
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/already exists \(add --force to replace it\)/);

    const target = path.join(scratch, 'restored-offline');
    const restore = await runCli('restore', [archive], { DATA_DIR: target });
    expect(restore.code, restore.output).toBe(0);
    const server = await startServer({ DATA_DIR: target });
    try {
      // Everything the first test's writers had acknowledged, after its backup too.
      await expectServes(server.url, acked);
    } finally {
      await stop(server);
    }
  }, 180_000);

  it('refuses to restore into a folder that holds data, naming it, and changes nothing', async () => {
    const archive = path.join(scratch, 'offline.tar.gz');
    const before = fs.readdirSync(source.dataDir).sort();
    const restore = await runCli('restore', [archive], source.env);
    expect(restore.code).toBe(1);
    expect(restore.output).toContain(`The data folder ${source.dataDir} is not empty`);
    expect(restore.output).toMatch(/it holds db, .*uploads/);
    expect(fs.readdirSync(source.dataDir).sort()).toEqual(before);
  });
});

describe('npm run restore refuses a tampered archive', () => {
  // Every kind of tampering is tried on extractArchive itself (server/backup/archive.test.ts).
  it('holding a path climbing out: nothing is restored, inside or outside the folder', async () => {
    const archive = path.join(scratch, 'tampered.tar.gz');
    const entries = [
      { name: MANIFEST_NAME, body: manifestBody(2, 6) },
      { name: 'uploads/ab/file', body: Buffer.from('hello') },
      { name: '../escaped.txt', body: Buffer.from('x') },
    ];
    fs.writeFileSync(archive, rawTarGz(entries));
    const target = path.join(scratch, 'into-tampered');
    const restore = await runCli('restore', [archive], { DATA_DIR: target });
    expect(restore.code, restore.output).toBe(1);
    expect(restore.output).toMatch(
      /is not a backup that can be restored: .*may not be restored: "\.\.\/escaped\.txt"/,
    );
    expect(restore.output).toMatch(/Nothing was restored/);
    // Not even the valid entry before it; nothing outside either.
    expect(contentsOf(target)).toEqual([]);
    expect(fs.existsSync(path.join(scratch, 'escaped.txt'))).toBe(false);
  });

  it('that is not a backup, or cut short', async () => {
    const notOurs = path.join(scratch, 'not-ours.tar.gz');
    fs.writeFileSync(notOurs, rawTarGz([{ name: 'etc/hosts', body: Buffer.from('x') }]));
    const one = await runCli('restore', [notOurs], { DATA_DIR: path.join(scratch, 'into-not-ours') });
    expect(one.code).toBe(1);
    expect(one.output).toMatch(/does not start with tribe36-backup\.json/);

    const whole = rawTarGz([
      { name: MANIFEST_NAME, body: manifestBody(1, 5) },
      { name: 'uploads/ab/file', body: Buffer.from('hello') },
    ]);
    const cut = path.join(scratch, 'cut.tar.gz');
    fs.writeFileSync(cut, whole.subarray(0, whole.length - 12));
    const two = await runCli('restore', [cut], { DATA_DIR: path.join(scratch, 'into-cut') });
    expect(two.code).toBe(1);
    expect(two.output).toMatch(/is not a backup that can be restored/);
    expect(contentsOf(path.join(scratch, 'into-cut'))).toEqual([]);
  });
});

describe('npm run backup with DATABASE_URL', () => {
  it('says to use pg_dump for the database and archives the local files', async () => {
    const dataDir = fs.mkdtempSync(path.join(scratch, 'pg-data-'));
    fs.mkdirSync(path.join(dataDir, 'uploads', 'ab'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'uploads', 'ab', 'one'), 'uploaded bytes');
    fs.mkdirSync(path.join(dataDir, 'mail'));
    fs.writeFileSync(path.join(dataDir, 'mail', 'a.eml'), 'Subject: hi\r\n\r\nhello');
    const archive = path.join(scratch, 'files.tar.gz');
    // Never connected to: the database is PostgreSQL's to back up.
    const env = { DATA_DIR: dataDir, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' };
    const backup = await runCli('backup', [archive], env);
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toMatch(/DATABASE_URL is set: .* Back it up with pg_dump/);
    expect(backup.output).toMatch(/Backed up 2 files .*mail, uploads/);

    const target = path.join(scratch, 'restored-files');
    const restore = await runCli('restore', [archive], { ...env, DATA_DIR: target });
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toMatch(/restore the PostgreSQL database with pg_restore/);
    expect(fs.readFileSync(path.join(target, 'uploads', 'ab', 'one'), 'utf8')).toBe('uploaded bytes');
    expect(fs.readFileSync(path.join(target, 'mail', 'a.eml'), 'utf8')).toBe('Subject: hi\r\n\r\nhello');
  });
});
