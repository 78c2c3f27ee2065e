// GET /api/auth/me, asked by the page's entry (client/main.tsx) before the app's code has even been
// fetched (docs/decisions.md decision 33): the current-user query takes this answer instead of asking again.
// Nothing here may import the app: main.tsx's chunk stays a couple of kilobytes.

/** The path of the current-user query. */
export const CURRENT_USER_URL = '/api/auth/me';

let early: Promise<Response> | undefined;

/** Starts the request; its answer waits for takeEarlyCurrentUser. */
export function fetchCurrentUserEarly(): void {
  early = fetch(CURRENT_USER_URL, { credentials: 'include' });
  // Read (or its failure reported) by the query that takes it; never an unhandled rejection here.
  early.catch(() => {});
}

/** The early answer, once: the first current-user query uses it, any later one asks the server. */
export function takeEarlyCurrentUser(): Promise<Response> | undefined {
  const taken = early;
  early = undefined;
  return taken;
}
