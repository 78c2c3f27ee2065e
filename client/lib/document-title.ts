import { useEffect } from 'react';
import { PRODUCT_NAME } from '@common/constants';

/**
 * A page's title, most specific part first and the product last, joined by ' · ':
 * ('203 · Systems Theory', 'Intellectual') → '203 · Systems Theory · Intellectual · Tribe36'; none → 'Tribe36'.
 */
export function pageTitle(...parts: readonly (string | null | undefined)[]): string {
  return [...parts.filter((part): part is string => Boolean(part?.trim())), PRODUCT_NAME].join(' · ');
}

/** The title of the page last rendered by client/prerender.tsx, which has no document. */
export const prerenderedTitle: { current: string | null } = { current: null };

/**
 * Sets the document's title while the calling page is shown, so that a screen reader announces where a
 * navigation led and tabs and history entries are told apart. Every route calls it.
 */
export function useDocumentTitle(...parts: readonly (string | null | undefined)[]): void {
  const title = pageTitle(...parts);
  // At build time (client/prerender.tsx) there is no document: the page's <title> is written instead.
  if (typeof document === 'undefined') prerenderedTitle.current = title;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
