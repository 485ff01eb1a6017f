import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { putStudioVoiceSchema, studioVoiceQuerySchema, studioVoiceSchema, voiceSuggestionsSchema } from '../../../domain/voice.ts';
import type { Auth } from '../../auth/create-auth.ts';
import { requireRole } from '../../auth/session.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { type VoiceDependencies, getStudioVoice, getVoiceSuggestions, setStudioVoice } from './service.ts';

/** The studio's voice (issue 24 item 4): a customer's own; an administrator's or, with `owner`, a customer's. */
export async function voiceRoutes(app: FastifyInstance, deps: VoiceDependencies & { auth: Auth }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Refused before the body is read: publishers and basic users have no posts to write (SPEC §6).
  const onRequest = requireRole(deps.auth, ['admin', 'customer']);
  const tags = ['voice'];

  api.get(
    '/api/studio-voice',
    {
      onRequest,
      schema: {
        tags,
        summary: "The owner's studio voice (a description and up to 5 example posts) the AI writers are given; `owner` for an administrator only",
        querystring: studioVoiceQuerySchema,
        response: { 200: studioVoiceSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getStudioVoice(deps, request.user!, request.query),
  );

  api.put(
    '/api/studio-voice',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "Replaces the owner's voice: a description (at most 1,000 characters) and up to 5 of their published posts by id; `owner_id` for an administrator setting a customer's",
        body: putStudioVoiceSchema,
        response: { 200: studioVoiceSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => setStudioVoice(deps, request.user!, request.body),
  );

  api.get(
    '/api/studio-voice/suggestions',
    {
      onRequest,
      schema: {
        tags,
        summary: "The owner's most recent published posts (at most 20, newest first), from which the voice's examples are chosen",
        querystring: studioVoiceQuerySchema,
        response: { 200: voiceSuggestionsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getVoiceSuggestions(deps, request.user!, request.query),
  );
}
