import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';

/** Registration limits (docs/decisions.md decision 7): no flooding, no account-existence oracle. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let seq = 0;
const freshEmail = (prefix = 'new') => `${prefix}${++seq}@example.com`;

function register(email: string, remoteAddress: string, password = 'secret-pass') {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password },
    remoteAddress,
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

describe('registrations per address', () => {
  it('allows 20 from one address, refuses the 21st with Retry-After, and lets another address in', async () => {
    for (let i = 1; i <= 20; i++) {
      expect((await register(freshEmail('gym'), '192.0.2.10')).statusCode, `registration ${i}`).toBe(201);
    }
    const refused = await register(freshEmail('gym'), '192.0.2.10');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(
      /^Too many accounts created from this address\. Try again in \d+ minutes?\.$/,
    );
    expect(refused.json().error).toContain('60 minutes');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(59 * 60);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
    expect(refused.headers['set-cookie']).toBeUndefined();

    expect((await register(freshEmail('home'), '192.0.2.11')).statusCode).toBe(201);
  });

  it('counts known e-mails (they are hashed too) but not malformed requests', async () => {
    const address = '192.0.2.20';
    const taken = freshEmail('taken');
    expect((await register(taken, address)).statusCode).toBe(201);
    for (let i = 0; i < 9; i++) expect((await register(taken, address)).statusCode).toBe(409);
    for (let i = 0; i < 5; i++) expect((await register('not-an-email', address)).statusCode).toBe(400);
    for (let i = 0; i < 10; i++) expect((await register(freshEmail(), address)).statusCode).toBe(201);
    // 20 counted: the 21st is refused, and says nothing about whether the e-mail exists.
    expect((await register(taken, address)).statusCode).toBe(429);
    expect((await register(freshEmail(), address)).statusCode).toBe(429);
  });
});

describe('registering a known e-mail', () => {
  it('answers 409 with the spec text', async () => {
    const email = freshEmail('dup');
    expect((await register(email, '192.0.2.30')).statusCode).toBe(201);
    const again = await register(email.toUpperCase(), '192.0.2.31');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'An account with this email already exists' });
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('takes about as long as registering a new one (no account-existence oracle)', async () => {
    const known = freshEmail('known');
    let address = 100;
    const nextAddress = () => `192.0.2.${address++}`;
    expect((await register(known, nextAddress())).statusCode).toBe(201);
    // Warm up both paths (the hashing threads, the queries).
    await register(known, nextAddress());
    await register(freshEmail('warm'), nextAddress());

    const created: number[] = [];
    const conflicts: number[] = [];
    for (let i = 0; i < 9; i++) {
      // Interleaved, so that a slow moment of a loaded machine hits both kinds alike.
      let start = performance.now();
      expect((await register(freshEmail('timed'), nextAddress())).statusCode).toBe(201);
      created.push(performance.now() - start);
      start = performance.now();
      expect((await register(known, nextAddress())).statusCode).toBe(409);
      conflicts.push(performance.now() - start);
    }
    const ratio = median(conflicts) / median(created);
    // Without the hash a 409 took about a tenth of a 201; with it they are close. Generous bound.
    expect(ratio, `409 median ${median(conflicts)} ms, 201 median ${median(created)} ms`).toBeGreaterThan(
      0.5,
    );
  });
});
