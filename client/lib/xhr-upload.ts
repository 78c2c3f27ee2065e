import { ApiError } from './api-error';

/** What a caller may follow of an upload: its progress (0…1) and a signal that cancels it. */
export type UploadOptions = { onProgress?: (fraction: number) => void; signal?: AbortSignal };

function cancelled(): DOMException {
  return new DOMException('The upload was cancelled', 'AbortError');
}

/**
 * Sends `body` with XMLHttpRequest, which, unlike fetch, reports upload progress, and resolves with the
 * answer's text. A non-2xx answer rejects with an ApiError (SPEC §7's error text), a network failure with
 * an Error, an abort through `signal` with an AbortError; the abort listener is removed once settled.
 */
export function xhrUpload(
  method: 'POST' | 'PUT',
  url: string,
  body: Document | XMLHttpRequestBodyInit,
  { onProgress, signal, contentType }: UploadOptions & { contentType?: string } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(cancelled());
      return;
    }
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    const settle = () => signal?.removeEventListener('abort', abort);
    xhr.open(method, url);
    xhr.withCredentials = true;
    if (contentType !== undefined) xhr.setRequestHeader('Content-Type', contentType);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      settle();
      if (xhr.status >= 200 && xhr.status < 300) resolve(xhr.responseText);
      else reject(new ApiError(xhr.status, xhr.responseText, xhr.statusText));
    };
    xhr.onerror = () => {
      settle();
      reject(new Error('The upload failed: network error'));
    };
    xhr.onabort = () => {
      settle();
      reject(cancelled());
    };
    signal?.addEventListener('abort', abort, { once: true });
    xhr.send(body);
  });
}
