import type { FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';

/**
 * Fastify's schema compilers for an app whose every schema is zod's: given up front, they keep Fastify
 * from building its default ones (ajv and fast-json-stringify: 120 modules and about a fifth of a second
 * at start, never used). Fastify types these factories as ajv's; it calls them with no more than that.
 */
export const zodSchemaController = {
  compilersFactory: { buildValidator: () => validatorCompiler, buildSerializer: () => serializerCompiler },
} as unknown as FastifyServerOptions['schemaController'];
