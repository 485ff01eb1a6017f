import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { homeSchema } from '../../../domain/home.ts';
import type { Auth } from '../../auth/create-auth.ts';
import { requireSession } from '../../auth/session.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { type HomeDependencies, getHome } from './service.ts';

/** The dashboard of /home: every signed-in user has one; what it holds depends on the role (service.ts). */
export async function homeRoutes(app: FastifyInstance, deps: HomeDependencies & { auth: Auth }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/home',
    {
      onRequest: requireSession(deps.auth),
      schema: {
        tags: ['home'],
        summary:
          "What needs the user now (failed and needs-review publications, connections expiring or lost, drafts ready to launch, previews not scheduled), the next posts to go out and the projects' states, as the role sees them",
        response: { 200: homeSchema, ...errorResponses(401) },
      },
    },
    async (request) => getHome(deps, request.user!),
  );
}
