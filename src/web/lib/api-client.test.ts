import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, uploadWithProgress } from './api-client.ts';

/** A stand-in XMLHttpRequest: the test plays the server, sending progress and then an answer. */
class FakeRequest {
  static last: FakeRequest | undefined;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeRequest.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  answer(status: number, statusText: string, text: string) {
    this.status = status;
    this.statusText = statusText;
    this.responseText = text;
    this.onload?.();
  }
}

describe('uploadWithProgress', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts the form, reports the progress and resolves with the JSON answer', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
    const body = new FormData();
    body.append('files', new Blob(['x']), 'a.jpg');
    const progress: number[] = [];
    const done = uploadWithProgress<{ images: unknown[] }>('/api/projects/7/images', body, (fraction) => progress.push(fraction));
    const request = FakeRequest.last!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/projects/7/images');
    expect(request.body).toBe(body);
    expect(request.headers.accept).toBe('application/json');
    request.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 });
    request.upload.onprogress?.({ lengthComputable: false, loaded: 0, total: 0 });
    request.upload.onprogress?.({ lengthComputable: true, loaded: 200, total: 200 });
    request.answer(200, 'OK', '{"images":[]}');
    await expect(done).resolves.toEqual({ images: [] });
    expect(progress).toEqual([0.25, 1]);
  });

  it('turns an error answer into the same ApiError as apiRequest, details included', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
    const done = uploadWithProgress('/api/projects/7/images', new FormData(), () => {});
    FakeRequest.last!.answer(
      413,
      'Payload Too Large',
      JSON.stringify({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'Too large', details: { 'big.jpg': 'tooLarge' } } }),
    );
    const error = await done.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Too large', details: { 'big.jpg': 'tooLarge' } });
  });

  it('reports a failed connection as NETWORK and an answer without a body by its status text', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
    const lost = uploadWithProgress('/api/x', new FormData(), () => {});
    FakeRequest.last!.onerror?.();
    await expect(lost).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
    const bare = uploadWithProgress('/api/x', new FormData(), () => {});
    FakeRequest.last!.answer(502, 'Bad Gateway', '');
    await expect(bare).rejects.toMatchObject({ status: 502, code: 'UNKNOWN', message: 'Bad Gateway' });
  });
});
