import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverSecrets } from '../server/db/schema';
import { createTestApp, sessionCookieOf, type TestApp } from './helpers/app';
import { buildUser, deviceCookieOf, type BuiltUser } from './helpers/factories';

/**
 * Sign-in throttling with device cookies (docs/decisions.md decision 7): a stranger who knows a handle
 * can lock out unknown browsers, never the member's own.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let addressSeq = 0;
/** A fresh address out of the loopback and private ranges the other tests use. */
const strangerAddress = () => {
  addressSeq += 1;
  return `203.0.${addressSeq >> 8}.${addressSeq & 255}`;
};

function login(username: string, password: string, remoteAddress: string, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
    remoteAddress,
    headers: cookie ? { cookie } : {},
  });
}

/** A member who has signed in once from home: their browser holds a device cookie. */
async function memberWithDevice(email: string): Promise<BuiltUser & { home: string; homeDevice: string }> {
  const m = await buildUser(t.app, { email, password: 'right-password' });
  const home = strangerAddress();
  const res = await login(email, 'right-password', home);
  expect(res.statusCode).toBe(200);
  return { ...m, home, homeDevice: deviceCookieOf(res) };
}

async function failUnknown(username: string, times: number, address = () => strangerAddress()) {
  for (let i = 1; i <= times; i++) {
    const res = await login(username, 'wrong-password', address());
    expect(res.statusCode, `failure ${i}`).toBe(401);
  }
}

describe('device cookies', () => {
  it('are set on registration and sign-in: HttpOnly, SameSite=Lax, Path=/, a year, not Secure over http', async () => {
    const m = await buildUser(t.app, { email: 'cookie-flags@example.com' });
    expect(m.device).toMatch(/^tribe36_device=[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
    const res = await login(m.email, m.password, strangerAddress());
    const header = (res.headers['set-cookie'] as string[]).find((c) => c.startsWith('tribe36_device='))!;
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
    expect(header).toMatch(/Path=\//);
    expect(header).toMatch(/Max-Age=31536000/);
    expect(header).not.toMatch(/Secure/);
    // A new nonce on every sign-in.
    expect(deviceCookieOf(res)).not.toBe(m.device);
    // The session cookie comes first, as before.
    expect(String(res.headers['set-cookie'])).toMatch(/^tribe36_session=/);
  });

  it('are signed with one key kept in the database', async () => {
    const rows = await t.app.ctx.database.db.select().from(serverSecrets);
    expect(rows.map((r) => r.name)).toEqual(['device_cookie_hmac_key']);
    expect(Buffer.from(rows[0]!.value, 'base64url')).toHaveLength(32);
  });
});

describe('sign-in throttling by device', () => {
  it('10 failures from strangers do not keep the member out of their own browser', async () => {
    const m = await memberWithDevice('coach@example.com');
    await failUnknown('coach', 10);
    // Unknown browsers are locked out, even with the right password.
    const stranger = await login('coach@example.com', 'right-password', strangerAddress());
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json()).toEqual({ error: 'Too many login attempts. Try again in 15 minutes.' });
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // The member's own browser gets in at once, from home or anywhere else.
    const own = await login('coach@example.com', 'right-password', m.home, m.homeDevice);
    expect(own.statusCode).toBe(200);
    const device = deviceCookieOf(own);
    expect((await login('coach', 'right-password', strangerAddress(), device)).statusCode).toBe(200);
    // So does the browser the member registered with.
    expect((await login('coach', 'right-password', m.address, m.device)).statusCode).toBe(200);
  });

  it('one unknown device is refused at its 11th failure while the known device still gets in', async () => {
    const m = await memberWithDevice('point-guard@example.com');
    const attacker = strangerAddress();
    await failUnknown('point-guard@example.com', 10, () => attacker);
    const eleventh = await login('point-guard@example.com', 'wrong-password', attacker);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().error).toMatch(/^Too many login attempts\. Try again in \d+ minutes?\.$/);
    expect(eleventh.headers['retry-after']).toBeDefined();
    expect((await login('point-guard', 'right-password', m.home, m.homeDevice)).statusCode).toBe(200);
  });

  it('locks a device after its own 10 failures; it then counts as an unknown device', async () => {
    const m = await memberWithDevice('forgetful@example.com');
    const laptop = deviceCookieOf(await login(m.email, 'right-password', m.home));
    for (let i = 1; i <= 10; i++) {
      expect((await login(m.email, 'wrong-password', m.home, m.homeDevice)).statusCode, `${i}`).toBe(401);
    }
    // Untrusted now: its next failures count under the unknown devices, which lock at 10.
    await failUnknown(m.email, 10, () => m.home);
    const sameBrowser = await login(m.email, 'wrong-password', m.home, m.homeDevice);
    expect(sameBrowser.statusCode).toBe(429);
    expect((await login(m.email, 'right-password', strangerAddress())).statusCode).toBe(429);
    // Another browser of the member is unaffected.
    expect((await login(m.email, 'right-password', m.home, laptop)).statusCode).toBe(200);
  });

  it('a forged, tampered or other account’s device cookie counts as unknown', async () => {
    const m = await memberWithDevice('shooter@example.com');
    const other = await memberWithDevice('bystander@example.com');
    await failUnknown('shooter', 10);
    const [name, value] = m.homeDevice.split('=') as [string, string];
    const [nonce, mac] = value.split('.') as [string, string];
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    for (const cookie of [
      `${name}=${flip(nonce)}.${mac}`,
      `${name}=${nonce}.${flip(mac)}`,
      `${name}=${nonce}`,
      `${name}=forged`,
      other.homeDevice,
      other.device,
      // A real cookie of this member under the wrong name.
      `tribe36_session=${value}`,
    ]) {
      const res = await login('shooter', 'right-password', m.home, cookie);
      expect(res.statusCode, cookie).toBe(429);
    }
    expect((await login('shooter', 'right-password', m.home, m.homeDevice)).statusCode).toBe(200);
    // The bystander's own lanes are untouched.
    expect((await login('bystander', 'right-password', strangerAddress())).statusCode).toBe(200);
  });

  it('a success clears the lane it was counted under', async () => {
    const m = await memberWithDevice('clears@example.com');
    await failUnknown(m.email, 9);
    expect((await login(m.email, 'right-password', strangerAddress())).statusCode).toBe(200);
    await failUnknown(m.email, 9);
    expect((await login(m.email, 'right-password', strangerAddress())).statusCode).toBe(200);
    expect(m.homeDevice).toBeTruthy();
  });

  it('keeps the per-address limit of 50 failures for unknown devices', async () => {
    const m = await memberWithDevice('gym-member@example.com');
    const gym = strangerAddress();
    for (let i = 1; i <= 50; i++) {
      expect((await login(`nobody${i}@example.com`, 'nope', gym)).statusCode, `${i}`).toBe(401);
    }
    const res = await login('gym-member@example.com', 'right-password', gym);
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toMatch(/^Too many login attempts\. Try again in \d+ minutes?\.$/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await login('gym-member@example.com', 'right-password', strangerAddress())).statusCode).toBe(200);
    // A browser with its device cookie is not held by its address: its own lane bounds its guesses.
    expect((await login('gym-member@example.com', 'right-password', gym, m.homeDevice)).statusCode).toBe(200);
  });

  it('answers 401 for a failure without setting any cookie', async () => {
    const m = await memberWithDevice('no-cookie-on-failure@example.com');
    const res = await login(m.email, 'wrong-password', m.home, m.homeDevice);
    expect(res.statusCode).toBe(401);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('change password', () => {
  it('counts wrong current passwords per member, without touching sign-in', async () => {
    const m = await memberWithDevice('changer@example.com');
    const change = (currentPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: { cookie: m.cookie },
        payload: { currentPassword, newPassword: 'brand-new-password' },
        remoteAddress: m.address,
      });
    for (let i = 1; i <= 10; i++) expect((await change('wrong-password')).statusCode, `${i}`).toBe(401);
    const eleventh = await change('right-password');
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().error).toMatch(/^Too many login attempts\./);
    // Signing in is not locked by them, from any browser.
    const res = await login(m.email, 'right-password', strangerAddress());
    expect(res.statusCode).toBe(200);
    expect(sessionCookieOf(res)).toBeTruthy();
  });
});

describe('over https', () => {
  let s: TestApp;
  beforeAll(async () => {
    s = await createTestApp({ PUBLIC_URL: 'https://tribe36.example.com' });
  });
  afterAll(() => s.close());

  it('the device cookie is Secure with the __Host- prefix, and is read back under that name', async () => {
    const reg = await s.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'secure-device@example.com', password: 'right-password' },
      remoteAddress: '198.51.100.1',
    });
    expect(reg.statusCode).toBe(201);
    const header = (reg.headers['set-cookie'] as string[]).find((c) =>
      c.startsWith('__Host-tribe36_device='),
    );
    expect(header).toMatch(/; Secure/);
    expect(header).toMatch(/Path=\//);
    expect(header).not.toMatch(/Domain=/);
    const device = header!.split(';')[0]!;
    const signIn = (password: string, cookie?: string) =>
      s.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'secure-device@example.com', password },
        remoteAddress: '198.51.100.2',
        headers: cookie ? { cookie } : {},
      });
    for (let i = 0; i < 10; i++) expect((await signIn('wrong-password')).statusCode).toBe(401);
    expect((await signIn('right-password')).statusCode).toBe(429);
    expect((await signIn('right-password', device)).statusCode).toBe(200);
    // The plain name is not trusted over https.
    expect((await signIn('right-password', device.replace('__Host-', ''))).statusCode).toBe(429);
  });
});
