import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUserSchema, updateMeResultSchema, updateMeSchema, userSchema } from '../../../domain/user.ts';
import { readSession, requireSession } from '../../auth/session.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { uploadedFile } from '../../http/uploads.ts';
import { type ProfileDependencies, changeAvatar, getCurrentUser, getProfile, updateProfile } from './service.ts';

export async function profileRoutes(app: FastifyInstance, deps: ProfileDependencies): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireSession(deps.auth);
  const tags = ['profile'];

  api.get(
    '/api/me',
    {
      onRequest: signedIn,
      schema: { tags, summary: 'The signed-in user; 401 without a session', response: { 200: currentUserSchema, ...errorResponses(401) } },
    },
    async (request) => getCurrentUser(deps, request.user!.id),
  );

  // The pages' session check (the app's guards, the landing's "Ir al Panel", /login): "no session" is an
  // answer here, not an error, so a visitor's browser logs no failed request on every signed-out page
  // (issue 21, item 8). Every other route, /api/me included, still answers 401 without a session.
  api.get(
    '/api/session',
    {
      schema: {
        tags,
        summary: 'The session check: the signed-in user, or null without a session (200 either way)',
        response: { 200: currentUserSchema.nullable() },
      },
    },
    async (request, reply) => {
      const user = await readSession(deps.auth, request, reply);
      return user ? getCurrentUser(deps, user.id) : null;
    },
  );

  api.get(
    '/api/me/profile',
    {
      onRequest: signedIn,
      schema: { tags, summary: "The signed-in user's whole profile", response: { 200: userSchema, ...errorResponses(401) } },
    },
    async (request) => getProfile(deps, request.user!.id),
  );

  api.patch(
    '/api/me',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Changes the signed-in user: profile fields, interface language, password (with the current one; ends their other sessions)',
        description:
          'A new `password` needs `currentPassword`: missing, it answers 400 with details.currentPassword `currentPasswordRequired`; ' +
          'wrong, 400 with `currentPasswordWrong`, counted like a failed sign-in (per e-mail and per address), and 429 once those limits are reached. ' +
          'Either way nothing is saved.',
        body: updateMeSchema,
        response: { 200: updateMeResultSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => updateProfile(deps, { user: request.user!, changes: request.body, address: request.ip }),
  );

  api.put(
    '/api/me/avatar',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Replaces the avatar (multipart field "file": JPEG, PNG or WebP, 5 MB and 60 megapixels at most: 422 IMAGE_TOO_LARGE beyond)',
        consumes: ['multipart/form-data'],
        response: { 200: userSchema, ...errorResponses(400, 401, 413, 422) },
      },
    },
    async (request) => changeAvatar(deps, { userId: request.user!.id, upload: (await uploadedFile(request, 'file')).body }),
  );
}
