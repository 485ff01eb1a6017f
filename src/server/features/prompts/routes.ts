import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rowIdParamSchema } from '../../../domain/ids.ts';
import { listPromptsQuerySchema, promptInputSchema, promptPageSchema, promptSchema } from '../../../domain/prompt.ts';
import { requireSession } from '../../auth/session.ts';
import type { Auth } from '../../auth/create-auth.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { type PromptsDependencies, createPrompt, deletePrompt, getPrompt, listPrompts, updatePrompt } from './service.ts';

const idParams = z.object({ id: rowIdParamSchema });

/** "My GPTs" (SPEC §2, §6): every signed-in user has their own; admins' are shared with everybody. */
export async function promptsRoutes(app: FastifyInstance, deps: PromptsDependencies & { auth: Auth }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = requireSession(deps.auth);
  const tags = ['prompts'];

  api.get(
    '/api/prompts',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Own prompts plus the public ones (all of them for an admin), paged and sorted',
        querystring: listPromptsQuerySchema,
        response: { 200: promptPageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => listPrompts(deps, request.user!, request.query),
  );

  api.post(
    '/api/prompts',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Creates a prompt (public when an admin creates it)',
        body: promptInputSchema,
        response: { 201: promptSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => reply.status(201).send(await createPrompt(deps, request.user!, request.body)),
  );

  api.get(
    '/api/prompts/:id',
    {
      onRequest,
      schema: { tags, summary: 'One prompt the user may see', params: idParams, response: { 200: promptSchema, ...errorResponses(401, 404) } },
    },
    async (request) => getPrompt(deps, request.user!, request.params.id),
  );

  api.patch(
    '/api/prompts/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Changes a prompt (its author or an admin)',
        params: idParams,
        body: promptInputSchema.partial(),
        response: { 200: promptSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => updatePrompt(deps, request.user!, request.params.id, request.body),
  );

  api.delete(
    '/api/prompts/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Deletes a prompt (its author or an admin); projects keep their copy of its text',
        params: idParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deletePrompt(deps, request.user!, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
