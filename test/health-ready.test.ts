import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';

// GET /api/health/ready: an instance is ready when it is not draining, its database and the
// database's notifications are up, and its file store (here an S3 bucket) answers.

const BUCKET = 'tribe36-ready';

/**
 * The bucket as the server sees it: s3rver behind a pass-through proxy that counts the requests
 * (HeadBucket is `HEAD /bucket`) and, while `down`, hangs up on each, as an unreachable store would.
 */
async function startBucket() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribe36-s3-ready-'));
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port: s3Port } = await s3.run();
  const state = { down: false, headBuckets: 0 };
  const proxy = http.createServer((req, res) => {
    if (req.method === 'HEAD' && req.url?.split('?')[0] === `/${BUCKET}`) state.headBuckets += 1;
    if (state.down) {
      req.socket.destroy();
      return;
    }
    const upstream = http.request(
      { host: '127.0.0.1', port: s3Port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const port = (proxy.address() as AddressInfo).port;
  return {
    state,
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: BUCKET,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async close() {
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
      await s3.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe('readiness with the local file store', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('is ready, saying so part by part, never cached', async () => {
    const res = await t.app.inject({ url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      ready: true,
      draining: false,
      database: 'up',
      notifications: 'up',
      storage: 'up',
    });
  });

  it('answers 503 at once while the instance drains, though it is still alive', async () => {
    t.app.ctx.lifecycle.draining = true;
    try {
      const res = await t.app.inject({ url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
      expect(res.json()).toMatchObject({ ready: false, draining: true, database: 'up', storage: 'up' });
      expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      t.app.ctx.lifecycle.draining = false;
    }
    expect((await t.app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
  });

  it('answers 503 when the uploads folder cannot be written', async () => {
    const uploads = path.join(t.dataDir, 'uploads');
    const moved = `${uploads}.away`;
    fs.renameSync(uploads, moved);
    try {
      const res = await t.app.inject({ url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ ready: false, storage: 'down', database: 'up' });
    } finally {
      fs.renameSync(moved, uploads);
    }
    expect((await t.app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
  });
});

describe('readiness with the S3 store', () => {
  let t: TestApp;
  let bucket: Awaited<ReturnType<typeof startBucket>>;
  beforeAll(async () => {
    bucket = await startBucket();
    t = await createTestApp(bucket.env);
  });
  afterAll(async () => {
    await t?.close();
    await bucket?.close();
  });

  const ready = () => t.app.inject({ url: '/api/health/ready' });

  it('is ready while the bucket answers', async () => {
    const res = await ready();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ready: true, storage: 'up' });
  });

  it('asks the bucket once for a storm of probes', async () => {
    await ready(); // a fresh answer in the cache, or one on its way
    const before = bucket.state.headBuckets;
    const answers = await Promise.all(Array.from({ length: 50 }, () => ready()));
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    // At most one HeadBucket a second (two if the storm straddles the end of the cache).
    expect(bucket.state.headBuckets - before).toBeLessThanOrEqual(2);
  });

  it('answers 503 while the bucket is unreachable, and is ready again when it is back', async () => {
    bucket.state.down = true;
    try {
      await expect.poll(async () => (await ready()).statusCode, { timeout: 15_000, interval: 200 }).toBe(503);
      const res = await ready();
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
      expect(res.json()).toMatchObject({ ready: false, storage: 'down', database: 'up', draining: false });
      // Alive all the same: the process does not need restarting.
      expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      bucket.state.down = false;
    }
    await expect.poll(async () => (await ready()).statusCode, { timeout: 15_000, interval: 200 }).toBe(200);
  });
});
