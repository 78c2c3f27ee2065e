import type { z } from 'zod';
import type { uploadResponse } from '@common/contracts/chat';
import { xhrUpload, type UploadOptions } from './xhr-upload';

export type UploadResponse = z.infer<typeof uploadResponse>;

/**
 * POST /api/upload (a chat attachment, an attempt's frame or clip), multipart field `file` → `{ url }` (an /api/media/… URL), with upload progress:
 * `onProgress` gets 0…1. 413 too large, 415 not an accepted photo, video or audio format, as an
 * ApiError; an abort rejects with an AbortError.
 */
export async function uploadFile(file: File, options: UploadOptions = {}): Promise<UploadResponse> {
  const body = new FormData();
  body.append('file', file, file.name);
  return JSON.parse(await xhrUpload('POST', '/api/upload', body, options)) as UploadResponse;
}
