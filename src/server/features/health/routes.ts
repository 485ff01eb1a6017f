import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['up', 'down']) });

/** For load balancers and operators: 200 when the database answers, 503 otherwise. */
export async function healthRoutes(app: FastifyInstance, { isDatabaseReachable }: { isDatabaseReachable: () => Promise<boolean> }): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      schema: { tags: ['health'], summary: 'Whether this instance can serve requests', response: { 200: healthSchema, 503: healthSchema } },
    },
    async (_request, reply) => {
      const up = await isDatabaseReachable();
      return reply.status(up ? 200 : 503).send({ status: up ? 'ok' : 'unavailable', database: up ? 'up' : 'down' });
    },
  );
}
