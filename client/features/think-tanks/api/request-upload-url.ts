import { apiJson } from '../../../lib/api-client';

/**
 * POST /api/videos/upload-url (admins; no body) → `{ uploadURL }`: an address on this server that takes
 * one PUT of one video within 15 minutes. 403 for members who are not admins.
 */
export function requestUploadUrl(): Promise<{ uploadURL: string }> {
  return apiJson<{ uploadURL: string }>('POST', '/api/videos/upload-url');
}
