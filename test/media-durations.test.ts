import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebmScanner, type WebmScan } from '../common/webm';
import { media } from '../server/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import { buildUser, type BuiltUser } from './helpers/factories';
import { multipart } from './helpers/uploads';

let t: TestApp;
let a: BuiltUser;

beforeAll(async () => {
  t = await createTestApp();
  a = await buildUser(t.app);
});
afterAll(() => t.close());

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name));
// Straight from Chromium's MediaRecorder: no Duration, no Cues.
const recordedVoice = fixture('recorded-voice.webm');
const recordedScreen = fixture('recorded-screen.webm');

function scan(bytes: Buffer): WebmScan {
  const scanner = new WebmScanner();
  scanner.push(bytes);
  return scanner.end();
}

async function served(url: string) {
  const res = await t.app.inject({ url, headers: { cookie: a.cookie } });
  expect(res.statusCode).toBe(200);
  return res;
}

async function uploadChat(bytes: Buffer, type: string) {
  const body = await multipart('file', { name: 'voice-message.webm', type, bytes });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { ...body.headers, cookie: a.cookie },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ url: string }>().url;
}

/** A file stored before uploads were mended, as migration 0010 marks it. */
async function storeAsBefore(bytes: Buffer, contentType: string) {
  const key = t.app.ctx.blobs.newKey();
  await t.app.ctx.blobs.write(key, Readable.from([bytes]));
  const [row] = await t.app.ctx.database.db
    .insert(media)
    .values({
      ownerId: a.user.id,
      kind: 'chat',
      contentType,
      size: bytes.length,
      storageKey: key,
      durationChecked: false,
    })
    .returning();
  return row!;
}

describe('WebM recordings are stored with their duration', () => {
  it('writes Duration and Cues into a MediaRecorder voice message at upload', async () => {
    const url = await uploadChat(recordedVoice, 'audio/webm');
    const res = await served(url);
    expect(res.headers['content-type']).toBe('audio/webm');
    const stored = scan(res.rawPayload);
    expect(stored.problem).toBeNull();
    expect(stored.hasDuration).toBe(true);
    expect(stored.hasCues).toBe(true);
    expect(stored.durationTicks).toBe(scan(recordedVoice).durationTicks);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    // Only the new file is kept.
    const id = url.split('/').pop()!;
    const [row] = await t.app.ctx.database.db.select().from(media).where(eq(media.id, id));
    expect(row!.size).toBe(res.rawPayload.length);
    expect(await t.app.ctx.blobs.exists(row!.storageKey)).toBe(true);
  });

  it('stores a finished WebM byte for byte', async () => {
    const finished = fixture('voice.webm');
    const res = await served(await uploadChat(finished, 'audio/webm'));
    expect(res.rawPayload.equals(finished)).toBe(true);
  });

  it('mends the WebM files stored before, once, and leaves the others as they were', async () => {
    const voice = await storeAsBefore(recordedVoice, 'audio/webm');
    const screen = await storeAsBefore(recordedScreen, 'video/webm');
    const finished = await storeAsBefore(fixture('clip.webm'), 'video/webm');
    const broken = await storeAsBefore(Buffer.from('not a webm at all'), 'audio/webm');
    const etagBefore = (await served(`/api/media/${voice.id}`)).headers.etag;

    await t.app.ctx.mediaDurations.pass();

    for (const [row, original] of [
      [voice, recordedVoice],
      [screen, recordedScreen],
    ] as const) {
      const res = await served(`/api/media/${row.id}`);
      const stored = scan(res.rawPayload);
      expect(stored.hasDuration).toBe(true);
      expect(stored.hasCues).toBe(true);
      expect(stored.durationTicks).toBe(scan(original).durationTicks);
      // The old blob is gone; the row names the new one.
      expect(await t.app.ctx.blobs.exists(row.storageKey)).toBe(false);
    }
    // Its validator changed with it, so a cached copy is not taken for the new one.
    expect((await served(`/api/media/${voice.id}`)).headers.etag).not.toBe(etagBefore);
    expect((await served(`/api/media/${finished.id}`)).rawPayload.equals(fixture('clip.webm'))).toBe(true);
    expect((await served(`/api/media/${broken.id}`)).rawPayload.toString()).toBe('not a webm at all');

    const rows = await t.app.ctx.database.db.select().from(media);
    expect(rows.every((r) => r.durationChecked)).toBe(true);

    // A second pass has nothing to do.
    const keys = rows.map((r) => r.storageKey).sort();
    await t.app.ctx.mediaDurations.pass();
    const again = await t.app.ctx.database.db.select().from(media);
    expect(again.map((r) => r.storageKey).sort()).toEqual(keys);
  });
});
