import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';
import { findInputProblem, isMalformedMultipart } from './input-guards.ts';

/**
 * Every error leaves the server in one shape: `{ error: { code, message, details? } }`. A 5xx is
 * logged with the request id and its internals are hidden from the client.
 */
export function installErrorHandling(app: FastifyInstance): void {
  // PostgreSQL cannot store a NUL character in text, and a body nested thousands deep overflows the
  // stack of whoever walks it: refused here for every body, path and query, before any feature sees them.
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['body', request.body],
      ['params', request.params],
      ['query', request.query],
    ] as const) {
      const problem = value === undefined ? undefined : findInputProblem(value);
      if (problem === 'nul') throw new AppError('VALIDATION_FAILED', `Text may not contain NUL characters (${part})`, { _: 'invalid' });
      if (problem === 'tooDeep') throw new AppError('VALIDATION_FAILED', `The ${part} is nested too deeply`, { _: 'invalid' });
    }
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.status).send({
        error: {
          code: error.code,
          message: error.message,
          ...(error.details ? { details: error.details } : {}),
          ...(error.post === undefined ? {} : { post: error.post }),
        },
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        details[field] ??= issue.message ?? 'invalid';
      }
      return reply.status(400).send({ error: { code: 'VALIDATION_FAILED', message: 'The request is not valid', details } });
    }
    // The multipart parser's own errors carry no status: a body that is not the multipart it claims to be.
    if (typeof request.isMultipart === 'function' && request.isMultipart() && isMalformedMultipart(error)) {
      return reply
        .status(400)
        .send({ error: { code: 'VALIDATION_FAILED', message: `The multipart body is malformed: ${error.message}`, details: { _: 'invalid' } } });
    }
    // Decoding a client's malformed percent-encoding (a path segment decoded again by a handler).
    if (error instanceof URIError) {
      return reply.status(400).send({ error: { code: 'VALIDATION_FAILED', message: 'The address has malformed percent-encoding', details: { _: 'invalid' } } });
    }
    if (isResponseSerializationError(error) || !error.statusCode || error.statusCode >= 500) {
      request.log.error({ err: error }, 'Request failed');
      return reply.status(500).send({ error: { code: 'UNKNOWN', message: 'Error desconocido' } });
    }
    // Fastify's own 4xx: malformed JSON, unsupported media type, body too large, ...
    const code =
      error.statusCode === 413
        ? 'PAYLOAD_TOO_LARGE'
        : error.statusCode === 404
          ? 'NOT_FOUND'
          : error.statusCode === 429
            ? 'TOO_MANY_ATTEMPTS'
            : 'VALIDATION_FAILED';
    return reply.status(error.statusCode).send({ error: { code, message: error.message } });
  });
}
