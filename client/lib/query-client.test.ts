import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUserQueryOptions } from './current-user';
import { createQueryClient } from './query-client';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('createQueryClient', () => {
  it('asks for the current user again when another query answers 401', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        return new Response('{"error":"Not signed in"}', { status: 401 });
      }),
    );
    const client = createQueryClient();
    const me = currentUserQueryOptions();
    client.setQueryData(me.queryKey, { user: { id: 'u1' } } as never);
    // Observed, as the header keeps it; fresh, so nothing is fetched yet.
    const unsubscribe = new QueryObserver(client, me).subscribe(() => {});
    expect(urls).toEqual([]);
    await client.fetchQuery({ queryKey: ['/api/members/username', 'zelda'] }).catch(() => undefined);
    await vi.waitFor(() => expect(urls).toEqual(['/api/members/username/zelda', '/api/auth/me']));
    unsubscribe();
  });

  it('does not loop when the current user itself answers 401', async () => {
    const fetchMock = vi.fn(async () => new Response('', { status: 401 }));
    vi.stubGlobal('fetch', fetchMock);
    const client = createQueryClient();
    expect(await client.fetchQuery(currentUserQueryOptions())).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
