import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '../../domain/errors.ts';

/**
 * The answers Fastify and Node give on their own, before any route or our error handler runs, in our one
 * shape `{ error: { code, message } }` (DESIGN §5) instead of theirs:
 *
 * - Fastify's router: a path with malformed percent-encoding (400) and a path parameter longer than
 *   `maxParamLength` (414) go to `frameworkErrors`.
 * - Node's HTTP parser: a request it cannot parse (400), headers over 16 KB (431), a request or its headers
 *   too slow to arrive (408) go to `clientErrorHandler` with the bare socket: the path is unknown, so every
 *   such answer has our shape.
 * - Node itself: an HTTP/1.1 request without Host (400, an empty body) and an `Expect` other than
 *   100-continue (417, an empty body). Node's Host check is turned off and made here instead; the Expect
 *   answer is ours through the `checkExpectation` event.
 * - Fastify while closing: requests still arriving on open connections (503); Fastify's own answer is
 *   turned off and made by a hook instead.
 *
 * Spread `frameworkErrorOptions` into the Fastify options and call `installFrameworkErrors` at once.
 */
export const frameworkErrorOptions = {
  frameworkErrors: answerFrameworkError,
  clientErrorHandler: answerClientError,
  return503OnClosing: false,
  http: { requireHostHeader: false },
};

export function installFrameworkErrors(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    if (closing) {
      return sendError(reply.status(503).header('connection', 'close'), 'SERVICE_UNAVAILABLE', 'The server is stopping; try again in a moment');
    }
    if (request.raw.httpVersionMajor === 1 && request.raw.httpVersionMinor >= 1 && !request.headers.host) {
      return sendError(reply.status(400).header('connection', 'close'), 'VALIDATION_FAILED', 'An HTTP/1.1 request needs a Host header');
    }
    return undefined;
  });
  app.server.on('checkExpectation', (_request: http.IncomingMessage, response: http.ServerResponse) => {
    const body = JSON.stringify(errorBody('VALIDATION_FAILED', 'Only "Expect: 100-continue" is supported'));
    response.writeHead(417, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), connection: 'close' });
    response.end(body);
  });
}

function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
  if (status >= 500) request.log.error({ err: error }, 'Request failed before routing');
  const message =
    error.code === 'FST_ERR_BAD_URL'
      ? 'The address has malformed percent-encoding'
      : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? 'A part of the address is too long'
        : error.message;
  void sendError(reply.status(status), status >= 500 ? 'UNKNOWN' : 'VALIDATION_FAILED', status >= 500 ? 'Error desconocido' : message);
}

/** What Node's parser refused, by its error code (Node answers the same statuses itself). */
function clientErrorStatus(code: string): { status: number; code: ErrorCode; message: string } {
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, code: 'VALIDATION_FAILED', message: 'The request headers are too large' };
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'The chunk extensions are too large' };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, code: 'VALIDATION_FAILED', message: 'The request took too long to arrive' };
  return { status: 400, code: 'VALIDATION_FAILED', message: 'The request is not valid HTTP' };
}

function answerClientError(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const answer = clientErrorStatus(error.code ?? '');
  this.log.debug({ err: error }, `Client error ${answer.status}`);
  // As Node does: no answer once a response has started on this connection (it would corrupt it).
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const body = JSON.stringify(errorBody(answer.code, answer.message));
    socket.write(
      `HTTP/1.1 ${answer.status} ${http.STATUS_CODES[answer.status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

function errorBody(code: ErrorCode, message: string) {
  return { error: { code, message } };
}

/** Sent as text: the route's response schema (a 503 of /api/health, say) is not this answer's. */
function sendError(reply: FastifyReply, code: ErrorCode, message: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(errorBody(code, message)));
}
