import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

/**
 * How long the multipart parser may keep a handler waiting for its next part once the whole body has
 * arrived. Parsing what is already received takes milliseconds; the handler's own work (reading a file,
 * processing an image) happens between two parts, never while it waits for one.
 */
export const MULTIPART_STALL_MS = 3_000;
const CHECK_EVERY_MS = 250;

/**
 * A guard against a hang in the multipart parser (@fastify/busboy 3.2.6 under @fastify/multipart 10.1.9):
 * a part it skips (no Content-Disposition, or one that is not form-data) larger than its 16 KB buffer,
 * arriving in the same read as what follows it, stops the parser without an error or an end, so
 * `request.file()` and `request.files()` never settle and the request is never answered (seen over real
 * HTTP with a 20 KB part). Each upload request gets its `file`, `files` and `parts` wrapped: waiting for a
 * part longer than MULTIPART_STALL_MS after the body is complete is a malformed body, 400.
 */
export function installMultipartGuard(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    if (typeof request.isMultipart !== 'function' || !request.isMultipart()) return;
    const { file, files, parts } = request;
    request.file = (...args: Parameters<typeof file>) => guarded(request, file.apply(request, args));
    request.files = (...args: Parameters<typeof files>) => guardedParts(request, files.apply(request, args));
    request.parts = (...args: Parameters<typeof parts>) => guardedParts(request, parts.apply(request, args));
  });
}

async function* guardedParts<T>(request: FastifyRequest, iterator: AsyncIterableIterator<T>): AsyncIterableIterator<T> {
  for (;;) {
    const next = await guarded(request, iterator.next());
    if (next.done) return;
    yield next.value;
  }
}

/** The parser's answer, or a 400 once the body has been complete for MULTIPART_STALL_MS without one. */
function guarded<T>(request: FastifyRequest, pending: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let completeSince: number | undefined;
    const timer = setInterval(() => {
      if (!bodyReceived(request)) return;
      completeSince ??= performance.now();
      if (performance.now() - completeSince < MULTIPART_STALL_MS) return;
      clearInterval(timer);
      request.log.warn('The multipart parser stalled on a complete body');
      reject(new AppError('VALIDATION_FAILED', 'The multipart body is malformed: a part could not be read', { _: 'invalid' }));
    }, CHECK_EVERY_MS);
    pending.then(
      (value) => {
        clearInterval(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearInterval(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * Whether every byte of the body has arrived: `complete` on Node's IncomingMessage; a stream that was
 * given its end (app.inject's request has no `complete`) though its reader may not have taken it all.
 */
function bodyReceived(request: FastifyRequest): boolean {
  const raw = request.raw as FastifyRequest['raw'] & { _readableState?: { ended?: boolean } };
  return raw.complete || raw.readableEnded || raw._readableState?.ended === true;
}
