// The rules of ./fields that the client checks a form with, without zod (docs/decisions.md decision 67).

/**
 * Characters that have no place in a name: control characters (C0 with CR, LF and TAB, DEL, C1), the
 * line and paragraph separators, and the bidi embeddings, overrides and isolates that reorder what
 * follows. A name is shown to other members and may be mailed: none of it can start a new line or
 * disguise the text around it (issue 29). Marks (LRM, RLM) stay allowed.
 */
export const NAME_UNSAFE_CHARACTER = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

/** The refusal of a line break or other control character in a name. */
export const controlCharacterError = (field: string) =>
  `${field} must not contain line breaks or other control characters`;
