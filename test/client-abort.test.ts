import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp, type App } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase, type Database } from '../server/db/client';
import { freshDatabase, MIGRATIONS_DIR } from './helpers/database';
import { buildUser } from './helpers/factories';

// docs/decisions.md decision 12: a client that hangs up or is too slow is the client's doing, logged at
// info; error and warn are kept for what an operator must look at.
type LogLine = { level: number; msg: string; reqId?: string };

const lines: LogLine[] = [];
let app: App;
let database: Database;
let dataDir: string;
let drop: () => Promise<void>;
let port: number;
/** Ids of the requests that ended in an error answer. */
const failed = new Set<string>();

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribe36-test-'));
  const fresh = await freshDatabase(inject('templateDir'), path.join(dataDir, 'db'));
  drop = fresh.drop;
  database = await openDatabase({ ...fresh.source, migrationsDir: MIGRATIONS_DIR });
  const config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      ADMIN_EMAILS: 'admin@example.com',
      ...(fresh.source.url ? { DATABASE_URL: fresh.source.url } : {}),
    }),
    timeouts: { headersMs: 1000 },
  };
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  app = await buildApp({ config, database, logger: { level: 'info', stream } });
  app.addHook('onError', (request, _reply, _err, done) => {
    failed.add(String(request.id));
    done();
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await app.close();
  await database.close();
  await drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Sends a request head and part of its body, then hangs up; resolves with the request's id. */
async function hangUpDuring(head: string, partOfBody: Buffer | string): Promise<string> {
  const before = lines.length;
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.on('error', () => {});
  socket.write(head);
  socket.write(partOfBody);
  await new Promise((r) => setTimeout(r, 300));
  socket.destroy();
  await expect
    .poll(() => lines.slice(before).map((l) => l.msg))
    .toContain('the client closed the request before its answer');
  return lines.slice(before).find((l) => l.msg === 'incoming request')!.reqId!;
}

/** The start of an MP4 file: enough for the content check. */
const MP4_HEAD = Buffer.concat([Buffer.from('00000018667479706d703432', 'hex'), Buffer.from('mp42isom')]);

const atWarnOrAbove = (logged: LogLine[]) => logged.filter((l) => l.level >= 40);

describe('clients that hang up or are too slow', () => {
  it('logs a JSON request cut mid-body at info', async () => {
    const reqId = await hangUpDuring(
      'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n',
      '{"username":',
    );
    await new Promise((r) => setTimeout(r, 300)); // anything the route still logs
    const logged = lines.filter((l) => l.reqId === reqId);
    expect(logged.find((l) => l.msg === 'the client closed the request before its answer')?.level).toBe(30);
    expect(atWarnOrAbove(logged)).toEqual([]);
  });

  // The upload's streams fail with the hang-up: an answer for nobody, not a server failure nor a
  // database outage (server/plugins/uploads.ts maps it).
  it('logs an upload cut mid-file at info, not as a failure', async () => {
    const member = await buildUser(app);
    const boundary = 'tribe36boundary';
    const reqId = await hangUpDuring(
      `POST /api/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${member.cookie}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 5000000\r\n\r\n`,
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.mp4"\r\n` +
            'Content-Type: video/mp4\r\n\r\n',
        ),
        MP4_HEAD,
        Buffer.alloc(300_000, 1), // the file goes on; the client hangs up in its middle
      ]),
    );
    // The route ends when its file stream fails (the per-upload idle limit at the latest).
    await expect.poll(() => failed.has(reqId), { timeout: 45_000 }).toBe(true);
    const logged = lines.filter((l) => l.reqId === reqId);
    expect(atWarnOrAbove(logged)).toEqual([]);
  });

  it('logs a lesson video upload (the raw PUT) cut mid-file at info, not as a failure', async () => {
    const admin = await buildUser(app, { email: 'admin@example.com' });
    const issued = await app.inject({
      method: 'POST',
      url: '/api/videos/upload-url',
      headers: { cookie: admin.cookie },
    });
    expect(issued.statusCode).toBe(200);
    const reqId = await hangUpDuring(
      `PUT ${issued.json().uploadURL} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: video/mp4\r\n` +
        'Content-Length: 50000000\r\n\r\n',
      Buffer.concat([MP4_HEAD, Buffer.alloc(300_000, 1)]),
    );
    await expect.poll(() => failed.has(reqId), { timeout: 45_000 }).toBe(true);
    expect(atWarnOrAbove(lines.filter((l) => l.reqId === reqId))).toEqual([]);
  });

  it('answers a request head that does not arrive in time with 408, logged at info', async () => {
    const before = lines.length;
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => {});
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (received += d));
    socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await new Promise((resolve) => socket.once('close', resolve));
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    const logged = lines.slice(before);
    expect(logged.find((l) => l.msg === 'client too slow')?.level).toBe(30);
    expect(atWarnOrAbove(logged)).toEqual([]);
  });
});
