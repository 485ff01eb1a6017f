import http from 'node:http';

export interface StreamStart {
  statusCode: number;
  contentType: string;
  /** The body of an answer that is not a stream; '' for a stream, which is dropped at its headers. */
  body: string;
}

/**
 * A request to an answer that may never end (the event stream), over real HTTP: its status and headers,
 * then the connection is closed at once. (An aborted `fetch` leaves undici's socket open, which keeps the
 * app from closing.)
 */
export function requestStreamStart(url: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<StreamStart> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: options.method ?? 'GET', headers: options.headers, agent: false }, (response) => {
      const contentType = String(response.headers['content-type'] ?? '');
      if (contentType.startsWith('text/event-stream')) {
        request.destroy();
        resolve({ statusCode: response.statusCode ?? 0, contentType, body: '' });
        return;
      }
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ statusCode: response.statusCode ?? 0, contentType, body: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}
