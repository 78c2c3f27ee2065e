/**
 * The pages a mailed single-use link opens, and how its token rides in the link's fragment (so it never
 * reaches a server log or a Referer header). The server builds the links with these, the client routes
 * the same paths and reads the token back (docs/decisions.md decisions 2 and 18).
 */
export const CONFIRM_EMAIL_PATH = '/confirm-email';
export const RESET_PASSWORD_PATH = '/reset-password';

/** A page that a mailed link opens. */
export type MailedLinkPath = typeof CONFIRM_EMAIL_PATH | typeof RESET_PASSWORD_PATH;

/** The fragment's parameter that holds the token: `/reset-password#token=…`. */
export const LINK_TOKEN_PARAM = 'token';

/** The full link: `${origin}${path}#token=${token}` (the token is base64url: nothing to escape). */
export function mailedLink(origin: string, path: MailedLinkPath, token: string): string {
  return `${origin}${path}#${LINK_TOKEN_PARAM}=${token}`;
}

/** The token of a mailed link, read from the address's fragment (`#token=…`); '' when there is none. */
export function linkTokenFromHash(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get(LINK_TOKEN_PARAM) ?? '';
}
