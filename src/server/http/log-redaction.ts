import type { FastifyRequest } from 'fastify';

/**
 * Query values that are secrets or one-time credentials: OAuth codes and states on the callback pages,
 * reset tokens, and the access tokens the Graph API accepts in the query string (the sandbox receives
 * them). They never reach a log line.
 */
const SECRET_PARAMETER = /([?&](?:code|state|token|access_token|input_token|fb_exchange_token|refresh_token|id_token|client_secret)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMETER, '$1[redacted]');
}

/** Fastify's request log entry, with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
