import type { ErrorBody } from '../../domain/errors.ts';

/** A failed API call: the server's error code (or NETWORK when there was no answer) and its details. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * The one HTTP client of the browser: JSON in (or a FormData upload), JSON out, the session cookie
 * sent along.
 */
export async function apiRequest<T>(path: string, options: { method?: string; body?: unknown } = {}): Promise<T> {
  const { body } = options;
  const isUpload = body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      credentials: 'same-origin',
      // An upload sets its own multipart content type, boundary included.
      headers: body === undefined || isUpload ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : isUpload ? body : JSON.stringify(body),
    });
  } catch (error) {
    throw new ApiError(0, 'NETWORK', error instanceof Error ? error.message : 'Network error');
  }
  return readAnswer<T>(response.status, response.statusText, await response.text());
}

/**
 * An upload that reports its progress (0 to 1) as the bytes leave the browser: fetch cannot, so
 * this one request goes through XMLHttpRequest, with the same answers and errors as apiRequest.
 */
export function uploadWithProgress<T>(path: string, body: FormData, onProgress: (fraction: number) => void, options: { method?: string } = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(options.method ?? 'POST', path);
    request.setRequestHeader('accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
    };
    request.onload = () => {
      try {
        resolve(readAnswer<T>(request.status, request.statusText, request.responseText));
      } catch (error) {
        reject(error);
      }
    };
    request.onerror = () => reject(new ApiError(0, 'NETWORK', 'Network error'));
    request.onabort = () => reject(new ApiError(0, 'NETWORK', 'Upload aborted'));
    request.send(body);
  });
}

/** The JSON of a 2xx answer, or the ApiError of any other. */
function readAnswer<T>(status: number, statusText: string, text: string): T {
  const payload = text === '' ? undefined : safeJson(text);
  if (status < 200 || status >= 300) {
    const error = (payload as ErrorBody | undefined)?.error;
    throw new ApiError(status, error?.code ?? 'UNKNOWN', error?.message ?? statusText, error?.details ?? {});
  }
  return payload as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Retry a query only when the failure may pass: no answer or a server error, a few times. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 3) return false;
  return !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
}
