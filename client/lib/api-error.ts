/**
 * The spec's error text rule (SPEC §7): the status code, a colon, then the body text, or the status text
 * when the body is empty.
 */
export function formatErrorText(status: number, bodyText: string, statusText: string): string {
  return `${status}: ${bodyText || statusText}`;
}

/** An API answer that was not ok; its message follows formatErrorText. */
export class ApiError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

const ERROR_TEXT = /^(\d{3}): ([\s\S]*)$/;

/**
 * The server's own message from an API error, read from its `{ "error": "…" }` body:
 * '401: {"error":"Invalid credentials"}' → 'Invalid credentials'. Null when there is none (a network
 * failure, an empty or non-JSON body), so the caller shows its own fallback text.
 */
export function serverErrorMessage(error: unknown): string | null {
  const text = error instanceof Error ? error.message : typeof error === 'string' ? error : null;
  if (text === null) return null;
  const match = ERROR_TEXT.exec(text);
  if (!match) return null;
  let body: unknown;
  try {
    body = JSON.parse(match[2]!);
  } catch {
    return null;
  }
  if (typeof body !== 'object' || body === null || !('error' in body)) return null;
  const message = body.error;
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}

/** The status code of an API error, or null for anything else (a network failure). */
export function errorStatus(error: unknown): number | null {
  if (error instanceof ApiError) return error.status;
  const text = error instanceof Error ? error.message : null;
  const match = text === null ? null : ERROR_TEXT.exec(text);
  return match ? Number(match[1]) : null;
}
