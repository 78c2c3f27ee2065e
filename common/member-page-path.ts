/**
 * Another member's page, `/member/<username>`: its username, read the same way by the client (the early
 * profile request, the page's frame) and the server (which sends the frame, docs/decisions.md decision 75).
 */
export const MEMBER_PAGE_PATTERN = /^\/member\/([^/]+)\/?$/;

/** The username of a /member/<username> path, decoded; null for any other path. */
export function memberPageUsername(pathname: string): string | null {
  const match = MEMBER_PAGE_PATTERN.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

/**
 * The key of another member's page's frame among the prerendered member pages (pages.json,
 * client/app/member-pages.ts): one frame for every /member/<username>.
 */
export const MEMBER_FRAME_PATH = '/member/*';

/**
 * The attribute on the frame's picture (an `<img hidden>` in the avatar's circle) that the server replaces
 * by the member's picture, `src="…"`, for a viewer allowed to see it (decision 75). React writes the
 * attribute, then `hidden=""`: MEMBER_PICTURE_SLOT is that exact text in the frame's HTML.
 */
export const MEMBER_PICTURE_ATTRIBUTE = 'data-member-picture';
export const MEMBER_PICTURE_SLOT = `${MEMBER_PICTURE_ATTRIBUTE}="" hidden=""`;
