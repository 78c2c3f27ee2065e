/**
 * Whether an error means the database cannot be reached right now (refused or dropped
 * connections, a server shutting down or starting up), as opposed to a fault in the request or
 * the code. Such requests answer 503 with Retry-After instead of 500. Drizzle wraps driver errors,
 * so the causes are followed.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code))) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Whether an error carries SQLSTATE `code`, through Drizzle's wrapping. */
function hasSqlState(err: unknown, code: string): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if ((e as { code?: unknown }).code === code) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Whether an error is a unique constraint refusing a row (SQLSTATE 23505), through Drizzle's wrapping. */
export function isUniqueViolation(err: unknown): boolean {
  return hasSqlState(err, '23505');
}

/** Whether an error is a foreign key refusing a row whose referenced row is gone (SQLSTATE 23503). */
export function isForeignKeyViolation(err: unknown): boolean {
  return hasSqlState(err, '23503');
}

/** Seconds a client is asked to wait (Retry-After) while the database is unavailable. */
export const DATABASE_RETRY_AFTER_S = 5;

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** SQLSTATE class 08 (connection exception) and 57P01–57P03 (shutdown, crash, cannot connect now). */
const UNAVAILABLE_SQLSTATES = new Set([
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '08007',
  '57P01',
  '57P02',
  '57P03',
]);

/** node-postgres reports these without a code. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Cannot use a pool after calling end',
];
