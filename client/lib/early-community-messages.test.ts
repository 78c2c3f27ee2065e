import { afterEach, describe, expect, it, vi } from 'vitest';
import { isMediaUrl, smallMediaUrl } from '@common/media-url';
import {
  COMMUNITY_MESSAGES_URL,
  fetchCommunityMessagesEarly,
  takeEarlyCommunityMessages,
  smallPhotoUrl,
} from './early-community-messages';

afterEach(() => {
  vi.unstubAllGlobals();
  takeEarlyCommunityMessages();
});

const photo = (id: number, media: string) => ({
  id,
  messageType: 'photo',
  content: `/api/media/${media}`,
});
const text = (id: number) => ({ id, messageType: 'text', content: 'hello' });
const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const C = '33333333-3333-4333-8333-333333333333';

/** A page whose #root says what the server sent, fetch answering `messages`, and Image recorded. */
function stubPage(prerendered: string | undefined, messages: unknown[]) {
  const root = { dataset: prerendered ? { prerendered } : {} };
  vi.stubGlobal('document', { getElementById: (id: string) => (id === 'root' ? root : null) });
  const fetchMock = vi.fn(async () => Response.json(messages));
  vi.stubGlobal('fetch', fetchMock);
  const images: string[] = [];
  vi.stubGlobal(
    'Image',
    class {
      set src(url: string) {
        images.push(url);
      }
    },
  );
  return { fetchMock, images };
}

describe('smallPhotoUrl', () => {
  it('agrees with common/media-url.ts, which the entry may not import', () => {
    const id = '123e4567-e89b-42d3-a456-426614174000';
    for (const url of [
      `/api/media/${id}`,
      `/api/media/${id}?size=small`,
      `/api/media/${id.toUpperCase()}`,
      `/api/media/${id}/x`,
      `https://evil.example/api/media/${id}`,
      '/api/media/',
      'hello',
      '',
    ]) {
      expect(smallPhotoUrl(url)).toBe(isMediaUrl(url) ? smallMediaUrl(url) : null);
    }
    expect(smallPhotoUrl(`/api/media/${id}`)).toBe(`/api/media/${id}?size=small`);
  });
});

describe('fetchCommunityMessagesEarly', () => {
  it("asks the room on the member's / once, and the newest photos' small versions", async () => {
    const messages = [photo(1, A), text(2), text(3), photo(4, B), text(5), photo(6, C), text(7)];
    const { fetchMock, images } = stubPage(undefined, messages);
    fetchCommunityMessagesEarly('/');
    expect(fetchMock).toHaveBeenCalledWith(COMMUNITY_MESSAGES_URL, {
      credentials: 'include',
      cache: 'no-store',
    });
    const early = takeEarlyCommunityMessages();
    expect(early).toBeDefined();
    // The query still reads the whole answer.
    expect(await early!.then((r) => r.json())).toEqual(messages);
    await vi.waitFor(() => expect(images).toHaveLength(2));
    // The two newest photos among the newest six messages (photo 1 is older than those).
    expect(images).toEqual([`/api/media/${B}?size=small`, `/api/media/${C}?size=small`]);
    // Once: a later request asks the server again.
    expect(takeEarlyCommunityMessages()).toBeUndefined();
  });

  it("asks nothing on the visitor's prerendered home page, nor on another page", () => {
    const visitor = stubPage('home', []);
    fetchCommunityMessagesEarly('/');
    expect(visitor.fetchMock).not.toHaveBeenCalled();
    const member = stubPage(undefined, []);
    fetchCommunityMessagesEarly('/profile');
    expect(member.fetchMock).not.toHaveBeenCalled();
    expect(takeEarlyCommunityMessages()).toBeUndefined();
  });
});
