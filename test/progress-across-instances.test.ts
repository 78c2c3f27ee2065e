import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../server/app';
import { attempts, discussionMessages } from '../server/db/schema';
import { createSecondInstance, createTestApp, type TestApp } from './helpers/app';
import { testDatabaseUrl } from './helpers/database';
import { buildUser, type BuiltUser } from './helpers/factories';

/**
 * Two servers on one PostgreSQL (decision 40): each keeps members' progress answers in memory, and
 * what one is told changes the other's answer too. PostgreSQL pass of the suite only (the embedded
 * database has one server by construction).
 */
describe.runIf(testDatabaseUrl)('progress across two server instances (needs TEST_DATABASE_URL)', () => {
  let t: TestApp;
  let second: Awaited<ReturnType<typeof createSecondInstance>>;
  let one: App;
  let two: App;
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: 'coach@example.com' });
    second = await createSecondInstance(t);
    one = t.app;
    two = second.app;
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  const call = (app: App, method: 'GET' | 'POST' | 'PUT', url: string, who: BuiltUser, payload?: object) =>
    app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
  const entry = async (app: App, who: BuiltUser, path: string) => {
    const res = await call(app, 'GET', '/api/progress', who);
    expect(res.statusCode).toBe(200);
    const body = res.json() as {
      lessons: Array<{
        thinkTank: string;
        topic: string;
        lesson: string;
        doneAt: string | null;
        unread: boolean;
      }>;
    };
    return body.lessons.find((e) => `${e.thinkTank}/${e.topic}/${e.lesson}` === path);
  };

  it('a lesson marked done on one instance is done on the other, which had the answer in memory', async () => {
    const member = await buildUser(one);
    const path = 'intellectual/understanding-self/systems-theory';
    expect(await entry(two, member, path)).toBeUndefined();
    expect((await call(one, 'PUT', `/api/progress/${path}`, member)).statusCode).toBe(200);
    await expect
      .poll(async () => (await entry(two, member, path))?.doneAt ?? null, { timeout: 5_000 })
      .not.toBeNull();
  });

  it("a coach's reply on one instance marks the lesson unread on the other", async () => {
    const member = await buildUser(one);
    // An admin by ADMIN_EMAILS (the test apps' coach address).
    const coach = await buildUser(one, { email: 'coach@example.com' });
    const slot = { thinkTank: 'emotional', topicSlug: 'alter-ego', lessonSlug: 'assessing-data' };
    const path = 'emotional/alter-ego/assessing-data';
    const db = one.ctx.database.db;
    const [attempt] = await db
      .insert(attempts)
      .values({ userId: member.user.id, caption: 'drill' })
      .returning();
    await db
      .insert(discussionMessages)
      .values({ ...slot, userId: member.user.id, text: 'drill', attemptId: attempt!.id });
    expect((await entry(two, member, path))?.unread ?? false).toBe(false);
    const posted = await call(one, 'POST', `/api/discussions/${path}`, coach, { text: 'Hips lower' });
    expect(posted.statusCode).toBe(201);
    await expect
      .poll(async () => (await entry(two, member, path))?.unread ?? false, { timeout: 5_000 })
      .toBe(true);
  });
});
