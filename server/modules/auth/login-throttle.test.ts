import { afterEach, describe, expect, it } from 'vitest';
import { createLoginThrottle, tooManyAttemptsMessage } from './login-throttle';

const MIN = 60_000;
let clock = 0;
const throttle = createLoginThrottle(() => clock);
afterEach(() => throttle.stop());

describe('login throttle', () => {
  it('blocks an account after 10 failures for the rest of the 15 minutes', () => {
    clock = 1_000_000;
    for (let i = 0; i < 10; i++) {
      expect(throttle.retryAfter('acct', `ip${i}`)).toBe(0);
      throttle.failed('acct', `ip${i}`);
    }
    expect(throttle.retryAfter('acct', 'another-ip')).toBe(15 * MIN);
    clock += 10 * MIN;
    expect(throttle.retryAfter('acct', 'another-ip')).toBe(5 * MIN);
    clock += 5 * MIN;
    expect(throttle.retryAfter('acct', 'another-ip')).toBe(0);
  });

  it('blocks an address after 50 failures', () => {
    clock = 5_000_000;
    for (let i = 0; i < 50; i++) throttle.failed(`user${i}`, 'addr');
    expect(throttle.retryAfter('fresh-user', 'addr')).toBeGreaterThan(0);
    expect(throttle.retryAfter('fresh-user', 'other-addr')).toBe(0);
  });

  it('a success clears the account count', () => {
    clock = 9_000_000;
    for (let i = 0; i < 9; i++) throttle.failed('acct2', 'a');
    throttle.succeeded('acct2');
    for (let i = 0; i < 9; i++) throttle.failed('acct2', 'b');
    expect(throttle.retryAfter('acct2', 'c')).toBe(0);
  });

  it('says how many minutes to wait, rounded up', () => {
    expect(tooManyAttemptsMessage(15 * MIN)).toBe('Too many login attempts. Try again in 15 minutes.');
    expect(tooManyAttemptsMessage(4 * MIN + 1)).toBe('Too many login attempts. Try again in 5 minutes.');
    expect(tooManyAttemptsMessage(20_000)).toBe('Too many login attempts. Try again in 1 minute.');
  });
});
