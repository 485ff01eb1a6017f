import { z } from 'zod';
import { generationStatusSchema } from './generation.ts';
import { POST_STATES } from './post.ts';
import { PROJECT_STATES } from './project.ts';

/**
 * What GET /api/events streams to a signed-in user (server-sent events, one JSON object per `data:`
 * line, the event name being `type`): the generation's progress, and changes to projects and posts the
 * user sees. Admins receive every event; others the events about their own projects and posts.
 */
export const appEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('generation'), status: generationStatusSchema }),
  z.object({ type: z.literal('project'), projectId: z.number().int(), state: z.enum(PROJECT_STATES) }),
  z.object({ type: z.literal('post'), postId: z.number().int(), projectId: z.number().int(), state: z.enum(POST_STATES).nullable() }),
]);
export type AppEvent = z.infer<typeof appEventSchema>;
