// Another member's profile, asked by the page's entry (client/main.tsx) on /member/<username> beside
// /api/auth/me, before the app's code has been fetched (docs/decisions.md decision 72). The member's
// picture is the page's largest contentful paint, and its URL is in this answer: asked by the page once
// the app ran and /me answered, it was one more round trip after the app before the picture's download.
// (Downloading the picture here too, beside the app's code, made the page slower in Lighthouse: it
// shares the slow link with the app's chunks.)
// The member-profile query takes this answer instead of asking again. Nothing here may import the app:
// main.tsx's chunk stays a couple of kilobytes and imports no other chunk (scripts/check-entry.mjs).

/**
 * The username of a /member/<username> path, decoded; null for any other path. A copy of
 * common/member-page-path.ts's, which the app's chunks and the server share: imported here, the
 * bundler puts it in a chunk of its own that every page would load before it starts. The unit test
 * checks that the two agree.
 */
export function memberPageUsername(pathname: string): string | null {
  const match = /^\/member\/([^/]+)\/?$/.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

/** The API's URL of a member's profile (client/features/members/api/get-member-profile.ts asks it). */
export function memberProfileUrl(username: string): string {
  return `/api/members/username/${encodeURIComponent(username)}`;
}

let early: { url: string; response: Promise<Response> } | undefined;

/**
 * On a member's page, starts the request of their profile. Does nothing on any other page. A
 * visitor's request is answered 401 and read by nobody.
 */
export function fetchMemberProfileEarly(pathname: string): void {
  const username = memberPageUsername(pathname);
  if (username === null) return;
  const url = memberProfileUrl(username);
  const response = fetch(url, { credentials: 'include' });
  early = { url, response };
  // Read (or its failure reported) by the query that takes it; never an unhandled rejection here.
  response.catch(() => {});
}

/** The early answer for `url`, once: the first query of that profile uses it, any later one asks. */
export function takeEarlyMemberProfile(url: string): Promise<Response> | undefined {
  if (early?.url !== url) return undefined;
  const taken = early.response;
  early = undefined;
  return taken;
}
