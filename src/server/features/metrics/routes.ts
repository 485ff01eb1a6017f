import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rowIdParamSchema } from '../../../domain/ids.ts';
import { postMetricsSchema } from '../../../domain/post-metrics-schemas.ts';
import type { Auth } from '../../auth/create-auth.ts';
import { requireRole } from '../../auth/session.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { type MetricsReadDependencies, getPostMetrics } from './service.ts';

const postParams = z.object({ id: rowIdParamSchema });

/** A post's figures from the networks (issue 26, decision 045): as the post, administrators every one, customers their own. */
export async function metricsRoutes(app: FastifyInstance, deps: MetricsReadDependencies & { auth: Auth }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/posts/:id/metrics',
    {
      onRequest: requireRole(deps.auth, ['admin', 'customer']),
      schema: {
        tags: ['posts'],
        summary: "A published post's latest figures per network, when they were read, and why the latest reading gave none",
        description:
          'Figures are read 1 h, 24 h, 3, 7 and 30 days after publishing, then monthly up to 90 days (decision 045). `not_yet` means the network has none yet, never zero.',
        params: postParams,
        response: { 200: postMetricsSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => getPostMetrics(deps, request.user!, request.params.id),
  );
}
