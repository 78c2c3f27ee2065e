import { describe, expect, it } from 'vitest';
import { createDeviceCookies, deviceCookieName, deviceCookieOptions, newDeviceKey } from './device-cookie';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

describe('device cookies', () => {
  it('verify for the account they were issued for, giving the nonce', async () => {
    const devices = createDeviceCookies(async () => newDeviceKey());
    const cookie = await devices.issue(A);
    expect(cookie).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
    expect(await devices.verify(A, cookie)).toBe(cookie.split('.')[0]);
    expect(await devices.issue(A)).not.toBe(cookie); // a new nonce every time
  });

  it('refuse another account, a tampered, forged or malformed cookie', async () => {
    const devices = createDeviceCookies(async () => newDeviceKey());
    const cookie = await devices.issue(A);
    expect(await devices.verify(B, cookie)).toBeNull();
    const [nonce, mac] = cookie.split('.') as [string, string];
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    expect(await devices.verify(A, `${flip(nonce)}.${mac}`)).toBeNull();
    expect(await devices.verify(A, `${nonce}.${flip(mac)}`)).toBeNull();
    for (const bad of [undefined, '', 'x', `${nonce}.`, `${nonce}.${mac}.x`, `${nonce}.${mac}=`]) {
      expect(await devices.verify(A, bad)).toBeNull();
    }
    // Signed with another key (another server): refused.
    const other = createDeviceCookies(async () => newDeviceKey());
    expect(await devices.verify(A, await other.issue(A))).toBeNull();
  });

  it('read the key once, and again after a failed read', async () => {
    let reads = 0;
    const key = newDeviceKey();
    const devices = createDeviceCookies(async () => {
      reads += 1;
      if (reads === 1) throw new Error('database down');
      return key;
    });
    await expect(devices.issue(A)).rejects.toThrow('database down');
    const cookie = await devices.issue(A);
    expect(await devices.verify(A, cookie)).not.toBeNull();
    expect(reads).toBe(2);
    // Instances sharing the key (one database) accept each other's cookies.
    const twin = createDeviceCookies(async () => key);
    expect(await twin.verify(A, cookie)).not.toBeNull();
  });

  it('are named and flagged like the session cookie', () => {
    expect(deviceCookieName(false)).toBe('tribe36_device');
    expect(deviceCookieName(true)).toBe('__Host-tribe36_device');
    expect(deviceCookieOptions(true)).toMatchObject({
      httpOnly: true,
      sameSite: 'lax',
      secure: true,
      path: '/',
    });
    expect(deviceCookieOptions(false).maxAge).toBe(365 * 24 * 60 * 60);
  });
});
