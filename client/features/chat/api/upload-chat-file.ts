import type { z } from 'zod';
import type { uploadResponse } from '@common/contracts/chat';
import { ApiError, formatErrorText } from '../../../lib/api-error';

export type UploadResponse = z.infer<typeof uploadResponse>;

/**
 * POST /api/upload, multipart field `file` → `{ url }` (an /api/media/… URL). Sent with
 * XMLHttpRequest, which, unlike fetch, reports upload progress: `onProgress` gets 0…1. 413 too large,
 * 415 not an accepted photo, video or audio format, as an ApiError; an abort rejects with an AbortError.
 */
export function uploadChatFile(
  file: File,
  { onProgress, signal }: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<UploadResponse> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/upload');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      signal?.removeEventListener('abort', abort);
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new ApiError(xhr.status, formatErrorText(xhr.status, xhr.responseText, xhr.statusText)));
        return;
      }
      try {
        resolve(JSON.parse(xhr.responseText) as UploadResponse);
      } catch (error) {
        reject(error instanceof Error ? error : new Error('The upload answer was not JSON'));
      }
    };
    xhr.onerror = () => {
      signal?.removeEventListener('abort', abort);
      reject(new Error('The upload failed: network error'));
    };
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    const body = new FormData();
    body.append('file', file, file.name);
    xhr.send(body);
  });
}
