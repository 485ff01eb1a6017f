import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createUserSchema, listUsersQuerySchema, updateUserSchema, userPageSchema, userSchema, welcomeEmailRequestSchema } from '../../../domain/user.ts';
import { requireRole } from '../../auth/session.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { type UsersDependencies, createUser, getUser, listUsers, sendWelcomeEmail, updateUser } from './service.ts';

const ADMIN_NOT_AUTHENTICATED = 'Admin user is not authenticated';

/** User management (SPEC §2 "Users", §6): administrators only; 401 without a session, 403 for others. */
export async function usersRoutes(app: FastifyInstance, deps: UsersDependencies): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = requireRole(deps.auth, ['admin'], ADMIN_NOT_AUTHENTICATED);
  const tags = ['users'];

  api.get(
    '/api/users',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Users, paged and sorted by the server (newest first by default)',
        querystring: listUsersQuerySchema,
        response: { 200: userPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listUsers(deps, request.query),
  );

  api.post(
    '/api/users',
    {
      onRequest: adminOnly,
      schema: { tags, summary: 'Creates a user with a password', body: createUserSchema, response: { 201: userSchema, ...errorResponses(400, 401, 403) } },
    },
    async (request, reply) => reply.status(201).send(await createUser(deps, request.body)),
  );

  api.get(
    '/api/users/:id',
    {
      onRequest: adminOnly,
      schema: { tags, summary: 'One user', params: z.object({ id: z.string() }), response: { 200: userSchema, ...errorResponses(401, 403, 404) } },
    },
    async (request) => getUser(deps, request.params.id),
  );

  api.patch(
    '/api/users/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: "Changes the fields provided; the e-mail is locked; deactivating ends the sessions; never one's own role or active flag (409 OWN_ACCOUNT)",
        params: z.object({ id: z.string() }),
        body: updateUserSchema,
        response: { 200: userSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => updateUser(deps, { id: request.params.id, changes: request.body, actorId: request.user!.id }),
  );

  api.post(
    '/api/create-user-template',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: "Queues an existing user's welcome e-mail (links to sign in and to choose a password; never the password)",
        description: 'The e-mail is sent by a job right after the answer, and again later if the mail server fails: `queued` says it is on its way.',
        body: welcomeEmailRequestSchema,
        response: { 200: z.object({ queued: z.literal(true) }), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await sendWelcomeEmail(deps, { email: request.body.email });
      return { queued: true as const };
    },
  );
}
