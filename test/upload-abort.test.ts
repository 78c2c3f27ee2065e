import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { buildUser, type BuiltUser } from './helpers/factories';
import { pngBytes } from './helpers/uploads';

let t: TestApp;
let m: BuiltUser;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  m = await buildUser(t.app);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

it('an upload cut off half-way leaves no file and no picture', async () => {
  const boundary = '----tribe36abort';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="profilePicture"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const firstHalf = Buffer.concat([pngBytes(), Buffer.alloc(256 * 1024, 7)]);
  const declaredLength = head.length + firstHalf.length * 2 + 100;
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(
    `POST /api/auth/upload-profile-picture HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${m.cookie}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${declaredLength}\r\n\r\n`,
  );
  socket.write(head);
  socket.write(firstHalf);
  // Wait until the server has started writing the upload, then hang up.
  const tmp = path.join(t.dataDir, 'uploads', '.tmp');
  await expect.poll(() => filesUnder(tmp).length, { timeout: 5000 }).toBe(1);
  socket.destroy();

  await expect.poll(() => filesUnder(path.join(t.dataDir, 'uploads')), { timeout: 5000 }).toEqual([]);
  const me = await t.app.inject({ url: '/api/auth/me', headers: { cookie: m.cookie } });
  expect(me.json().user.profilePicture).toBeNull();
});
