import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNode, serverEnvironment, startServer, watch } from './helpers/server-process';

let dataDir: string;
let env: Record<string, string>;
let remove: () => Promise<void>;

beforeAll(async () => {
  ({ dataDir, env, remove } = await serverEnvironment('tribe36-proc-'));
});
afterAll(async () => remove());

async function register(url: string, email: string) {
  return fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, email, password: 'secret-pass' }),
  });
}
async function login(url: string, username: string) {
  return fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'secret-pass' }),
  });
}

describe('the server process', () => {
  it('refuses a second server on the same DATA_DIR, and stops cleanly on SIGTERM', async () => {
    const first = await startServer(env);
    const second = runNode('server/main.ts', [], { ...env, PORT: '0' });
    const secondOut = watch(second);
    expect(await secondOut.exited).toBe(1);
    expect(secondOut.output()).toMatch(/data folder .* is in use by another Tribe36 server \(pid \d+\)/);
    // The first one is unharmed.
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'tribe36.lock.sock'))).toBe(false);
  });

  it('starts again after kill -9 with every acknowledged account present', async () => {
    const server = await startServer(env);
    const emails = Array.from({ length: 8 }, (_, i) => `killed${i}@example.com`);
    for (const email of emails) expect((await register(server.url, email)).status).toBe(201);
    server.child.kill('SIGKILL');
    await server.exited;
    expect(fs.existsSync(path.join(dataDir, 'tribe36.lock.sock'))).toBe(true); // left behind

    const again = await startServer(env);
    try {
      for (const email of emails) expect((await login(again.url, email)).status, email).toBe(200);
      expect(
        (await fetch(`${again.url}/api/members/count`).then((r) => r.json())).count,
      ).toBeGreaterThanOrEqual(8);
    } finally {
      again.child.kill('SIGTERM');
      expect(await again.exited).toBe(0);
    }
  });

  it('lets requests in flight finish on SIGTERM', async () => {
    const server = await startServer(env);
    const emails = Array.from({ length: 6 }, (_, i) => `inflight${i}@example.com`);
    const pending = emails.map((email) => register(server.url, email));
    // Wait until the server has received all of them: then they are in flight.
    while ((server.output().match(/"url":"\/api\/auth\/register"/g) ?? []).length < emails.length) {
      await new Promise((r) => setTimeout(r, 5));
    }
    const stoppedAt = Date.now();
    server.child.kill('SIGTERM');
    const statuses = await Promise.all(pending.map((p) => p.then((r) => r.status)));
    expect(await server.exited).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(5000); // well before the 10 s limit
    expect(statuses).toEqual(emails.map(() => 201));

    const again = await startServer(env);
    try {
      for (const email of emails) expect((await login(again.url, email)).status).toBe(200);
    } finally {
      again.child.kill('SIGTERM');
      await again.exited;
    }
  });

  it('refuses to start on a bad setting, naming the variable', async () => {
    for (const [name, value] of [
      ['PORT', 'abc'],
      ['DATABASE_URL', 'mysql://x'],
      ['TRUST_PROXY', 'maybe'],
      ['PUBLIC_URL', 'ftp://x'],
    ] as const) {
      const child = runNode('server/main.ts', [], { ...env, [name]: value });
      const { output, exited } = watch(child);
      expect(await exited).toBe(1);
      expect(output()).toContain(`${name}:`);
      expect(output()).not.toMatch(/\n\s+at /); // a message, not a stack trace
    }
  });

  it('refuses to start when the S3 bucket cannot be reached, naming it', async () => {
    const child = runNode('server/main.ts', [], {
      ...env,
      S3_ENDPOINT: 'http://127.0.0.1:9', // nothing listens on the discard port
      S3_BUCKET: 'media',
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    const { output, exited } = watch(child);
    expect(await exited).toBe(1);
    expect(output()).toContain('S3_BUCKET: bucket "media" is not usable at http://127.0.0.1:9');
    expect(output()).not.toMatch(/\n\s+at /);
  });

  it('grants and revokes admin from the command line', async () => {
    const server = await startServer(env);
    expect((await register(server.url, 'coach@example.com')).status).toBe(201);
    server.child.kill('SIGTERM');
    await server.exited;

    const grant = runNode('server/cli/admin.ts', ['grant', 'Coach@Example.com'], env);
    const g = watch(grant);
    expect(await g.exited).toBe(0);
    expect(g.output()).toContain('coach@example.com is now an admin.');

    const listed = runNode('server/cli/admin.ts', ['revoke', 'listed@example.com'], {
      ...env,
      ADMIN_EMAILS: 'listed@example.com',
    });
    const l = watch(listed);
    expect(await l.exited).toBe(1);
    expect(l.output()).toContain('ADMIN_EMAILS');

    const again = await startServer(env);
    try {
      const res = await login(again.url, 'coach@example.com');
      expect((await res.json()).user.isAdmin).toBe(true);
    } finally {
      again.child.kill('SIGTERM');
      await again.exited;
    }
  });
});
