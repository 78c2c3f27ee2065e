import { xhrUpload, type UploadOptions } from '../../../lib/xhr-upload';

/**
 * PUT {uploadURL} with the raw file as the body and its type as Content-Type → `{ ok: true }`. 415 not a
 * video (checked by content), 413 over 2 GiB, 403 a tampered, expired or reused address, each as an
 * ApiError; an abort rejects with an AbortError. Reports upload progress: `onProgress` gets 0…1.
 */
export async function putVideoFile(
  uploadURL: string,
  file: File,
  options: UploadOptions = {},
): Promise<void> {
  await xhrUpload('PUT', uploadURL, file, { ...options, contentType: file.type });
}
