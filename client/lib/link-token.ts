import { linkTokenFromHash } from '@common/mailed-links';

/**
 * The token of a mailed link (`/confirm-email#token=…`, `/reset-password#token=…`), read from the
 * address's fragment, which never reaches a server log; '' when there is none.
 */
export const linkTokenFrom = linkTokenFromHash;

/** Drops the fragment (the token) from the address bar and the history entry, keeping the page. */
export function dropLinkToken(): void {
  window.history.replaceState(null, '', window.location.pathname + window.location.search);
}
