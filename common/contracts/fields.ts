import { z } from 'zod';
import { controlCharacterError, NAME_UNSAFE_CHARACTER } from './fields-values';

export { controlCharacterError, NAME_UNSAFE_CHARACTER } from './fields-values';

/** A zod error message that tells a missing field from a wrongly typed one, naming the field. */
export function fieldError(field: string, expected = 'a string') {
  return (issue: { input?: unknown }) =>
    issue.input === undefined ? `${field} is required` : `${field} must be ${expected}`;
}

/** The refusal of a NUL character (U+0000), which PostgreSQL cannot store in text. */
export const nulCharacterError = (field: string) => `${field} must not contain a NUL character`;

/**
 * The refusal of a lone UTF-16 surrogate (e.g. "\ud800"): it is no Unicode character, and the
 * database would silently store U+FFFD in its place.
 */
export const loneSurrogateError = (field: string) =>
  `${field} must be valid Unicode text (it contains a lone surrogate)`;

// With the u flag, a surrogate pair is one code point: only unpaired halves match.
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Every text field of a request (body, query string, path parameter) starts here: a string, named
 * in its errors, with no NUL character and no lone surrogate. Both refusals stop the checks that
 * follow, so the first error says what is wrong with the text.
 */
export function text(field: string, expected = 'a string') {
  return z
    .string({ error: fieldError(field, expected) })
    .refine((v) => !v.includes('\u0000'), { error: nulCharacterError(field), abort: true })
    .refine((v) => !LONE_SURROGATE.test(v), { error: loneSurrogateError(field), abort: true });
}

/** A name: `text(field)` on one line, without control characters (NAME_UNSAFE_CHARACTER). */
export function nameText(field: string, expected = 'a string') {
  return text(field, expected).refine((v) => !NAME_UNSAFE_CHARACTER.test(v), {
    error: controlCharacterError(field),
    abort: true,
  });
}

const SLUG_MAX_LENGTH = 100;

/** One part of a lesson's path (a think tank, topic or lesson slug), in a path, a query or a body. */
export const slug = (field: string) =>
  text(field).max(SLUG_MAX_LENGTH, { error: `${field} must be at most ${SLUG_MAX_LENGTH} characters` });
