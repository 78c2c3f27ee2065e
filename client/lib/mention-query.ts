import { queryOptions } from '@tanstack/react-query';
import { HANDLE_MAX_LENGTH } from '@common/handles';
import { MEMBER_SEARCH_MIN_CHARS } from '@common/constants';
import type { MemberSearchResult } from '@common/contracts/members';
import { throwIfResNotOk } from './api-client';

/** The `@` word being typed at the caret: where its `@` is and what follows it (decision 57). */
export type MentionQuery = { start: number; query: string };

const HANDLE_CHAR = /[A-Za-z0-9-]/;
/** What may come right before a mention's `@` (as common/mentions.ts reads it): nothing, a space, punctuation. */
const BEFORE = /[\p{L}\p{N}_.+/@=&?#%~-]/u;

/**
 * The mention being typed when the caret ends `@` and at least 2 handle characters (letters, digits,
 * dashes), as in 'hi @ze|': `{start: 3, query: 'ze'}`; null otherwise (an e-mail address, a space
 * after the word, fewer characters, or more than a handle can hold).
 */
export function mentionQueryAt(text: string, caret: number): MentionQuery | null {
  let at = caret;
  while (at > 0 && HANDLE_CHAR.test(text[at - 1]!)) at -= 1;
  if (at === 0 || text[at - 1] !== '@') return null;
  const start = at - 1;
  if (start > 0 && BEFORE.test(text[start - 1]!)) return null;
  const query = text.slice(at, caret);
  if (query.length < MEMBER_SEARCH_MIN_CHARS || query.length > HANDLE_MAX_LENGTH) return null;
  return { start, query };
}

/**
 * The text with the mention typed at `start` (up to the caret and the rest of its word) replaced by
 * `@handle ` (a space after it unless one follows already), and the caret after it.
 */
export function insertMention(
  text: string,
  at: MentionQuery,
  caret: number,
  handle: string,
): { text: string; caret: number } {
  let end = caret;
  while (end < text.length && HANDLE_CHAR.test(text[end]!)) end += 1;
  const rest = text.slice(end);
  const inserted = `@${handle}${rest.startsWith(' ') ? '' : ' '}`;
  return {
    text: text.slice(0, at.start) + inserted + rest,
    caret: at.start + inserted.length + (rest.startsWith(' ') ? 1 : 0),
  };
}

/**
 * GET /api/members?search=: the members a mention may name, the same search as the footer's (private
 * members only for those who may see them, decision 3), under the same query key.
 */
export function mentionSearchOptions(search: string) {
  return queryOptions({
    queryKey: ['/api/members', { search }] as const,
    queryFn: async ({ signal }) => {
      const res = await fetch(`/api/members?search=${encodeURIComponent(search)}`, {
        credentials: 'include',
        signal,
      });
      await throwIfResNotOk(res);
      return (await res.json()) as MemberSearchResult[];
    },
    enabled: search.length >= MEMBER_SEARCH_MIN_CHARS,
    staleTime: 30_000,
  });
}
