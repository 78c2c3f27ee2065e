/**
 * The spec's error text rule (SPEC §7): the status code, a colon, then the body text, or the status text
 * when the body is empty.
 */
export function formatErrorText(status: number, bodyText: string, statusText: string): string {
  return `${status}: ${bodyText || statusText}`;
}

/**
 * The server's own message in an error body `{ "error": "…" }`, or null when there is none (an empty or
 * non-JSON body, another shape, a blank message).
 */
function errorFieldOf(bodyText: string): string | null {
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    return null;
  }
  if (typeof body !== 'object' || body === null || !('error' in body)) return null;
  const message = body.error;
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}

/**
 * An API answer that was not ok, built where the answer is read: its message follows formatErrorText,
 * `status` is the answer's status and `serverMessage` the server's own text from the body, or null.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly serverMessage: string | null;

  constructor(status: number, bodyText: string, statusText: string) {
    super(formatErrorText(status, bodyText, statusText));
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = errorFieldOf(bodyText);
  }
}

/**
 * The server's own message of an API error ('Invalid credentials'), or null for anything else (a
 * network failure, an empty or non-JSON body), so the caller shows its own fallback text.
 */
export function serverErrorMessage(error: unknown): string | null {
  return error instanceof ApiError ? error.serverMessage : null;
}

/** The status code of an API error, or null for anything else (a network failure). */
export function errorStatus(error: unknown): number | null {
  return error instanceof ApiError ? error.status : null;
}

/** 507 Insufficient Storage: the server is out of space (docs/decisions.md decision 44). */
const OUT_OF_SPACE_STATUS = 507;

/**
 * The server's own message when it refused a write for lack of space (507), else null: where the spec
 * fixes a generic failure text (an upload's toast), this one is shown instead, since "try again" at
 * once would fail the same way (decision 44).
 */
export function outOfSpaceMessage(error: unknown): string | null {
  return errorStatus(error) === OUT_OF_SPACE_STATUS ? serverErrorMessage(error) : null;
}
