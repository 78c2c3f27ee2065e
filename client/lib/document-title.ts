import { useEffect } from 'react';
import { PRODUCT_NAME } from '@common/constants';

/**
 * A page's title, most specific part first and the product last, joined by ' · ':
 * ('203 · Systems Theory', 'Intellectual') → '203 · Systems Theory · Intellectual · Tribe36'; none → 'Tribe36'.
 */
export function pageTitle(...parts: readonly (string | null | undefined)[]): string {
  return [...parts.filter((part): part is string => Boolean(part?.trim())), PRODUCT_NAME].join(' · ');
}

/**
 * The title with the member's unread notifications in front (decision 59): '(3) Tribe36',
 * '(3) Reports · Tribe36'; as it is with none. More than 99 show as '(99+)'.
 */
export function titleWithUnread(title: string, unread: number): string {
  if (!(unread > 0)) return title;
  return `(${unread > 99 ? '99+' : unread}) ${title}`;
}

/** The title of the page last rendered by client/prerender.tsx, which has no document. */
export const prerenderedTitle: { current: string | null } = { current: null };

// The shown page's own title and the unread count, written together whenever either changes.
const shown = { title: PRODUCT_NAME, unread: 0 };
function write() {
  if (typeof document !== 'undefined') document.title = titleWithUnread(shown.title, shown.unread);
}

/** The member's unread notification count, put in front of every page's title (0: none shown). */
export function setTitleUnread(unread: number): void {
  if (shown.unread === unread) return;
  shown.unread = unread;
  write();
}

/**
 * Sets the document's title while the calling page is shown, so that a screen reader announces where a
 * navigation led and tabs and history entries are told apart. Every route calls it. The unread count
 * (setTitleUnread) goes in front of it.
 */
export function useDocumentTitle(...parts: readonly (string | null | undefined)[]): void {
  const title = pageTitle(...parts);
  // At build time (client/prerender.tsx) there is no document: the page's <title> is written instead.
  if (typeof document === 'undefined') prerenderedTitle.current = title;
  useEffect(() => {
    shown.title = title;
    write();
  }, [title]);
}
