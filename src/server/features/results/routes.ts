import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reportQuerySchema, resultsQuerySchema, resultsSchema } from '../../../domain/results.ts';
import type { Auth } from '../../auth/create-auth.ts';
import { requireRole } from '../../auth/session.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { type ResultsDependencies, checkResultsAccess, downloadMonthlyReport, exportResults, getResults } from './service.ts';

/** The Results page and its CSV (issue 26 items 2 and 5, decision 046): customers their own, administrators one customer's or all. */
export async function resultsRoutes(app: FastifyInstance, deps: ResultsDependencies & { auth: Auth }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = requireRole(deps.auth, ['admin', 'customer']);
  const tags = ['results'];

  api.get(
    '/api/results',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "A period's results (7d, 30d, 90d up to the studio's today, or month:YYYY-MM): per network the sums of the latest figures of the posts published in it and of the period before, per day, the top 5 posts and projects by interactions, and weekday × hour of publication",
        querystring: resultsQuerySchema,
        response: { 200: resultsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => getResults(deps, request.user!, request.query),
  );

  api.get(
    '/api/results/export.csv',
    {
      onRequest,
      schema: {
        tags,
        summary: "The period's posts' latest figures as CSV (RFC 4180, UTF-8 with a BOM, CRLF; one line per post and network; English column keys), streamed",
        querystring: resultsQuerySchema,
        response: { 200: z.string(), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      checkResultsAccess(request.user!, request.query);
      const name = `alzado-results-${request.query.period.replace(':', '-')}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(exportResults(deps, request.user!, request.query)) as unknown as string);
    },
  );

  api.get(
    '/api/results/report.pdf',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "A customer's monthly report as a PDF (issue 26 item 3, decision 047): the month's totals per network against the month before, a chart of its days and the top posts with their first image; a customer her own, an administrator a customer's (customer= required); not a month to come",
        querystring: reportQuerySchema,
        response: { 200: z.string(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const report = await downloadMonthlyReport(deps, request.user!, request.query);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${report.filename}"`)
        .header('cache-control', 'no-store')
        .send(report.pdf as unknown as string);
    },
  );
}
