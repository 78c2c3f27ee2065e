import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARE_FILES_FIELD, SHARE_PATH } from '../common/share-target';
import { media } from '../server/db/schema';
import { SHARE_DISCARD_LIMIT } from '../server/modules/share/share.routes';
import { createTestApp, type TestApp } from './helpers/app';
import { buildUser, type BuiltUser } from './helpers/factories';

/**
 * POST /share, the share target when no service worker took the share (issue 33 part 1, decision 63):
 * the member is sent to the physiological page with ?shared=missed, whatever the body, and nothing
 * of it is kept.
 */

const IDLE_MS = 400;
const PAGE = '/think-tanks/physiological?shared=missed';
const BOUNDARY = 'share-boundary-5d1f0c';
const clip = fs.readFileSync(path.join(import.meta.dirname, 'fixtures', 'clip.webm'));

let t: TestApp;
let member: BuiltUser;
let port: number;

beforeAll(async () => {
  t = await createTestApp({}, { uploadIdleMs: IDLE_MS });
  member = await buildUser(t.app);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t?.close());

/** Every file under DATA_DIR/uploads, and the media rows: what an upload would have left. */
async function stored() {
  const dir = path.join(t.dataDir, 'uploads');
  const files = fs.existsSync(dir)
    ? fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
    : [];
  return { files: files.length, media: (await t.app.ctx.database.db.select().from(media)).length };
}

/** A share sheet's multipart body: each file in the field the manifest names. */
function shareBody(files: { name: string; type: string; bytes: Buffer }[]) {
  return Buffer.concat([
    ...files.flatMap((f) => [
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${SHARE_FILES_FIELD}"; filename="${f.name}"\r\n` +
          `Content-Type: ${f.type}\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${BOUNDARY}--\r\n`),
  ]);
}

const multipart = `multipart/form-data; boundary=${BOUNDARY}`;

/**
 * Sends a raw request head and body over a socket; resolves with all that came back once the server
 * closed the connection (the head asks it to, after its answer).
 */
function rawRequest(head: string, body: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the connection stayed open: ${answer}`));
    }, 10_000);
    socket.on('error', () => {}); // the server may reset the connection
    socket.on('data', (d) => (answer += d.toString()));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(answer);
    });
    socket.once('connect', () => {
      socket.write(head);
      socket.write(body);
    });
  });
}

const headOf = (lines: string) =>
  `POST ${SHARE_PATH} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n` +
  `Content-Type: ${multipart}\r\n${lines}\r\n`;

describe('POST /share without a service worker', () => {
  it('sends a member to the physiological page, 303, and keeps nothing of the clip', async () => {
    const before = await stored();
    const res = await t.app.inject({
      method: 'POST',
      url: SHARE_PATH,
      headers: { cookie: member.cookie, 'content-type': multipart },
      payload: shareBody([{ name: 'jump.webm', type: 'video/webm', bytes: clip }]),
    });
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe(PAGE);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toBe('');
    expect(await stored()).toEqual(before);
  });

  it('answers a share sheet’s POST from outside the site, and a visitor’s, the same way', async () => {
    for (const headers of [
      { origin: 'null', 'sec-fetch-site': 'cross-site' },
      { origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' },
      { cookie: member.cookie, 'sec-fetch-site': 'none' },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: SHARE_PATH,
        headers: { ...headers, 'content-type': multipart },
        payload: shareBody([
          { name: 'a.webm', type: 'video/webm', bytes: clip },
          { name: 'b.jpg', type: 'image/jpeg', bytes: Buffer.from([0xff, 0xd8, 0xff, 0xd9]) },
        ]),
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(303);
      expect(res.headers.location).toBe(PAGE);
    }
  });

  it('sends the page, never a 5xx, for bodies that are not a share: malformed, NUL, JSON, none', async () => {
    const before = await stored();
    const cut = shareBody([{ name: 'a.webm', type: 'video/webm', bytes: clip }]).subarray(0, 300);
    const cases: [string, Record<string, string>, string | Buffer | undefined][] = [
      ['no body', {}, undefined],
      ['multipart with no boundary', { 'content-type': 'multipart/form-data' }, cut],
      ['a multipart body cut in the file', { 'content-type': multipart }, cut],
      ['garbage as multipart', { 'content-type': multipart }, Buffer.from([0, 1, 2, 0xff, 0, 13, 10])],
      [
        'a NUL in a field name',
        { 'content-type': multipart },
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="a\u0000b"\r\n\r\nx\r\n--${BOUNDARY}--\r\n`,
      ],
      ['JSON', { 'content-type': 'application/json' }, '{"clips":"a\\u0000b"'],
      ['text', { 'content-type': 'text/plain' }, 'a\u0000b'],
      ['a form', { 'content-type': 'application/x-www-form-urlencoded' }, 'clips=a%00b'],
      ['no content type', {}, Buffer.from('x'.repeat(64 * 1024))],
    ];
    for (const [label, headers, payload] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${SHARE_PATH}?shared=%00&x=${'y'.repeat(1000)}`,
        headers: { cookie: member.cookie, ...headers },
        ...(payload === undefined ? {} : { payload }),
      });
      expect(res.statusCode, `${label}: ${res.body}`).toBe(303);
      expect(res.headers.location, label).toBe(PAGE);
    }
    expect(await stored()).toEqual(before);
  });

  it('takes a chunked body, read to its end and dropped', async () => {
    const body = shareBody([{ name: 'a.webm', type: 'video/webm', bytes: clip }]);
    const chunked = Buffer.concat([
      Buffer.from(`${body.length.toString(16)}\r\n`),
      body,
      Buffer.from('\r\n0\r\n\r\n'),
    ]);
    const answer = await rawRequest(headOf('Transfer-Encoding: chunked\r\n'), chunked);
    expect(answer).toMatch(/^HTTP\/1\.1 303 /);
    expect(answer).toContain(`location: ${PAGE}`);
  });

  it('refuses a body declared larger than it reads, 413, and closes the connection unread', async () => {
    // The server answers without reading the rest, and ends the connection (rawRequest resolves then).
    const answer = await rawRequest(
      headOf(`Content-Length: ${SHARE_DISCARD_LIMIT + 1}\r\n`),
      Buffer.alloc(64 * 1024, 7),
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    const error = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { error: string };
    expect(error.error).toMatch(/share the clip again/);
  });

  it('cuts a share whose body stalls after the uploads’ idle timeout', async () => {
    const started = Date.now();
    const answer = await rawRequest(
      headOf('Content-Length: 100000\r\n'),
      shareBody([{ name: 'a.webm', type: 'video/webm', bytes: clip.subarray(0, 100) }]),
    );
    expect(answer).not.toMatch(/^HTTP\/1\.1 303 /);
    expect(Date.now() - started).toBeGreaterThanOrEqual(IDLE_MS - 50);
  });
});
