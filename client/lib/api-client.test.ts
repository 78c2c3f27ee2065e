import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, getQueryFn, queryKeyToUrl, throwIfResNotOk } from './api-client';
import { ApiError } from './api-error';

function stubFetch(response: () => Response) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => response());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function queryContext(queryKey: readonly unknown[]) {
  return { queryKey, signal: new AbortController().signal, meta: undefined } as never;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('throwIfResNotOk', () => {
  it('passes an ok answer', async () => {
    await expect(throwIfResNotOk(new Response('{}', { status: 200 }))).resolves.toBeUndefined();
  });

  it('throws "{status}: {body text}"', async () => {
    const res = new Response('{"error":"Invalid credentials"}', {
      status: 401,
      statusText: 'Unauthorized',
    });
    const error = await throwIfResNotOk(res).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('401: {"error":"Invalid credentials"}');
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).serverMessage).toBe('Invalid credentials');
  });

  it('throws "{status}: {status text}" when the body is empty', async () => {
    const res = new Response('', { status: 503, statusText: 'Service Unavailable' });
    await expect(throwIfResNotOk(res)).rejects.toThrow('503: Service Unavailable');
    const error = await throwIfResNotOk(new Response('', { status: 503 })).catch((e: unknown) => e);
    expect((error as ApiError).serverMessage).toBeNull();
  });
});

describe('apiRequest', () => {
  it('sends JSON with its content type and the cookies', async () => {
    const fetchMock = stubFetch(() => new Response('{"user":{}}', { status: 200 }));
    await apiRequest('POST', '/api/auth/login', { username: 'a', password: 'b' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/login');
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: '{"username":"a","password":"b"}',
    });
  });

  it('sends neither body nor content type without data (logout)', async () => {
    const fetchMock = stubFetch(() => new Response('{"ok":true}', { status: 200 }));
    await apiRequest('POST', '/api/auth/logout');
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init?.body).toBeUndefined();
    expect(init?.headers).toBeUndefined();
    expect(init?.credentials).toBe('include');
  });

  it('rejects with the error text when the answer is not ok', async () => {
    stubFetch(() => new Response('{"error":"Not found"}', { status: 404 }));
    await expect(apiRequest('GET', '/api/nope')).rejects.toThrow('404: {"error":"Not found"}');
  });
});

describe('getQueryFn', () => {
  it('joins the query key with "/" into the URL and parses JSON', async () => {
    const fetchMock = stubFetch(() => new Response('{"count":12}', { status: 200 }));
    const queryFn = getQueryFn<{ count: number }>({ on401: 'throw' });
    await expect(queryFn(queryContext(['/api/members', 'count']))).resolves.toEqual({ count: 12 });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/members/count');
    expect(fetchMock.mock.calls[0]![1]?.credentials).toBe('include');
  });

  it("yields null on 401 with on401 'returnNull'", async () => {
    stubFetch(() => new Response('{"error":"Not signed in"}', { status: 401 }));
    const queryFn = getQueryFn({ on401: 'returnNull' });
    await expect(queryFn(queryContext(['/api/auth/me']))).resolves.toBeNull();
  });

  it("throws on 401 with on401 'throw'", async () => {
    stubFetch(() => new Response('{"error":"Not signed in"}', { status: 401 }));
    const queryFn = getQueryFn({ on401: 'throw' });
    await expect(queryFn(queryContext(['/api/auth/me']))).rejects.toThrow('401: {"error":"Not signed in"}');
  });

  it("still throws other errors with on401 'returnNull'", async () => {
    stubFetch(() => new Response('', { status: 500, statusText: 'Internal Server Error' }));
    const queryFn = getQueryFn({ on401: 'returnNull' });
    await expect(queryFn(queryContext(['/api/auth/me']))).rejects.toThrow('500: Internal Server Error');
  });
});

describe('queryKeyToUrl', () => {
  it('joins every segment with "/"', () => {
    expect(queryKeyToUrl(['/api/lesson-videos', 'emotional', 'alter-ego', 'flow-state'])).toBe(
      '/api/lesson-videos/emotional/alter-ego/flow-state',
    );
  });
});
