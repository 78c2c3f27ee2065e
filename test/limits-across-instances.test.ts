import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../server/app';
import { createSecondInstance, createTestApp, type TestApp } from './helpers/app';
import { testDatabaseUrl } from './helpers/database';
import { buildUser } from './helpers/factories';

/**
 * Two servers on one PostgreSQL, as behind a proxy (decision 29): every limit counts the requests
 * of both, wherever each lands. Two Fastify apps in this process, each with its own pool, LISTEN
 * connection and in-process state. The embedded database has one server by construction (its
 * data-folder lock, decision 16), so this runs in the PostgreSQL pass of the suite only.
 */
describe.runIf(testDatabaseUrl)(
  'limits across two server instances on one PostgreSQL (needs TEST_DATABASE_URL)',
  () => {
    let t: TestApp;
    let second: Awaited<ReturnType<typeof createSecondInstance>>;
    let one: App;
    let two: App;
    beforeAll(async () => {
      t = await createTestApp();
      second = await createSecondInstance(t);
      one = t.app;
      two = second.app;
    });
    afterAll(async () => {
      await second?.close();
      await t?.close();
    });

    /** The instance the proxy sends the i-th request to (round robin). */
    const either = (i: number) => (i % 2 ? two : one);

    let addressSeq = 0;
    const strangerAddress = () => {
      addressSeq += 1;
      return `203.0.${addressSeq >> 8}.${addressSeq & 255}`;
    };
    const login = (
      app: App,
      username: string,
      password: string,
      address = strangerAddress(),
      cookie?: string,
    ) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username, password },
        remoteAddress: address,
        headers: cookie ? { cookie } : {},
      });
    const LOCKED = { error: 'Too many login attempts. Try again in 15 minutes.' };

    it('refuses the 11th wrong password whichever instance it lands on, and the right one too', async () => {
      const m = await buildUser(one);
      for (let i = 0; i < 10; i++) {
        expect((await login(either(i), m.email, 'wrong-password')).statusCode, `failure ${i + 1}`).toBe(401);
      }
      for (const app of [one, two]) {
        const eleventh = await login(app, m.email, 'wrong-password');
        expect(eleventh.statusCode).toBe(429);
        expect(eleventh.json()).toEqual(LOCKED);
        expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(14 * 60);
        const right = await login(app, m.email, m.password);
        expect(right.statusCode).toBe(429);
      }
      // The member's own browser (its device cookie from registration) is not held, on either.
      for (const app of [one, two]) {
        expect((await login(app, m.email, m.password, m.address, m.device)).statusCode).toBe(200);
      }
    });

    it('an account locked through one instance is locked on the other', async () => {
      const m = await buildUser(one);
      for (let i = 0; i < 10; i++) expect((await login(one, m.email, 'wrong-password')).statusCode).toBe(401);
      const elsewhere = await login(two, m.email, m.password);
      expect(elsewhere.statusCode).toBe(429);
      expect(elsewhere.json()).toEqual(LOCKED);
    });

    it('lets exactly 10 of 30 simultaneous wrong passwords through, spread over both', async () => {
      const m = await buildUser(one);
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) => login(either(i), m.email, 'wrong-password')),
      );
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 401)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    });

    it('counts an address over both: 50 failures, then the address is refused on each', async () => {
      const address = '198.51.100.50';
      // 50 names, so that no account's own limit of 10 is reached first.
      const answers = [];
      for (let i = 0; i < 50; i++) {
        answers.push((await login(either(i), `nobody-${i}`, 'wrong-password', address)).statusCode);
      }
      expect(answers.every((s) => s === 401)).toBe(true);
      for (const app of [one, two]) {
        expect((await login(app, 'someone-else', 'wrong-password', address)).statusCode).toBe(429);
      }
      expect((await login(two, 'someone-else', 'wrong-password', '198.51.100.51')).statusCode).toBe(401);
    });

    it('counts password-reset requests and registrations per address over both', async () => {
      const forgot = (app: App, remoteAddress: string) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { email: 'nobody@example.com' },
          remoteAddress,
        });
      for (let i = 0; i < 10; i++) expect((await forgot(either(i), '198.51.100.60')).statusCode).toBe(200);
      for (const app of [one, two]) {
        const refused = await forgot(app, '198.51.100.60');
        expect(refused.statusCode).toBe(429);
        expect(refused.json().error).toBe(
          'Too many password reset requests from this address. Try again in 60 minutes.',
        );
      }

      const register = (app: App, n: number) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: { email: `gym${n}@example.com`, password: 'secret-pass' },
          remoteAddress: '198.51.100.70',
        });
      const made = await Promise.all(Array.from({ length: 24 }, (_, i) => register(either(i), i)));
      expect(made.filter((r) => r.statusCode === 201)).toHaveLength(20);
      for (const app of [one, two]) {
        const refused = await register(app, 100 + (app === one ? 0 : 1));
        expect(refused.statusCode).toBe(429);
        expect(refused.json().error).toBe(
          'Too many accounts created from this address. Try again in 60 minutes.',
        );
      }
    });

    describe('posting', () => {
      const TOO_FAST = { error: 'You are sending messages too fast. Wait a few seconds.' };
      const chat = (app: App, cookie: string, content: string) =>
        app.inject({
          method: 'POST',
          url: '/api/chat/community',
          headers: { cookie },
          payload: { content, messageType: 'text' },
        });
      const discuss = (app: App, cookie: string, text: string) =>
        app.inject({
          method: 'POST',
          url: '/api/discussions/intellectual/optimal-self/old-selves',
          headers: { cookie },
          payload: { text },
        });

      it.each([
        ['chat', chat],
        ['discussion', discuss],
      ])('holds the %s limit of 20 in 10 s over both instances', async (_name, send) => {
        const m = await buildUser(one);
        for (let i = 0; i < 20; i++) {
          expect((await send(either(i), m.cookie, `message ${i}`)).statusCode, `message ${i + 1}`).toBe(201);
        }
        for (const app of [one, two]) {
          const refused = await send(app, m.cookie, 'one too many');
          expect(refused.statusCode).toBe(429);
          expect(refused.json()).toEqual(TOO_FAST);
          expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
        }
        // Another member is not slowed down, on either.
        const other = await buildUser(two);
        expect((await send(one, other.cookie, 'hello')).statusCode).toBe(201);
        expect((await send(two, other.cookie, 'hello again')).statusCode).toBe(201);
      });

      it.each([
        ['chat', chat],
        ['discussion', discuss],
      ])('lets exactly 20 of 40 simultaneous %s posts through, spread over both', async (_name, send) => {
        const m = await buildUser(one);
        const answers = await Promise.all(
          Array.from({ length: 40 }, (_, i) => send(either(i), m.cookie, `m${i}`)),
        );
        expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(20);
        expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(20);
      });
    });
  },
);
