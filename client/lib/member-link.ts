/**
 * The page of a message's author, or null when there is none: a deleted member's messages come with
 * an empty username (they are signed 'Deleted member').
 */
export function memberHref(username: string): string | null {
  return username === '' ? null : `/member/${encodeURIComponent(username)}`;
}
