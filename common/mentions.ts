import { HANDLE_MAX_LENGTH } from './handles';

/**
 * Mentions (issue 32, decision 57): `@handle` in a chat or discussion message's text. The server reads
 * them to store and notify the members named; the client reads them the same way to turn each handle
 * the server resolved into a link to its member's page.
 */

/** At most this many different members are mentioned by one message; handles past it stay text. */
export const MENTIONS_MAX = 20;

/** One `@handle` in a text: where it is (the `@` included) and the handle, lower-cased. */
export type MentionSpan = { start: number; end: number; handle: string };

// `@` then a handle: letters, digits and single dashes (decision 9), matched in any case.
const MENTION = /@([a-z0-9]+(?:-[a-z0-9]+)*)/gi;
/** What may not come right before the `@`: a word or address character (`a@b.com`, `x.com/@zelda`). */
const BEFORE = /[\p{L}\p{N}_.+/@=&?#%~-]/u;
/** What may not come right after the handle: more of a word, or a dot or dash that goes on (`@b.com`). */
const AFTER = /^(?:[\p{L}\p{N}_@]|[.-][\p{L}\p{N}])/u;

/**
 * The mentions in `text`, in order: an `@` at the start or after a space or punctuation, then a handle
 * of at most 30 characters, ended by the text's end, a space or punctuation (`@zelda,` `(@zelda)`
 * `@zelda.`). An e-mail address (`a@b.com`), a URL's `/@x` and `@b.com` are not mentions. Only the
 * first `MENTIONS_MAX` different handles count; a handle repeated is a span each time.
 */
export function mentionSpans(text: string): MentionSpan[] {
  const spans: MentionSpan[] = [];
  const seen = new Set<string>();
  for (const match of text.matchAll(MENTION)) {
    const start = match.index;
    const end = start + match[0].length;
    const handle = match[1]!.toLowerCase();
    if (handle.length > HANDLE_MAX_LENGTH) continue;
    if (start > 0 && BEFORE.test(text[start - 1]!)) continue;
    if (AFTER.test(text.slice(end, end + 2))) continue;
    if (!seen.has(handle)) {
      if (seen.size >= MENTIONS_MAX) continue;
      seen.add(handle);
    }
    spans.push({ start, end, handle });
  }
  return spans;
}

/** The different handles `text` mentions, in order of first mention, at most `MENTIONS_MAX`. */
export function mentionedHandles(text: string): string[] {
  return [...new Set(mentionSpans(text).map((s) => s.handle))];
}

/** The first words of a text for a notification: at most `max` characters, cut at a word, with '…'. */
export function excerptOf(text: string, max = 140): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
