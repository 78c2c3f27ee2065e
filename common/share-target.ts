/**
 * Sharing a clip to the installed app (issue 33 part 1, decision 63): the manifest's `share_target`
 * posts the shared files to SHARE_PATH; the service worker (client/public/sw.js, plain JavaScript that
 * repeats these values) keeps them in the browser's Cache Storage and opens SHARE_PAGE with
 * `?shared=<id>`; Side by Side loads them from there (client/features/analysis/shared-clip.ts). The
 * server answers a POST that no worker took by sending the page `?shared=missed`.
 */

/** The manifest's `share_target.action`: a POST of multipart/form-data. */
export const SHARE_PATH = '/share';
/** The form field the shared files arrive in (`share_target.params.files[0].name`). */
export const SHARE_FILES_FIELD = 'clips';
/** The page that opens the shared clip: Side by Side is on it. */
export const SHARE_PAGE = '/think-tanks/physiological';
/** The query parameter the page reads: a share's id, or one of SHARE_PROBLEMS. */
export const SHARE_PARAM = 'shared';
/**
 * What went wrong before the page: `missed`, the POST reached the server (no service worker took it:
 * the app's first visit on this device, or its storage cleared); `failed`, the worker could not keep
 * the file (the device's storage full or refused).
 */
export const SHARE_PROBLEMS = ['missed', 'failed'] as const;
export type ShareProblem = (typeof SHARE_PROBLEMS)[number];
/** A share's own Cache Storage cache: this prefix and its id. A new share deletes the older ones. */
export const SHARE_CACHE_PREFIX = 'tribe36-share-';
/** In a share's cache: what was shared (SharedIndex), and each kept file at SHARE_FILE_URL(n). */
export const SHARE_INDEX_URL = '/shared-clip/index.json';
export const shareFileUrl = (index: number) => `/shared-clip/${index}`;
/** A share's id as the worker makes it (crypto.randomUUID), checked before it names a cache. */
export const SHARE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The index of a share: how many files were kept (videos and images), and the names of the others. */
export type SharedIndex = { files: number; refused: string[] };

/** The page's address for a share's id or a problem. */
export const sharePageUrl = (marker: string) => `${SHARE_PAGE}?${SHARE_PARAM}=${encodeURIComponent(marker)}`;
