import http from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  killLeftServers,
  serverEnvironment,
  startServer,
  type ServerProcess,
} from './helpers/server-process';
import { multipart, pngBytes } from './helpers/uploads';

// SIGTERM drains the real server process (decision 30): its chat streams end cleanly (clients
// reconnect elsewhere), new connections are refused, requests in flight finish (for at most
// SHUTDOWN_TIMEOUT_MS), then it exits 0.

let env: Record<string, string>;
let remove: () => Promise<void>;

beforeAll(async () => {
  ({ env, remove } = await serverEnvironment('tribe36-drain-'));
});
afterEach(killLeftServers);
afterAll(async () => remove());

let seq = 0;
async function register(url: string): Promise<string> {
  seq += 1;
  const email = `drain${seq}@example.com`;
  const res = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, email, password: 'secret-pass' }),
  });
  expect(res.status).toBe(201);
  return res.headers
    .getSetCookie()
    .find((c) => c.startsWith('tribe36_session='))!
    .split(';')[0]!;
}

/** A chat stream that records whether the server ended it cleanly (the chunked body's last chunk). */
function openStream(url: string, cookie: string) {
  const state = { status: 0, cleanEnd: false, broken: false };
  const req = http.get(`${url}/api/chat/community/stream`, { headers: { cookie } }, (res) => {
    state.status = res.statusCode ?? 0;
    res.resume();
    res.on('end', () => (state.cleanEnd = true));
    res.on('error', () => (state.broken = true));
  });
  req.on('error', () => (state.broken = true));
  return state;
}

/**
 * A profile picture upload whose body is sent in two halves: the server has the request (it is in
 * flight) once its log shows it, and finishes it when `finish` sends the rest.
 */
async function slowUpload(server: ServerProcess, cookie: string) {
  const form = await multipart('profilePicture', {
    name: 'me.png',
    type: 'image/png',
    bytes: pngBytes(64, 64),
  });
  const half = form.payload.length >> 1;
  const req = http.request(`${server.url}/api/auth/upload-profile-picture`, {
    method: 'POST',
    headers: { ...form.headers, 'content-length': form.payload.length, cookie },
  });
  const answer = new Promise<{ status: number } | { error: string }>((resolve) => {
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
  });
  req.write(form.payload.subarray(0, half));
  await until(() => server.output().includes('"url":"/api/auth/upload-profile-picture"'));
  return { answer, finish: () => req.end(form.payload.subarray(half)) };
}

async function until(condition: () => boolean) {
  await expect.poll(condition, { timeout: 20_000, interval: 20 }).toBe(true);
}

const refused = (url: string) =>
  fetch(`${url}/api/health`).then(
    () => false,
    (err: { cause?: { code?: string } }) => err.cause?.code === 'ECONNREFUSED',
  );

describe('SIGTERM', () => {
  it('ends streams cleanly, refuses new connections, lets a slow upload finish, then exits 0', async () => {
    const server = await startServer({ ...env, METRICS_PORT: '0', SHUTDOWN_TIMEOUT_MS: '30000' });
    const metrics = /Metrics listening at (http:\/\/127\.0\.0\.1:\d+\/metrics)/.exec(server.output())?.[1];
    expect(metrics).toBeDefined();
    const cookie = await register(server.url);
    const stream = openStream(server.url, cookie);
    await until(() => stream.status === 200);
    // The metrics port answers without a token (it is bound to 127.0.0.1), and sees the stream (once
    // it has joined the feed: its headers go first, while the feed may still be reading its page).
    await expect
      .poll(async () => (await fetch(metrics!)).text(), { timeout: 10_000, interval: 50 })
      .toMatch(/^tribe36_chat_streams_open 1$/m);
    expect((await fetch(metrics!.replace(/metrics$/, 'other'))).status).toBe(404);

    const upload = await slowUpload(server, cookie);
    server.child.kill('SIGTERM');
    await until(() => server.output().includes('shutting down: draining'));

    // The stream got its end (the client reconnects, through the proxy, to another instance).
    await until(() => stream.cleanEnd);
    expect(stream.broken).toBe(false);
    // No new connection is accepted…
    await expect.poll(() => refused(server.url), { timeout: 10_000 }).toBe(true);
    // …but the upload under way completes, and only then does the process exit, with 0.
    expect(server.child.exitCode).toBeNull();
    upload.finish();
    expect(await upload.answer).toEqual({ status: 200 });
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('"msg":"stopped"');

    // The upload really was stored: the picture is there after a restart.
    const again = await startServer(env);
    try {
      const me = await fetch(`${again.url}/api/auth/me`, { headers: { cookie } });
      expect(((await me.json()) as { user: { profilePicture: string | null } }).user.profilePicture).toMatch(
        /^\/api\/media\//,
      );
    } finally {
      again.child.kill('SIGTERM');
      expect(await again.exited).toBe(0);
    }
  });

  it('cuts a request that outlasts SHUTDOWN_TIMEOUT_MS, and still exits 0', async () => {
    const server = await startServer({ ...env, SHUTDOWN_TIMEOUT_MS: '1000' });
    const cookie = await register(server.url);
    const upload = await slowUpload(server, cookie); // never finished
    const stoppedAt = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const took = Date.now() - stoppedAt;
    expect(took).toBeGreaterThanOrEqual(1000);
    expect(took).toBeLessThan(15_000);
    expect(await upload.answer).toHaveProperty('error');
    expect(server.output()).toContain('requests still running at the shutdown timeout: cut');
  });
});
