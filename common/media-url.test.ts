import { describe, expect, it } from 'vitest';
import { isMediaId, isMediaUrl, MEDIA_URL_PREFIX, mediaIdFromUrl, mediaUrl } from './media-url';

const id = '0f2b9c1e-3a4d-4e5f-8a9b-0c1d2e3f4a5b';

describe('media URLs', () => {
  it('are /api/media/<id>, and give their id back', () => {
    expect(mediaUrl(id)).toBe(`/api/media/${id}`);
    expect(MEDIA_URL_PREFIX).toBe('/api/media/');
    expect(mediaIdFromUrl(mediaUrl(id))).toBe(id);
    expect(isMediaUrl(mediaUrl(id))).toBe(true);
    expect(isMediaId(id)).toBe(true);
  });

  it('are told from anything else a message or a profile may hold', () => {
    for (const other of [
      '',
      'hello',
      `/api/media/`,
      `/api/media/x`,
      `/api/media/${id.toUpperCase()}`,
      `/api/media/${id}/`,
      `/api/media/${id}?download=1`,
      `/api/media/../${id}`,
      `https://evil.example/api/media/${id}`,
      `/api/upload/${id}`,
      ` /api/media/${id}`,
    ]) {
      expect(isMediaUrl(other), other).toBe(false);
      expect(mediaIdFromUrl(other), other).toBeNull();
    }
    expect(isMediaId('not-a-uuid')).toBe(false);
  });
});
