import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { slotSuggestionsQuerySchema, slotSuggestionsSchema } from '../../../domain/best-times-schemas.ts';
import { putQueueSlotsSchema, queueSlotsQuerySchema, queueSlotsSchema } from '../../../domain/queue.ts';
import type { Auth } from '../../auth/create-auth.ts';
import { requireRole } from '../../auth/session.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { type QueueDependencies, getQueueSlots, getSlotSuggestions, setQueueSlots } from './service.ts';

/** The weekly queue's slots (issue 16): a customer's own; an administrator's or, with `owner`, a customer's. */
export async function queueRoutes(app: FastifyInstance, deps: QueueDependencies & { auth: Auth }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Refused before the body is read: publishers and basic users have no posts to queue (SPEC §6).
  const onRequest = requireRole(deps.auth, ['admin', 'customer']);
  const tags = ['queue'];

  api.get(
    '/api/queue-slots',
    {
      onRequest,
      schema: {
        tags,
        summary: "The owner's weekly publishing slots (ISO weekday, Monday 1, and the studio's HH:MM), in week order; `owner` for an administrator only",
        querystring: queueSlotsQuerySchema,
        response: { 200: queueSlotsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getQueueSlots(deps, request.user!, request.query),
  );

  api.get(
    '/api/queue-slots/suggestions',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "Best time to post: up to 3 weekly slots per network from the owner's own results of the last 90 days (a weekday and hour well above their average), or the general advice when there are too few posts; each with its reason and whether the queue has it; `owner` for an administrator only",
        querystring: slotSuggestionsQuerySchema,
        response: { 200: slotSuggestionsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getSlotSuggestions(deps, request.user!, request.query),
  );

  api.put(
    '/api/queue-slots',
    {
      onRequest,
      schema: {
        tags,
        summary: "Replaces the owner's weekly slots (at most 28, no duplicates); `owner_id` for an administrator setting a customer's",
        body: putQueueSlotsSchema,
        response: { 200: queueSlotsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => setQueueSlots(deps, request.user!, request.body),
  );
}
