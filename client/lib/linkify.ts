/** A piece of message text: plain text, or a web link to make clickable. */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'`]+/gi;
// Sentence punctuation after a link is not part of it: 'see https://x.org/a.' ends at 'a'.
const TRAILING_PUNCTUATION = /[.,;:!?*]+$/;

/** Strips trailing punctuation, and closing brackets that have no opening one inside the link. */
function trimLink(candidate: string): string {
  let link = candidate;
  for (;;) {
    const before = link;
    link = link.replace(TRAILING_PUNCTUATION, '');
    const last = link.at(-1);
    const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
    if (last && last in pairs) {
      const open = pairs[last]!;
      const opens = link.split(open).length - 1;
      const closes = link.split(last).length - 1;
      if (closes > opens) link = link.slice(0, -1);
    }
    if (link === before) return link;
  }
}

/**
 * Splits text into plain parts and http(s) links, in order; joined back, the parts are the text. Only
 * http and https become links, so nothing like `javascript:` can ever be clicked.
 */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let cursor = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    const link = trimLink(match[0]);
    let href: string;
    try {
      const url = new URL(link);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
      href = url.href;
    } catch {
      continue;
    }
    if (start > cursor) parts.push({ kind: 'text', text: text.slice(cursor, start) });
    parts.push({ kind: 'link', text: link, href });
    cursor = start + link.length;
  }
  if (cursor < text.length) parts.push({ kind: 'text', text: text.slice(cursor) });
  return parts;
}
