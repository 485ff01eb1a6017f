import { z } from 'zod';

/** The one error shape of DESIGN §5, as an OpenAPI response schema. */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.record(z.string(), z.string()).optional(),
  }),
});

/** `{ 401: errorBodySchema, 403: errorBodySchema }` for a route's response schema. */
export function errorResponses<Status extends number>(...statuses: Status[]): Record<Status, typeof errorBodySchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as Record<Status, typeof errorBodySchema>;
}
