import type { CurrentUser } from '../../common/contracts/auth';
import type { App } from '../../server/app';
import { sessionCookieOf } from './app';

let seq = 0;

export type BuiltUser = { user: CurrentUser; cookie: string; email: string; password: string };

/** Registers a member through the API (as a client would) and returns them with their cookie. */
export async function buildUser(
  app: App,
  overrides: { email?: string; password?: string } = {},
): Promise<BuiltUser> {
  seq += 1;
  const email = overrides.email ?? `member${seq}.${process.pid}@example.com`;
  const password = overrides.password ?? 'correct horse battery';
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { username: email, email, password },
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return { user: res.json().user, cookie: sessionCookieOf(res), email, password };
}
