import type { QueryFunction } from '@tanstack/react-query';
import { ApiError } from './api-error';

/**
 * Throws an ApiError when the answer is not ok: its message '{status}: {body text or status text}', its
 * status, and the server's own message read from the body.
 */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  let bodyText = '';
  try {
    bodyText = await res.text();
  } catch {
    // An unreadable body counts as empty: the status text stands in.
  }
  throw new ApiError(res.status, bodyText, res.statusText);
}

/**
 * Calls the API with the session cookie. A body is sent as JSON with its content type; without one the
 * request carries neither (logout is a POST with no body).
 */
export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const init: RequestInit = { method, credentials: 'include' };
  if (data !== undefined) {
    init.headers = { 'Content-Type': 'application/json' };
    init.body = JSON.stringify(data);
  }
  const res = await fetch(url, init);
  await throwIfResNotOk(res);
  return res;
}

/** apiRequest, then the answer parsed as JSON. */
export async function apiJson<T>(method: string, url: string, data?: unknown): Promise<T> {
  const res = await apiRequest(method, url, data);
  return (await res.json()) as T;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** The URL of a query: its key segments joined with '/' (SPEC §7). */
export function queryKeyToUrl(queryKey: readonly unknown[]): string {
  return queryKey.map(String).join('/');
}

/**
 * The default data fetch: GET the joined query key and parse JSON. With on401 'returnNull' a 401 yields
 * null, meaning not signed in.
 */
export function getQueryFn<T>(options: { on401: 'returnNull' }): QueryFunction<T | null, readonly unknown[]>;
export function getQueryFn<T>(options: { on401: 'throw' }): QueryFunction<T, readonly unknown[]>;
export function getQueryFn<T>({
  on401,
}: {
  on401: UnauthorizedBehavior;
}): QueryFunction<T | null, readonly unknown[]> {
  return async ({ queryKey, signal }) =>
    readQueryResponse<T>(await fetch(queryKeyToUrl(queryKey), { credentials: 'include', signal }), on401);
}

/** A query's answer as getQueryFn reads it: the JSON body, null for a 401 with 'returnNull', else an ApiError. */
export async function readQueryResponse<T>(res: Response, on401: UnauthorizedBehavior): Promise<T | null> {
  if (on401 === 'returnNull' && res.status === 401) return null;
  await throwIfResNotOk(res);
  return (await res.json()) as T;
}
