import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { buildUser, type BuiltUser } from './helpers/factories';

let t: TestApp;
let admin: BuiltUser;
let viewer: BuiltUser;
const subjects: Record<'private' | 'selective' | 'public', BuiltUser> = {} as never;

const FULL_PROFILE = {
  name: 'Subject Athlete',
  age: 22,
  height: '6 ft 1',
  weight: '190 lbs',
  school: 'State U',
  hometown: 'Akron',
  background: 'Point guard',
  injuryHistory: 'Left ankle, 2024',
  goalOne: 'Start',
  goalTwo: 'Captain',
  goalThree: 'Pro',
};
const SELECTIVE_FIELDS = ['school', 'hometown', 'background', 'goalOne', 'goalTwo', 'goalThree'];
const PUBLIC_ONLY_FIELDS = ['age', 'height', 'weight', 'injuryHistory'];
const OWNER_FIELDS = ['email', 'paymentStatus'];

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'coach@example.com' });
  admin = await buildUser(t.app, { email: 'coach@example.com' });
  viewer = await buildUser(t.app, { email: 'viewer@example.com' });
  for (const level of ['private', 'selective', 'public'] as const) {
    subjects[level] = await buildUser(t.app, { email: `${level}.subject@example.com` });
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/profile',
      headers: { cookie: subjects[level].cookie },
      payload: { ...FULL_PROFILE, privacyLevel: level },
    });
    expect(res.statusCode).toBe(200);
  }
});
afterAll(() => t.close());

const profileOf = (username: string, cookie?: string) =>
  t.app.inject({ url: `/api/members/username/${username}`, headers: cookie ? { cookie } : {} });
const search = (q: string, cookie: string) =>
  t.app.inject({ url: `/api/members?search=${encodeURIComponent(q)}`, headers: { cookie } });

describe('GET /api/members/username/:username — the privacy matrix', () => {
  it('answers 401 to visitors whatever the level', async () => {
    for (const s of Object.values(subjects)) {
      const res = await profileOf(s.user.username);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Not signed in' });
    }
  });

  it('shows the member and admins everything', async () => {
    for (const s of Object.values(subjects)) {
      for (const who of [s, admin]) {
        const res = await profileOf(s.user.username, who.cookie);
        expect(res.statusCode).toBe(200);
        const body = res.json();
        for (const f of [...SELECTIVE_FIELDS, ...PUBLIC_ONLY_FIELDS, ...OWNER_FIELDS])
          expect(body, f).toHaveProperty(f);
        expect(body).toMatchObject({ ...FULL_PROFILE, email: s.email, paymentStatus: 'unpaid' });
      }
    }
  });

  it('shows another member a public profile whole, without e-mail or payment status', async () => {
    const res = await profileOf(subjects.public.user.username, viewer.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ ...FULL_PROFILE, privacyLevel: 'public', isAdmin: false });
    for (const f of OWNER_FIELDS) expect(body).not.toHaveProperty(f);
  });

  it('shows another member a selective profile without age, height, weight and injuries', async () => {
    const body = (await profileOf(subjects.selective.user.username, viewer.cookie)).json();
    for (const f of SELECTIVE_FIELDS) expect(body, f).toHaveProperty(f);
    for (const f of [...PUBLIC_ONLY_FIELDS, ...OWNER_FIELDS]) expect(body, f).not.toHaveProperty(f);
    expect(JSON.stringify(body)).not.toContain('Left ankle');
    expect(body.name).toBe('Subject Athlete');
  });

  it('refuses another member a private profile with 403', async () => {
    const res = await profileOf(subjects.private.user.username, viewer.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'This profile is private' });
  });

  it('answers 404 for an unknown handle, and finds a handle in any letter case', async () => {
    const res = await profileOf('no-such-member', viewer.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Member not found' });
    expect((await profileOf(subjects.public.user.username.toUpperCase(), viewer.cookie)).statusCode).toBe(
      200,
    );
  });

  it('marks admins', async () => {
    const body = (await profileOf(admin.user.username, viewer.cookie)).json();
    expect(body.isAdmin).toBe(true);
  });
});

describe('GET /api/members?search=', () => {
  it('needs 2 characters and a signed-in member', async () => {
    const one = await search('a', viewer.cookie);
    expect(one.statusCode).toBe(400);
    expect(one.json().error).toMatch(/search must be at least 2 characters/);
    expect((await search('  a  ', viewer.cookie)).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/members', headers: { cookie: viewer.cookie } })).statusCode).toBe(
      400,
    );
    expect((await t.app.inject({ url: '/api/members?search=subject' })).statusCode).toBe(401);
  });

  it('matches names and handles in any letter case, never returning e-mails', async () => {
    const res = await search('SUBJECT', viewer.cookie);
    expect(res.statusCode).toBe(200);
    const results = res.json();
    expect(results.map((r: { username: string }) => r.username).sort()).toEqual(
      [subjects.public.user.username, subjects.selective.user.username].sort(),
    );
    for (const r of results) {
      expect(Object.keys(r).sort()).toEqual(['id', 'isAdmin', 'name', 'profilePicture', 'username']);
    }
    expect(JSON.stringify(results)).not.toContain('@');
    // By handle, inside the word.
    const byHandle = await search('elective-sub', viewer.cookie);
    expect(byHandle.json().map((r: { username: string }) => r.username)).toEqual([
      subjects.selective.user.username,
    ]);
  });

  it('leaves private members out, except for admins and the member', async () => {
    const forViewer = (await search('private', viewer.cookie)).json();
    expect(forViewer).toEqual([]);
    const forAdmin = (await search('private', admin.cookie)).json();
    expect(forAdmin.map((r: { username: string }) => r.username)).toEqual([subjects.private.user.username]);
    const forSelf = (await search('private', subjects.private.cookie)).json();
    expect(forSelf).toHaveLength(1);
  });

  it('treats %, _, \\ and quotes as text', async () => {
    for (const q of ['%%', '__', "'; drop table users; --", '\\\\', '"x"', "o'neil"]) {
      const res = await search(q, viewer.cookie);
      expect(res.statusCode, q).toBe(200);
      expect(res.json(), q).toEqual([]);
    }
    const named = await buildUser(t.app, { email: 'pct@example.com' });
    await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/profile',
      headers: { cookie: named.cookie },
      payload: { name: "100% O'Neil_x" },
    });
    expect((await search('00%', viewer.cookie)).json().map((r: { name: string }) => r.name)).toEqual([
      "100% O'Neil_x",
    ]);
    expect((await search("o'neil", viewer.cookie)).json()).toHaveLength(1);
    expect((await search('l_x', viewer.cookie)).json()).toHaveLength(1);
  });

  it('returns at most 20, prefix matches first', async () => {
    for (let i = 0; i < 24; i++) await buildUser(t.app, { email: `zz-runner${i}@example.com` });
    const prefixed = await buildUser(t.app, { email: 'prefix-case@example.com' });
    await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/profile',
      headers: { cookie: prefixed.cookie },
      payload: { name: 'Runner Prime' },
    });
    const res = await search('runner', viewer.cookie);
    const results = res.json();
    expect(results).toHaveLength(20);
    expect(results[0].name).toBe('Runner Prime');
    // Two characters match the start of a word.
    const two = (await search('pr', viewer.cookie)).json().map((r: { name: string }) => r.name);
    expect(two).toContain('Runner Prime');
  });
});

describe('GET /api/members?search= anywhere in the name or handle (issue 15)', () => {
  /** A member with this e-mail (so this handle) and name, at this privacy level. */
  async function member(email: string, name: string, privacyLevel = 'public') {
    const built = await buildUser(t.app, { email });
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/profile',
      headers: { cookie: built.cookie },
      payload: { name, privacyLevel },
    });
    expect(res.statusCode).toBe(200);
    return built;
  }
  const names = async (q: string, cookie = viewer.cookie) => {
    const res = await search(q, cookie);
    expect(res.statusCode, q).toBe(200);
    return res.json().map((r: { name: string }) => r.name) as string[];
  };

  beforeAll(async () => {
    await member('aq-person@example.com', 'Alice Quist');
    // 'qor': one of each kind of match, and a private member who matches.
    await member('bartho@example.com', 'Bartholomew Vanmaqorson');
    await member('maqor@example.com', 'Maqor');
    await member('anna-q@example.com', 'Anna Qory');
    await member('qorbit@example.com', 'Tess Vale');
    await member('qorvin@example.com', 'Qorvin Bell');
    await member('hidden-q@example.com', 'Hidden Maqorik', 'private');
  });

  it("finds 'li' inside Alice: two characters match anywhere, not only at a word's start", async () => {
    expect(await names('li')).toContain('Alice Quist');
    expect(await names('LI')).toContain('Alice Quist');
    expect(await names('uis')).toEqual(['Alice Quist']);
    // Inside the handle only ('aq-person'), not the name.
    expect(await names('q-pe')).toEqual(['Alice Quist']);
  });

  it('puts name prefixes first, then handle prefixes, word starts, and the rest by similarity', async () => {
    expect(await names('qor')).toEqual([
      'Qorvin Bell', // the name starts with it
      'Tess Vale', // the handle (qorbit) does
      'Anna Qory', // a word of the name does
      'Maqor', // inside a short name: more similar
      'Bartholomew Vanmaqorson', // inside a long one
    ]);
    // The private member is found by admins only, in the same order.
    const forAdmin = await names('qor', admin.cookie);
    expect(forAdmin).toContain('Hidden Maqorik');
    expect(forAdmin.slice(0, 3)).toEqual(['Qorvin Bell', 'Tess Vale', 'Anna Qory']);
  });

  it('matches % and _ literally anywhere, not as wildcards', async () => {
    expect(await names('q%r')).toEqual([]);
    expect(await names('q_r')).toEqual([]);
    expect(await names('%q')).toEqual([]);
    expect(await names('aq_')).toEqual([]);
    expect(await names('aq-')).toEqual(['Alice Quist']);
  });
});
