import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryRateEventStore } from '../../lib/rate-event-store';
import {
  createLoginThrottle,
  retryAfterHeader,
  tooManyAttemptsMessage,
  tooManyRegistrationsMessage,
  type Attempt,
  type LoginThrottle,
} from './login-throttle';

const MIN = 60_000;
let clock = 0;
let throttle: LoginThrottle;
beforeEach(() => {
  clock = 1_000_000;
  throttle = createLoginThrottle({ now: () => clock });
});

/** A failed password check: the attempt is counted when it is let through. */
async function fail(attempt: Promise<Attempt>) {
  const a = await attempt;
  expect(a.ticket, 'the attempt should have been let through').not.toBeNull();
}
const waitOf = async (attempt: Promise<Attempt>) => (await attempt).retryAfterMs;

describe('login throttle: unknown devices of an account', () => {
  it('locks them after 10 failures for the rest of the 15 minutes', async () => {
    for (let i = 0; i < 10; i++) await fail(throttle.signIn('acct', null, `ip${i}`));
    expect(await waitOf(throttle.signIn('acct', null, 'another-ip'))).toBe(15 * MIN);
    clock += 10 * MIN;
    expect(await waitOf(throttle.signIn('acct', null, 'another-ip'))).toBe(5 * MIN);
    clock += 5 * MIN;
    expect(await waitOf(throttle.signIn('acct', null, 'another-ip'))).toBe(0);
  });

  it('a refused attempt is not counted', async () => {
    for (let i = 0; i < 10; i++) await fail(throttle.signIn('acct', null, 'a'));
    for (let i = 0; i < 5; i++) expect(await waitOf(throttle.signIn('acct', null, 'a'))).toBeGreaterThan(0);
    clock += 15 * MIN;
    expect(await waitOf(throttle.signIn('acct', null, 'a'))).toBe(0);
  });

  it('never blocks a known device of the account', async () => {
    for (let i = 0; i < 10; i++) await fail(throttle.signIn('acct', null, `ip${i}`));
    expect(await waitOf(throttle.signIn('acct', null, 'x'))).toBeGreaterThan(0);
    const known = await throttle.signIn('acct', 'nonce-1', 'home');
    expect(known.ticket?.lane).toBe('device:acct:nonce-1');
  });

  it('counts each account separately', async () => {
    for (let i = 0; i < 10; i++) await fail(throttle.signIn('acct', null, `ip${i}`));
    expect(await waitOf(throttle.signIn('other', null, 'ip0'))).toBe(0);
  });

  it('lets only 10 of a burst of parallel attempts through', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 30 }, (_, i) => throttle.signIn('acct', null, `burst${i}`)),
    );
    expect(attempts.filter((a) => a.ticket).length).toBe(10);
  });
});

describe('login throttle: known devices', () => {
  it('locks one device after 10 failures; it then counts as unknown for the rest of the window', async () => {
    for (let i = 0; i < 10; i++) {
      const a = await throttle.signIn('acct', 'stolen', 'ip');
      expect(a.ticket?.lane).toBe('device:acct:stolen');
    }
    // The 11th try with that cookie: untrusted, so it joins (and counts under) the unknown devices.
    const eleventh = await throttle.signIn('acct', 'stolen', 'ip');
    expect(eleventh.ticket?.lane).toBe('unknown:acct');
    for (let i = 0; i < 9; i++) await fail(throttle.signIn('acct', 'stolen', 'ip'));
    expect(await waitOf(throttle.signIn('acct', 'stolen', 'ip'))).toBe(15 * MIN);
    expect(await waitOf(throttle.signIn('acct', null, 'elsewhere'))).toBeGreaterThan(0);
    // The member's own browser (another device cookie) is untouched.
    expect((await throttle.signIn('acct', 'own', 'home')).ticket?.lane).toBe('device:acct:own');
    // After the window the device is trusted again.
    clock += 15 * MIN;
    expect((await throttle.signIn('acct', 'stolen', 'ip')).ticket?.lane).toBe('device:acct:stolen');
  });

  it('is not blocked by its address, and does not count against it', async () => {
    for (let i = 0; i < 50; i++) await fail(throttle.signIn(`user${i}`, null, 'gym'));
    expect(await waitOf(throttle.signIn('member', null, 'gym'))).toBeGreaterThan(0);
    expect((await throttle.signIn('member', 'nonce', 'gym')).ticket).not.toBeNull();
  });
});

describe('login throttle: addresses', () => {
  it('locks an address for unknown devices after 50 failures', async () => {
    for (let i = 0; i < 50; i++) await fail(throttle.signIn(`user${i}`, null, 'addr'));
    expect(await waitOf(throttle.signIn('fresh-user', null, 'addr'))).toBe(15 * MIN);
    expect(await waitOf(throttle.signIn('fresh-user', null, 'other-addr'))).toBe(0);
  });

  it('does not count successes', async () => {
    for (let i = 0; i < 60; i++) {
      const a = await throttle.signIn(`user${i}`, null, 'office');
      await throttle.succeeded(a.ticket!);
    }
    expect(await waitOf(throttle.signIn('fresh-user', null, 'office'))).toBe(0);
  });
});

describe('login throttle: success', () => {
  it('clears the lane it was counted under', async () => {
    for (let i = 0; i < 9; i++) await fail(throttle.signIn('acct2', null, 'a'));
    await throttle.succeeded((await throttle.signIn('acct2', null, 'a')).ticket!);
    for (let i = 0; i < 9; i++) await fail(throttle.signIn('acct2', null, 'b'));
    expect(await waitOf(throttle.signIn('acct2', null, 'c'))).toBe(0);
  });

  it('on a device clears that device only', async () => {
    for (let i = 0; i < 9; i++) await fail(throttle.signIn('acct', null, `ip${i}`));
    for (let i = 0; i < 9; i++) await fail(throttle.signIn('acct', 'dev', 'home'));
    await throttle.succeeded((await throttle.signIn('acct', 'dev', 'home')).ticket!);
    await fail(throttle.signIn('acct', null, 'ip'));
    expect(await waitOf(throttle.signIn('acct', null, 'ip'))).toBeGreaterThan(0);
    for (let i = 0; i < 10; i++) await fail(throttle.signIn('acct', 'dev', 'home'));
  });
});

describe('change-password throttle', () => {
  it('counts per member, apart from the sign-in lanes', async () => {
    for (let i = 0; i < 10; i++) await fail(throttle.changePassword('m', 'ip'));
    expect(await waitOf(throttle.changePassword('m', 'ip2'))).toBe(15 * MIN);
    expect(await waitOf(throttle.signIn('m', null, 'ip3'))).toBe(0);
    expect(await waitOf(throttle.changePassword('n', 'ip3'))).toBe(0);
  });

  it('a success clears the member count', async () => {
    for (let i = 0; i < 9; i++) await fail(throttle.changePassword('m', 'ip'));
    await throttle.succeeded((await throttle.changePassword('m', 'ip')).ticket!);
    for (let i = 0; i < 10; i++) await fail(throttle.changePassword('m', 'ip'));
  });
});

describe('registration limit', () => {
  it('allows 20 an hour per address, then says how long to wait', async () => {
    for (let i = 0; i < 20; i++) {
      expect(await throttle.register('gym')).toBe(0);
      clock += MIN;
    }
    // The first of the 20 leaves the hour 40 minutes from now.
    expect(await throttle.register('gym')).toBe(40 * MIN);
    expect(await throttle.register('home')).toBe(0);
    clock += 40 * MIN;
    expect(await throttle.register('gym')).toBe(0);
    expect(await throttle.register('gym')).toBe(MIN);
  });
});

describe('memory attempt store', () => {
  it('take counts under every key or none', async () => {
    const store = createMemoryRateEventStore();
    const small = { limit: 1, windowMs: MIN };
    const big = { limit: 5, windowMs: MIN };
    expect(await store.take([{ key: 'a', rule: small }], 0)).toBe(0);
    expect(
      await store.take(
        [
          { key: 'b', rule: big },
          { key: 'a', rule: small },
        ],
        10,
      ),
    ).toBe(MIN - 10);
    expect(await store.wait('b', { limit: 1, windowMs: MIN }, 10)).toBe(0); // b was not counted
    await store.forgetOne('a', 0);
    expect(await store.wait('a', small, 10)).toBe(0);
  });

  it('prune forgets attempts older than every window', async () => {
    const store = createMemoryRateEventStore();
    const rule = { limit: 1, windowMs: MIN };
    await store.take([{ key: 'k', rule }], 0);
    await store.prune(MIN);
    expect(await store.wait('k', rule, 0)).toBe(0);
  });
});

describe('messages', () => {
  it('say how many minutes to wait, rounded up', () => {
    expect(tooManyAttemptsMessage(15 * MIN)).toBe('Too many login attempts. Try again in 15 minutes.');
    expect(tooManyAttemptsMessage(4 * MIN + 1)).toBe('Too many login attempts. Try again in 5 minutes.');
    expect(tooManyAttemptsMessage(20_000)).toBe('Too many login attempts. Try again in 1 minute.');
    expect(tooManyRegistrationsMessage(60 * MIN)).toBe(
      'Too many accounts created from this address. Try again in 60 minutes.',
    );
  });

  it('Retry-After is in whole seconds, at least 1', () => {
    expect(retryAfterHeader(15 * MIN)).toEqual({ 'retry-after': '900' });
    expect(retryAfterHeader(1)).toEqual({ 'retry-after': '1' });
  });
});
