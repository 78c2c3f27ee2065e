import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { buildUser, memberAddress, type BuiltUser } from './helpers/factories';
import { readMailbox, type ReceivedMail } from './helpers/mailbox';

/**
 * Issue 29, part 3: a stranger who registers someone else's address cannot make the server mail the
 * owner words of theirs. Names refuse line breaks and other control characters; mail to an address
 * not confirmed yet greets the address, never the name.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NAME_REFUSED = 'name must not contain line breaks or other control characters';
const PHISH = 'Your account is suspended. Verify at evil.example';

let addresses = 12000;
const post = (url: string, payload: object | undefined, m?: BuiltUser) =>
  t.app.inject({
    method: 'POST',
    url,
    ...(payload ? { payload } : {}),
    ...(m ? { headers: { cookie: m.cookie } } : {}),
    remoteAddress: memberAddress(addresses++),
  });
const setName = (m: BuiltUser, name: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/auth/profile',
    payload: { name },
    headers: { cookie: m.cookie },
  });
const me = async (m: BuiltUser) =>
  (await t.app.inject({ url: '/api/auth/me', headers: { cookie: m.cookie } })).json().user;

/** The messages to `email` written since `before`, once what is queued is written. */
async function mailTo(email: string, before = new Set<string>()): Promise<ReceivedMail[]> {
  await t.app.ctx.passwordReset.drain();
  await t.app.ctx.mail.flush();
  return readMailbox(t.dataDir).filter((x) => !before.has(x.file) && x.to.includes(email));
}
const written = async () => new Set((await mailTo('@')).map((x) => x.file));

describe('a name', () => {
  it('with a line break or another control character is refused with 400 naming the field, and not stored', async () => {
    const m = await buildUser(t.app);
    for (const name of [
      `Eve\r\n${PHISH}`,
      `Eve\n${PHISH}`,
      `Eve\r${PHISH}`,
      'Eve\tAdams',
      'Eve\u0085Adams',
      'Eve\u2028Adams',
      'Eve\u202eAdams',
    ]) {
      const res = await setName(m, name);
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json(), JSON.stringify(name)).toEqual({ error: NAME_REFUSED });
    }
    expect((await me(m)).name).toBe(m.user.name);
    // An ordinary name in any script is taken.
    expect((await setName(m, ' Zoé Ðorđević 李 ')).statusCode).toBe(200);
    expect((await me(m)).name).toBe('Zoé Ðorđević 李');
  });

  it('sent at registration (the username field) with a line break is refused with 400 naming the field', async () => {
    const email = `crlf.${process.pid}@example.com`;
    const res = await post('/api/auth/register', {
      username: `${email}\r\n${PHISH}`,
      email,
      password: 'correct horse battery',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'username must not contain line breaks or other control characters',
    });
    expect(await mailTo(email)).toEqual([]);
  });
});

describe('mail to an address not confirmed yet', () => {
  /** A stranger's account on someone else's address, named with the stranger's words. */
  async function strangerAccount(): Promise<BuiltUser> {
    const m = await buildUser(t.app);
    expect((await setName(m, PHISH)).statusCode).toBe(200);
    return m;
  }
  const expectNoName = (mails: ReceivedMail[], to: string) => {
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) {
      for (const part of [mail.text, mail.html]) {
        expect(part, mail.subject).not.toContain('suspended');
        expect(part, mail.subject).not.toContain('evil.example');
      }
      expect(mail.text.startsWith(`Hi ${to},`), mail.subject).toBe(true);
      expect(mail.html.startsWith(`<p>Hi ${to},</p>`), mail.subject).toBe(true);
    }
  };

  it('Resend: the confirmation greets the address, without the member-chosen name', async () => {
    const m = await strangerAccount();
    const before = await written();
    expect((await post('/api/auth/resend-confirmation', undefined, m)).statusCode).toBe(200);
    const mails = await mailTo(m.email, before);
    expect(mails.map((x) => x.subject)).toEqual(['Confirm your e-mail address for Tribe36']);
    expectNoName(mails, m.email);
  });

  it('the confirmation mailed at registration greets the address', async () => {
    const m = await buildUser(t.app);
    const mails = await mailTo(m.email);
    expect(mails.map((x) => x.subject)).toEqual(['Confirm your e-mail address for Tribe36']);
    expectNoName(mails, m.email);
  });

  it('forgotten password, change of address (both mails) and deletion greet the address too', async () => {
    const m = await strangerAccount();
    let before = await written();
    expect((await post('/api/auth/forgot-password', { email: m.email })).statusCode).toBe(200);
    expectNoName(await mailTo(m.email, before), m.email);

    before = await written();
    const to = `other.${process.pid}.${addresses}@example.com`;
    expect((await post('/api/auth/change-email', { email: to, password: m.password }, m)).statusCode).toBe(
      200,
    );
    expectNoName(await mailTo(to, before), to);
    expectNoName(await mailTo(m.email, before), m.email);

    before = await written();
    expect((await post('/api/auth/delete-account', { password: m.password }, m)).statusCode).toBe(200);
    expectNoName(await mailTo(m.email, before), m.email);
  });
});

describe('mail to a confirmed address', () => {
  it('keeps the member’s name', async () => {
    const m = await buildUser(t.app);
    expect((await setName(m, 'Zelda Quinn')).statusCode).toBe(200);
    await t.app.ctx.users.confirmEmail(m.user.id, m.email, new Date());
    const before = await written();
    expect((await post('/api/auth/forgot-password', { email: m.email })).statusCode).toBe(200);
    const [mail] = await mailTo(m.email, before);
    expect(mail!.text.startsWith('Hi Zelda Quinn,')).toBe(true);
  });
});
