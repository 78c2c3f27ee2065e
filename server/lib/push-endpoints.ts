/**
 * Which push endpoints the server will send to (issue 32, decision 61). A subscription's endpoint is a
 * URL the browser's push service gave it, and the server POSTs to it: an endpoint anywhere else would
 * make the server a door to its own network (SSRF). Allowed are `https:` URLs on the default port of
 * the browsers' push services below, and the origin prefixes an operator lists in
 * PUSH_ALLOWED_ENDPOINTS (a test's local endpoint, a self-hosted push service).
 */

/**
 * The push services of the browsers, by host; `*.` allows any name under it (never the bare domain's
 * look-alikes: `evilnotify.windows.com` is not under `notify.windows.com`).
 * - Chrome, Chromium-based browsers on Android, Opera, Samsung Internet: Firebase Cloud Messaging
 *   (`fcm.googleapis.com/fcm/send/…`, `/wp/…`; `android.googleapis.com` for old GCM subscriptions);
 * - Firefox: Mozilla's autopush, `updates.push.services.mozilla.com/wpush/v2/…`;
 * - Edge on Windows: the Windows Push Notification Services, `wns2-….notify.windows.com/w/?token=…`;
 * - Safari on macOS 13+ and iOS 16.4+: `web.push.apple.com/…` (Apple asks to allow `*.push.apple.com`).
 */
export const BUILTIN_PUSH_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.notify.windows.com',
  '*.push.apple.com',
];

/** One allowed prefix of PUSH_ALLOWED_ENDPOINTS: an origin and the path endpoints start with. */
export type EndpointPrefix = { origin: string; path: string };

/**
 * PUSH_ALLOWED_ENDPOINTS's comma-separated prefixes (`http://127.0.0.1:9000`,
 * `https://push.example.com/wpush/`), or a sentence saying what is wrong with the first bad one.
 */
export function parseEndpointPrefixes(value: string): EndpointPrefix[] | string {
  const out: EndpointPrefix[] = [];
  for (const entry of value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      return `${JSON.stringify(entry)} is not a URL: list origins such as http://127.0.0.1:9000, comma-separated`;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      return `${JSON.stringify(entry)} must be an http:// or https:// origin`;
    if (url.username || url.password || url.search || url.hash)
      return `${JSON.stringify(entry)} must be an origin, optionally with a path: no user, query or fragment`;
    out.push({ origin: url.origin, path: url.pathname });
  }
  return out;
}

function hostAllowed(hostname: string): boolean {
  return BUILTIN_PUSH_HOSTS.some((h) =>
    h.startsWith('*.') ? hostname.endsWith(h.slice(1)) && hostname.length > h.length - 1 : hostname === h,
  );
}

/**
 * Why the server will not send to `endpoint`, as a sentence for a 400 answer; null when it may.
 * `extra` are PUSH_ALLOWED_ENDPOINTS's prefixes.
 */
export function endpointRefusal(endpoint: string, extra: readonly EndpointPrefix[]): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'endpoint must be a URL (the push subscription’s endpoint)';
  }
  if (url.username || url.password) return 'endpoint must not carry a user name or password';
  if (url.hash) return 'endpoint must not have a fragment';
  if (extra.some((p) => url.origin === p.origin && url.pathname.startsWith(p.path))) return null;
  if (url.protocol !== 'https:') return 'endpoint must be an https:// URL of a browser’s push service';
  if (url.port !== '' || !hostAllowed(url.hostname)) {
    return `endpoint ${url.host} is not a known push service (allowed: ${BUILTIN_PUSH_HOSTS.join(', ')} and PUSH_ALLOWED_ENDPOINTS)`;
  }
  return null;
}
