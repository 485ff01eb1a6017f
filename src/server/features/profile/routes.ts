import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { currentUserSchema, updateMeSchema } from '../../../domain/user.ts';
import type { Auth } from '../../auth/create-auth.ts';
import { requireSession } from '../../auth/session.ts';
import type { Database } from '../../db/schema.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { getCurrentUser, updateCurrentUser } from './service.ts';

export async function profileRoutes(app: FastifyInstance, { db, auth }: { db: Kysely<Database>; auth: Auth }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireSession(auth);

  api.get('/api/me', {
    preHandler: signedIn,
    schema: { tags: ['profile'], summary: 'The signed-in user; 401 without a session', response: { 200: currentUserSchema, ...errorResponses(401) } },
  }, async (request) => getCurrentUser({ db, userId: request.user!.id }));

  api.patch('/api/me', {
    preHandler: signedIn,
    schema: { tags: ['profile'], summary: 'Changes the signed-in user (interface language)', body: updateMeSchema, response: { 200: currentUserSchema, ...errorResponses(400, 401) } },
  }, async (request) => updateCurrentUser({ db, userId: request.user!.id, changes: request.body }));
}
