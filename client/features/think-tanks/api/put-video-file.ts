import { ApiError, formatErrorText } from '../../../lib/api-error';

/**
 * PUT {uploadURL} with the raw file as the body and its type as Content-Type → `{ ok: true }`. 415 not a
 * video (checked by content), 413 over 2 GiB, 403 a tampered, expired or reused address, each as an
 * ApiError; an abort rejects with an AbortError. Sent with XMLHttpRequest, which, unlike fetch, reports
 * upload progress: `onProgress` gets 0…1.
 */
export function putVideoFile(
  uploadURL: string,
  file: File,
  { onProgress, signal }: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    const settle = () => signal?.removeEventListener('abort', abort);
    xhr.open('PUT', uploadURL);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Content-Type', file.type);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      settle();
      if (xhr.status >= 200 && xhr.status < 300) resolve();
      else reject(new ApiError(xhr.status, formatErrorText(xhr.status, xhr.responseText, xhr.statusText)));
    };
    xhr.onerror = () => {
      settle();
      reject(new Error('The upload failed: network error'));
    };
    xhr.onabort = () => {
      settle();
      reject(new DOMException('The upload was cancelled', 'AbortError'));
    };
    signal?.addEventListener('abort', abort, { once: true });
    xhr.send(file);
  });
}
