import { z } from 'zod';
import { POST_NETWORKS, TEXT_REPLACEMENTS } from './post-rules.ts';
import { personSchema } from './project.ts';

/**
 * A post's history and comments (issue 25 item 5, docs/decisions/041): everything that happened to it,
 * append-only, and a thread of comments, the team's own notes and those shared with the approver.
 */

/** What can happen to a post, as its history records it. */
export const POST_EVENT_KINDS = [
  'generated',
  'edited',
  'scheduled',
  'approval_asked',
  'approved',
  'changes_asked',
  'moved',
  'unscheduled',
  'published',
  'publish_failed',
  'marked_published',
  'marked_not_published',
  /** "Publish again": a published post back to preview, without day, networks or results. */
  'reset',
  /** "Retry": the networks that failed tried again (`networks`). */
  'retried',
  /** Its project given to another customer: the post goes with it (`from_customer`, `to_customer`). */
  'reassigned',
  'comment',
] as const;
export type PostEventKind = (typeof POST_EVENT_KINDS)[number];

/** Where it was done: the app (signed in), a review link (no account), or the app itself (a job). */
export const POST_EVENT_VIAS = ['app', 'link', 'system'] as const;
export type PostEventVia = (typeof POST_EVENT_VIAS)[number];

/** `team`: the administrators' internal notes; `shared`: seen by the approving customer too. */
export const COMMENT_VISIBILITIES = ['team', 'shared'] as const;
export type CommentVisibility = (typeof COMMENT_VISIBILITIES)[number];

export const COMMENT_LIMIT = 2000;

/** One piece of a word-level difference: words kept, inserted or deleted, in the new text's order. */
export const diffSegmentSchema = z.object({ op: z.enum(['same', 'ins', 'del']), text: z.string() });
export type DiffSegment = z.infer<typeof diffSegmentSchema>;

/**
 * An edit's difference: against the texts the approver last saw (when approval was last asked or given),
 * else against the texts the edit replaced. `linkedin` is null while LinkedIn's text is Instagram's.
 */
export const textDiffSchema = z.object({
  against: z.enum(['approval', 'previous']),
  instagram: z.array(diffSegmentSchema),
  linkedin: z.array(diffSegmentSchema).nullable(),
});
export type TextDiff = z.infer<typeof textDiffSchema>;

/** A customer as an event names them: their id and their name then (the name stays as it was, whatever happens to the account). */
export const eventCustomerSchema = z.object({ id: z.string(), name: z.string() });
export type EventCustomer = z.infer<typeof eventCustomerSchema>;

export const postEventSchema = z.object({
  id: z.number().int(),
  /** One of POST_EVENT_KINDS; a string, so that a kind newer than the client reading it is no error. */
  kind: z.string(),
  via: z.enum(POST_EVENT_VIAS),
  at: z.string(),
  /** The account that did it; null for the app itself, a review link, or an account deleted since. */
  actor: personSchema.nullable(),
  /** The name a reviewer wrote on a review link. */
  name: z.string().nullable(),
  /** The network of a publication's outcome or of a "needs review" mark. */
  network: z.enum(POST_NETWORKS).nullable(),
  /** A failed publication's reason (RESULT_ERROR_CODES). */
  reason: z.string().nullable(),
  /** The comment of "changes asked". */
  comment: z.string().nullable(),
  /** The day and time asked, approved or moved to. */
  publish_on: z.string().nullable(),
  publish_time: z.string().nullable(),
  diff: textDiffSchema.nullable(),
  /** An edit that was not typed: the writer's new texts (`rewrite`) or an earlier text brought back (`restore`). */
  replaced_by: z.enum(TEXT_REPLACEMENTS).nullable(),
  /** The networks a retry tried again. */
  networks: z.array(z.enum(POST_NETWORKS)).nullable(),
  /** A reassignment's customers: the one the post was with (null: none), and the one it went to. */
  from_customer: eventCustomerSchema.nullable(),
  to_customer: eventCustomerSchema.nullable(),
});
export type PostEvent = z.infer<typeof postEventSchema>;

export const postCommentSchema = z.object({
  id: z.number().int(),
  visibility: z.enum(COMMENT_VISIBILITIES),
  text: z.string(),
  at: z.string(),
  /** Null once its author's account is deleted. */
  author: personSchema.nullable(),
});
export type PostComment = z.infer<typeof postCommentSchema>;

/** GET /api/posts/:id/history: oldest first, the newest last. */
export const postHistorySchema = z.object({ events: z.array(postEventSchema), comments: z.array(postCommentSchema) });
export type PostHistory = z.infer<typeof postHistorySchema>;

/** POST /api/posts/:id/comments. A customer writes shared comments only. */
export const createCommentSchema = z.object({
  text: z.string({ message: 'commentRequired' }).trim().min(1, 'commentRequired').max(COMMENT_LIMIT, 'commentTooLong'),
  visibility: z.enum(COMMENT_VISIBILITIES, { message: 'commentVisibilityInvalid' }),
});
export type CreateComment = z.infer<typeof createCommentSchema>;
