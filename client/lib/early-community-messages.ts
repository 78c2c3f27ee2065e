// The community room's messages, asked by the page's entry (client/main.tsx) on the member's home `/`
// beside /api/auth/me, before the app's code has been fetched (docs/decisions.md decision 77). The
// photos of the newest messages are the page's largest contentful paint: asked as the member's home
// mounted (decision 73), the messages came a round trip after the app's five steps, the home's chunk
// and /me's answer. The room's query takes this answer instead of asking again, and the small versions
// of the newest photos are asked as soon as it names them (they are a few KB each; the room, once
// drawn, finds them downloaded). Nothing here may import the app: main.tsx's chunk stays a couple of
// kilobytes and imports no other chunk (scripts/check-entry.mjs).

/**
 * The small version of a photo message's content (one of our media URLs), or null for anything else:
 * common/media-url.ts's `isMediaUrl` and `smallMediaUrl`, copied, since importing them here put them
 * in a chunk every page loaded first (with the UI components that share it). The unit test checks
 * that the two agree.
 */
export function smallPhotoUrl(content: string): string | null {
  return /^\/api\/media\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(content)
    ? `${content}?size=small`
    : null;
}

/** The room's URL (client/features/chat/api/get-community-messages.ts asks it). */
export const COMMUNITY_MESSAGES_URL = '/api/chat/community';

/** The messages whose photos are asked ahead: as many as the room's 400 px show, and a few more. */
const NEWEST = 6;
/** At most this many photos: two fill the room. */
const PHOTOS = 2;

let early: Promise<Response> | undefined;

/**
 * On `/` sent as the shell (the server sends it only with a session cookie; a visitor gets the
 * prerendered home page, `#root[data-prerendered="home"]`), starts the request of the room's newest
 * messages. Does nothing on any other page. An expired session's request is answered 401 and read by
 * nobody, or by the room's query, which reports it as it would its own.
 */
export function fetchCommunityMessagesEarly(pathname: string): void {
  if (pathname !== '/' || document.getElementById('root')?.dataset.prerendered === 'home') return;
  early = fetch(COMMUNITY_MESSAGES_URL, { credentials: 'include', cache: 'no-store' });
  // Read (or its failure reported) by the query that takes it; never an unhandled rejection here.
  early.catch(() => {});
  // The newest photos, asked as soon as the answer names them (a copy of it: the query reads its own).
  early
    .then((res) => (res.ok ? (res.clone().json() as Promise<unknown>) : null))
    .then(preloadNewestPhotos)
    .catch(() => {});
}

/** The photos asked ahead, kept so that their downloads are not collected. */
const preloaded: HTMLImageElement[] = [];

/** Asks for the small versions of the photos among the room's newest messages (the room draws them). */
function preloadNewestPhotos(messages: unknown): void {
  if (!Array.isArray(messages)) return;
  const photos = (messages as { messageType?: unknown; content?: unknown }[])
    .slice(-NEWEST)
    .filter((m) => m.messageType === 'photo' && typeof m.content === 'string')
    .map((m) => smallPhotoUrl(m.content as string))
    .filter((url) => url !== null)
    .slice(-PHOTOS);
  for (const url of photos) {
    const img = new Image();
    img.src = url;
    preloaded.push(img);
  }
}

/** The early answer, once: the room's first request uses it, any later one asks the server. */
export function takeEarlyCommunityMessages(): Promise<Response> | undefined {
  const taken = early;
  early = undefined;
  return taken;
}
