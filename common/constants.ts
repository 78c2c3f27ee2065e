/** Limits and timings from SPEC §9 and docs/decisions.md, shared by client and server. */

export const PRODUCT_NAME = 'Tribe36';
export const HEADER_SUBLINE = 'Find your tribe. Evolve.';

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 256;
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
export const PASSWORD_TOO_LONG = `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

/** Profile text limits: names and short fields, and the long free texts. */
export const NAME_MAX_LENGTH = 100;
export const LONG_TEXT_MAX_LENGTH = 4000;

export const MEMBER_SEARCH_MIN_CHARS = 2;
export const MEMBER_COUNT_FALLBACK = 6;
/**
 * Visitors see the member count from this many members on (issue 15): a new tribe's '0 athletes'
 * invites no one. Members always see it.
 */
export const MEMBER_COUNT_SHOWN_FROM = 10;

export const MIB = 1024 * 1024;
export const JSON_BODY_LIMIT = 1 * MIB;
export const PROFILE_IMAGE_MAX_BYTES = 5 * MIB;

export const CHAT_POLL_MS = 3000;
export const ANGLE_BANNER_MS = 3000;
export const COPIED_TICK_MS = 2000;

export const QUERY_STALE_MS = 5 * 60 * 1000;
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_MAX_FAILURES_PER_ACCOUNT = 10;
export const LOGIN_MAX_FAILURES_PER_ADDRESS = 50;

export const THEME_STORAGE_KEY = 'tribe36-theme';
export const THEMES = ['dark', 'light', 'system'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'dark';

export const PRIVACY_LEVELS = ['private', 'selective', 'public'] as const;
export type PrivacyLevel = (typeof PRIVACY_LEVELS)[number];

export const MEMBER_SEARCH_MAX_RESULTS = 20;
export const MEMBER_SEARCH_DEBOUNCE_MS = 250;
export const MEMBER_SEARCH_MAX_CHARS = 100;

/** Image formats accepted for pictures, checked by content on the server. */
export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

export const CHAT_PAGE_SIZE = 100;
export const CHAT_MESSAGE_MAX_LENGTH = 2000;
export const CHAT_RATE_LIMIT_MESSAGES = 20;
export const CHAT_RATE_LIMIT_WINDOW_MS = 10_000;
export const CHAT_HEARTBEAT_MS = 25_000;
export const CHAT_MESSAGE_TYPES = ['text', 'photo', 'video', 'voice'] as const;
export type ChatMessageType = (typeof CHAT_MESSAGE_TYPES)[number];

/** Upload limits of POST /api/upload by the kind found in the file's content. */
export const UPLOAD_MAX_BYTES = { image: 10 * MIB, video: 200 * MIB, audio: 20 * MIB } as const;

/**
 * Sign-in throttling with device cookies (OWASP "slow down online guessing with device cookies"):
 * a browser that has signed in to an account before keeps its own count of failures for that
 * account; every other browser shares the account's "unknown devices" count. The per-address limit
 * (LOGIN_MAX_FAILURES_PER_ADDRESS) applies to unknown devices; the change-password step counts per
 * member (LOGIN_MAX_FAILURES_PER_ACCOUNT). All within LOGIN_WINDOW_MS.
 */
export const LOGIN_MAX_FAILURES_PER_DEVICE = 10;
export const LOGIN_MAX_FAILURES_UNKNOWN_DEVICES = 10;
export const DEVICE_COOKIE_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;

/** Registrations per client address: every attempt that reaches the password hash counts. */
export const REGISTER_MAX_PER_ADDRESS = 20;
export const REGISTER_WINDOW_MS = 60 * 60 * 1000;

/**
 * Time limits on slow and idle clients (docs/decisions.md decision 12), used by server/app.ts. A request
 * head must arrive within HTTP_HEADERS_TIMEOUT_MS. A body has no overall limit (0: a 2 GB lesson
 * video on a slow link takes hours); a socket silent both ways for HTTP_IDLE_TIMEOUT_MS is closed
 * instead (never the chat stream's). A kept-alive connection waits HTTP_KEEP_ALIVE_TIMEOUT_MS for
 * its next request; behind a proxy (TRUST_PROXY) longer than the 60 s a load balancer keeps its
 * idle connections open, or it could send a request on one the server is closing.
 */
export const HTTP_HEADERS_TIMEOUT_MS = 20_000;
export const HTTP_REQUEST_TIMEOUT_MS = 0;
export const HTTP_IDLE_TIMEOUT_MS = 120_000;
export const HTTP_KEEP_ALIVE_TIMEOUT_MS = 10_000;
export const HTTP_PROXY_KEEP_ALIVE_TIMEOUT_MS = 75_000;

/**
 * An upload (the multipart routes and the lesson video PUT) whose client sends nothing for this
 * long while its body is still arriving is aborted, and its part file removed.
 */
export const UPLOAD_IDLE_TIMEOUT_MS = 30_000;

/** Mailed links (issue: accounts that belong to their owners): how long each holds, and resends. */
export const EMAIL_CONFIRM_TTL_MS = 24 * 60 * 60 * 1000;
export const EMAIL_CONFIRM_RESENDS_PER_HOUR = 3;
export const LINK_EXPIRED_OR_USED = 'This link has expired or was already used';

/**
 * Forgotten passwords: the one answer to every request, known address or not; a link holds an hour;
 * at most PASSWORD_RESETS_PER_HOUR links an hour to one account (further requests get the same
 * answer and no mail) and PASSWORD_RESET_REQUESTS_PER_ADDRESS requests an hour from one client address.
 */
export const PASSWORD_RESET_SENT = 'If an account exists for that address, we have sent a link';
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
export const PASSWORD_RESETS_PER_HOUR = 3;
export const PASSWORD_RESET_REQUESTS_PER_ADDRESS = 10;

/** A change of e-mail address: the link to the new address holds as long as a confirmation link. */
export const EMAIL_CHANGE_TTL_MS = EMAIL_CONFIRM_TTL_MS;
export const EMAIL_CHANGES_PER_HOUR = 3;

/** How a deleted account's chat and discussion messages are signed (decision 18). */
export const DELETED_MEMBER_NAME = 'Deleted member';
export const LAST_ADMIN_CANNOT_DELETE =
  'You are the only admin. Make another member an admin before you delete your account.';
