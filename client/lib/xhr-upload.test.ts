import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { xhrUpload } from './xhr-upload';

type ProgressLike = { lengthComputable: boolean; loaded: number; total: number };

/** Just enough of XMLHttpRequest for xhrUpload: the test plays the network through its methods. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  withCredentials = false;
  sent: unknown = undefined;
  aborted = false;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((event: ProgressLike) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.sent = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  answer(status: number, responseText: string, statusText = '') {
    Object.assign(this, { status, responseText, statusText });
    this.onload?.();
  }
}

function sentXhr(): FakeXhr {
  if (!FakeXhr.last) throw new Error('no request was sent');
  return FakeXhr.last;
}

beforeEach(() => {
  FakeXhr.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('xhrUpload', () => {
  it('sends the body with the cookies and resolves with the answer text', async () => {
    const upload = xhrUpload('PUT', '/api/storage/upload/abc', 'video bytes', { contentType: 'video/mp4' });
    const xhr = sentXhr();
    expect(xhr).toMatchObject({ method: 'PUT', url: '/api/storage/upload/abc', withCredentials: true });
    expect(xhr.headers).toEqual({ 'Content-Type': 'video/mp4' });
    expect(xhr.sent).toBe('video bytes');
    xhr.answer(200, '{"ok":true}');
    await expect(upload).resolves.toBe('{"ok":true}');
  });

  it('sets no Content-Type unless asked (FormData brings its boundary)', async () => {
    const upload = xhrUpload('POST', '/api/upload', new FormData());
    sentXhr().answer(201, '{"url":"/api/media/x.png"}');
    await upload;
    expect(sentXhr().headers).toEqual({});
  });

  it('reports progress as a fraction, skipping events without a known total', async () => {
    const onProgress = vi.fn();
    const upload = xhrUpload('POST', '/api/upload', 'x', { onProgress });
    const xhr = sentXhr();
    xhr.upload.onprogress?.({ lengthComputable: false, loaded: 5, total: 0 });
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 0, total: 0 });
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 25, total: 100 });
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
    xhr.answer(200, '{}');
    await upload;
    expect(onProgress.mock.calls).toEqual([[0.25], [1]]);
  });

  it('rejects a non-2xx answer with an ApiError carrying the status and the error text', async () => {
    const upload = xhrUpload('POST', '/api/upload', 'x');
    sentXhr().answer(415, '{"error":"Unsupported file type"}', 'Unsupported Media Type');
    const error = await upload.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(415);
    expect((error as ApiError).message).toBe('415: {"error":"Unsupported file type"}');
    expect((error as ApiError).serverMessage).toBe('Unsupported file type');
  });

  it('uses the status text when the error answer has no body', async () => {
    const upload = xhrUpload('PUT', '/u', 'x');
    sentXhr().answer(413, '', 'Payload Too Large');
    await expect(upload).rejects.toThrow('413: Payload Too Large');
  });

  it('rejects a network failure with an Error', async () => {
    const upload = xhrUpload('POST', '/api/upload', 'x');
    sentXhr().onerror?.();
    await expect(upload).rejects.toThrow('The upload failed: network error');
  });

  it('aborts the request when the signal fires and rejects with an AbortError', async () => {
    const controller = new AbortController();
    const upload = xhrUpload('POST', '/api/upload', 'x', { signal: controller.signal });
    controller.abort();
    expect(sentXhr().aborted).toBe(true);
    await expect(upload).rejects.toMatchObject({ name: 'AbortError', message: 'The upload was cancelled' });
  });

  it('sends nothing when the signal has already fired', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(xhrUpload('POST', '/api/upload', 'x', { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(FakeXhr.last).toBeNull();
  });

  it.each([
    ['an answer', (xhr: FakeXhr) => xhr.answer(200, '{}')],
    ['a network failure', (xhr: FakeXhr) => xhr.onerror?.()],
  ])('stops listening to the signal after %s', async (_, settle) => {
    const controller = new AbortController();
    const removed = vi.spyOn(controller.signal, 'removeEventListener');
    const upload = xhrUpload('POST', '/api/upload', 'x', { signal: controller.signal });
    const xhr = sentXhr();
    settle(xhr);
    await upload.catch(() => undefined);
    expect(removed).toHaveBeenCalledWith('abort', expect.any(Function));
    controller.abort();
    expect(xhr.aborted).toBe(false);
  });
});
