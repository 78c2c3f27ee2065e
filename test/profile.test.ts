import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { buildUser } from './helpers/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function patch(cookie: string | undefined, payload: unknown) {
  return t.app.inject({
    method: 'PATCH',
    url: '/api/auth/profile',
    headers: cookie ? { cookie } : {},
    payload: payload as object,
  });
}

describe('PATCH /api/auth/profile', () => {
  it('needs a signed-in member', async () => {
    const res = await patch(undefined, { school: 'X' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Not signed in' });
  });

  it('saves the given fields, keeps absent ones, clears nulls, and me reflects it at once', async () => {
    const m = await buildUser(t.app);
    const first = await patch(m.cookie, {
      name: ' Kobe Bryant ',
      age: 41,
      school: 'Lower Merion',
      height: '6 ft 6',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().user).toMatchObject({
      name: 'Kobe Bryant',
      age: 41,
      school: 'Lower Merion',
      height: '6 ft 6',
    });
    const second = await patch(m.cookie, { school: null, hometown: '', privacyLevel: 'selective' });
    expect(second.json().user).toMatchObject({
      name: 'Kobe Bryant',
      age: 41,
      school: null,
      hometown: null,
      height: '6 ft 6',
      privacyLevel: 'selective',
    });
    const me = await t.app.inject({ url: '/api/auth/me', headers: { cookie: m.cookie } });
    expect(me.json().user).toMatchObject({ school: null, privacyLevel: 'selective', name: 'Kobe Bryant' });
  });

  it('drops fields a member may not set', async () => {
    const m = await buildUser(t.app);
    const res = await patch(m.cookie, {
      isAdmin: true,
      paymentStatus: 'paid',
      username: 'boss',
      email: 'boss@example.com',
      password: 'hijack',
      mustChangePassword: true,
      goalOne: 'Win',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      isAdmin: false,
      paymentStatus: 'unpaid',
      username: m.user.username,
      email: m.email,
      mustChangePassword: false,
      goalOne: 'Win',
    });
  });

  it('checks every field and names it', async () => {
    const m = await buildUser(t.app);
    const cases: Array<[object, RegExp]> = [
      [{ age: 12.5 }, /age/],
      [{ age: -1 }, /age/],
      [{ age: 131 }, /age/],
      [{ age: '20' }, /age/],
      [{ name: 'x'.repeat(101) }, /name/],
      [{ background: 'x'.repeat(4001) }, /background/],
      [{ privacyLevel: 'friends' }, /privacyLevel/],
      [{ school: 5 }, /school/],
      [{ profilePicture: 'https://evil.example/x.png' }, /profilePicture/],
    ];
    for (const [payload, message] of cases) {
      const res = await patch(m.cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toMatch(message);
    }
    const ok = await patch(m.cookie, { background: 'x'.repeat(4000), age: 0, profilePicture: null });
    expect(ok.statusCode).toBe(200);
  });
});
