import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';

/**
 * Every error leaves the server in one shape: `{ error: { code, message, details? } }`. A 5xx is
 * logged with the request id and its internals are hidden from the client.
 */
export function installErrorHandling(app: FastifyInstance): void {
  // PostgreSQL cannot store a NUL character in text: refused here for every body, before any feature sees it.
  app.addHook('preValidation', async (request) => {
    if (request.body !== undefined && containsNul(request.body)) {
      throw new AppError('VALIDATION_FAILED', 'Text may not contain NUL characters', { _: 'invalid' });
    }
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send({ error: { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) } });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        details[field] ??= issue.message ?? 'invalid';
      }
      return reply.status(400).send({ error: { code: 'VALIDATION_FAILED', message: 'The request is not valid', details } });
    }
    if (isResponseSerializationError(error) || !error.statusCode || error.statusCode >= 500) {
      request.log.error({ err: error }, 'Request failed');
      return reply.status(500).send({ error: { code: 'UNKNOWN', message: 'Error desconocido' } });
    }
    // Fastify's own 4xx: malformed JSON, unsupported media type, body too large, ...
    const code = error.statusCode === 413 ? 'PAYLOAD_TOO_LARGE' : error.statusCode === 404 ? 'NOT_FOUND' : error.statusCode === 429 ? 'TOO_MANY_ATTEMPTS' : 'VALIDATION_FAILED';
    return reply.status(error.statusCode).send({ error: { code, message: error.message } });
  });
}

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1));
}
