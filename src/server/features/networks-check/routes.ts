import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { networksCheckReportSchema } from '../../../domain/networks-check.ts';
import type { Auth } from '../../auth/create-auth.ts';
import { requireRole } from '../../auth/session.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { type NetworksCheckDependencies, checkNetworks } from './check-networks.ts';

/** The network check (docs/networks.md) for administrators: 401 without a session, 403 for other roles. */
export async function networksCheckRoutes(app: FastifyInstance, deps: NetworksCheckDependencies & { auth: Auth }): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/networks-check',
    {
      onRequest: requireRole(deps.auth, ['admin'], 'Admin user is not authenticated'),
      schema: {
        tags: ['networks-check'],
        summary: 'Whether LinkedIn and Instagram are set up: credentials, API version, redirect URL, scopes, images reachable by Meta',
        response: { 200: networksCheckReportSchema, ...errorResponses(401, 403) },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'no-store').send(await checkNetworks(deps)),
  );
}
