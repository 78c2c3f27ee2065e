/**
 * The URL of a stored file (GET /api/media/:id), shared by the server that makes and checks these
 * URLs and the client that tells a media message from text. Ids are UUIDs the server generates.
 */
export const MEDIA_URL_PREFIX = '/api/media/';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Whether `id` has the shape of a media id (a lower-case UUID). */
export function isMediaId(id: string): boolean {
  return UUID.test(id);
}

/** The URL that serves the media with this id. */
export function mediaUrl(id: string): string {
  return MEDIA_URL_PREFIX + id;
}

/** The media id in one of our media URLs, or null. */
export function mediaIdFromUrl(url: string): string | null {
  if (!url.startsWith(MEDIA_URL_PREFIX)) return null;
  const id = url.slice(MEDIA_URL_PREFIX.length);
  return isMediaId(id) ? id : null;
}

/** Whether `url` is one of our media URLs (and nothing more: no query, no other path). */
export function isMediaUrl(url: string): boolean {
  return mediaIdFromUrl(url) !== null;
}

/**
 * The URL of the small version of one of our media URLs (GET /api/media/:id?size=small, decision 71): a
 * photo as the message list shows it. Any other URL is given back as it is.
 */
export function smallMediaUrl(url: string): string {
  return isMediaUrl(url) ? `${url}?size=small` : url;
}
