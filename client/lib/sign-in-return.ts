// A visitor who opens a members' page (a lesson link in a mail) is sent home to sign in, and lands on
// that page once signed in (issue 30, part 6). The page rides in the home entry's history state, never
// in the address: no link can name where the app goes after a sign-in, and the address stays '/'.

const STATE_KEY = 'signInReturnTo';
/** Any origin: only whether a path stays on it matters. */
const PROBE_ORIGIN = 'https://app.invalid';
const MAX_LENGTH = 2048;

/**
 * `raw` as a path of this app to go back to ('/think-tanks/…', with its query and fragment), or null
 * for anything that could leave the app or is not a page: another origin ('//evil', '/\evil',
 * 'https:…', 'javascript:…'), a relative path, control characters, the API, or home itself.
 */
export function safeReturnPath(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length > MAX_LENGTH) return null;
  // One leading slash; no backslash (browsers read '\' as '/'), no control or space characters.
  if (!/^\/(?![/\\])/.test(raw) || /[\\\s\p{Cc}]/u.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  if (url.pathname === '/' || url.pathname === '/api' || url.pathname.startsWith('/api/')) return null;
  return url.pathname + url.search + url.hash;
}

/** The history state of the home entry that sends a visitor back to `path` once signed in. */
export function signInReturnState(path: string): Record<string, string> | null {
  const safe = safeReturnPath(path);
  return safe ? { [STATE_KEY]: safe } : null;
}

/** The page a history state says to go back to after signing in, or null (checked again). */
export function returnPathFromState(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  return safeReturnPath((state as Record<string, unknown>)[STATE_KEY]);
}
