import { z } from 'zod';
import { networkMetricsSchema } from './post-metrics-schemas.ts';
import { FACT_KINDS } from './facts.ts';
import { rowIdSchema } from './ids.ts';
import {
  ALT_TEXT_LIMIT,
  POSTS_PAGE_SIZE,
  POST_NETWORKS,
  POST_STATES,
  REWRITE_NOTE_LIMIT,
  RESULT_STATUSES,
  TEXT_LIMITS,
  TEXT_REPLACEMENTS,
  isCalendarDay,
} from './post-rules.ts';
import { personSchema } from './project.ts';
import { studioClockSchema, timeOfDaySchema } from './studio-time-schemas.ts';

/**
 * Posts: what a launched project becomes (SPEC's "preview projects", §3, §4, §5, §9). Messages are keys
 * of the `validation` namespace. "Today" is the studio's day, given by the server (YYYY-MM-DD). The rules
 * without zod are post-rules.ts's (the browser's first load reads them there); the server reads them here.
 */
export * from './post-rules.ts';

/** A calendar day, YYYY-MM-DD, that exists. */
export const daySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'dateInvalid')
  .refine(isCalendarDay, 'dateInvalid');

export const postResultSchema = z.object({
  status: z.enum(RESULT_STATUSES),
  target_name: z.string().nullable(),
  permalink: z.string().nullable(),
  /** English technical detail (the provider's words); `error_code` is what the studio reads. */
  error: z.string().nullable(),
  /** One of RESULT_ERROR_CODES; a string, so that a code newer than the client reading it is no error. */
  error_code: z.string().nullable(),
  /** Tries of this network so far. */
  attempts: z.number().int(),
  finished_at: z.string().nullable(),
  /** Who marked a "needs review" result published or not published, and when (decision 025); null otherwise. */
  reviewed_by: personSchema.nullable(),
  reviewed_at: z.string().nullable(),
  /** The account published to, on the network (or the sandbox's list of what it published), to check a result. */
  account_url: z.string().nullable(),
});
export type PostResult = z.infer<typeof postResultSchema>;

/**
 * POST /api/posts/:id/results/:network/review (decision 025): the user checked the network for a result
 * that needs review and says whether the post is there. Only a "needs review" result can be marked.
 */
export const reviewResultSchema = z.object({ published: z.boolean() });
export type ReviewResultInput = z.infer<typeof reviewResultSchema>;

export const postImageSchema = z.object({
  id: z.number().int(),
  position: z.number().int(),
  /** pending: in the post; not_selected: kept aside (SPEC §4 image selection). */
  status: z.enum(['pending', 'not_selected']),
  /** The Instagram variant (JPEG, 4:5 to 1.91:1), which is also what the previews show. */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  linkedin_url: z.string(),
  /** What the image shows, for people who cannot see it (decision 034); '' when none. */
  alt_text: z.string(),
});
export type PostImage = z.infer<typeof postImageSchema>;

/**
 * A network the post went out to in a round that "publish again" ended (decision 028): it is still there,
 * so a new round asks before going to that network again.
 */
export const earlierPublicationSchema = z.object({
  network: z.enum(POST_NETWORKS),
  target_name: z.string().nullable(),
  permalink: z.string().nullable(),
  published_at: z.string().nullable(),
});
export type EarlierPublication = z.infer<typeof earlierPublicationSchema>;

/** A fact a text states that its project does not hold (domain/facts.ts); offsets into that text. */
export const unsupportedFactSchema = z.object({ kind: z.enum(FACT_KINDS), text: z.string(), start: z.number().int(), end: z.number().int() });

export const postSchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  project_title: z.string(),
  /** Whose post it is and whose accounts publish it: the project's customer. */
  owner: personSchema.nullable(),
  sequence: z.number().int(),
  state: z.enum(POST_STATES),
  /** The Instagram text, and LinkedIn's while `linkedin_text` is null (decision 034): read a network's with `textFor`. */
  text: z.string(),
  /** LinkedIn's own text, or null when LinkedIn gets `text` too ("the same text for both"). */
  linkedin_text: z.string().nullable(),
  /** What each network's text states that the project does not hold (the facts rule, issue 24). */
  unsupported_facts: z.object({
    instagram: z.array(unsupportedFactSchema),
    linkedin: z.array(unsupportedFactSchema),
    facebook: z.array(unsupportedFactSchema),
  }),
  /** The facts someone confirmed when scheduling (as `factKey`s): scheduling does not ask about them again. */
  facts_confirmed: z.array(z.string()),
  /** The studio's day, YYYY-MM-DD; null when not scheduled. */
  publish_on: z.string().nullable(),
  /** The studio's time of day, HH:MM (24 h); null when not scheduled. */
  publish_time: z.string().nullable(),
  /** The instant it goes out (ISO); null when not scheduled. */
  publish_at: z.string().nullable(),
  /** From when it can no longer be edited or rescheduled: `publish_at` minus LOCK_MARGIN_MINUTES (ISO). */
  locked_from: z.string().nullable(),
  networks: z.object({ instagram: z.boolean(), linkedin: z.boolean(), facebook: z.boolean() }),
  images: z.array(postImageSchema),
  results: z.object({ instagram: postResultSchema.nullable(), linkedin: postResultSchema.nullable(), facebook: postResultSchema.nullable() }),
  /** Where it went out in earlier rounds, before "publish again" (decision 028); newest first. */
  published_before: z.array(earlierPublicationSchema),
  /**
   * The chosen networks whose account its owner has no longer connected (lost, expired, closed): a
   * scheduled post will fail there at its time unless the owner connects it again. Empty otherwise.
   */
  unreachable: z.array(z.enum(POST_NETWORKS)),
  /**
   * Its latest figures per network with when they were read, or why there are none (issue 26,
   * decision 045); empty before it is published. Absent where the figures are not read (e.g. events).
   */
  metrics: z.array(networkMetricsSchema).optional(),
  /** A publish job holds it (SPEC "in process"): locked. */
  in_process: z.boolean(),
  /** Text, images, date and networks can still change (until `locked_from`; never once published or in process). */
  editable: z.boolean(),
  /** Who asked the owner's approval and when (decision 040); non-null only while `awaiting_approval`. */
  approval: z.object({ asked_at: z.string(), asked_by: personSchema.nullable() }).nullable(),
  /** The owner's last "ask for changes" comment: kept while the post is a preview after it, cleared once it is scheduled or sent for approval again. */
  changes_comment: z.object({ text: z.string(), by: personSchema.nullable(), at: z.string() }).nullable(),
  /** The requesting user is the owning customer and the post awaits their approval: they can approve it or ask for changes. */
  can_approve: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Post = z.infer<typeof postSchema>;

/** GET /api/posts: six a page, preview first then newest, filtered by state; counts per state for the chips. */
export const listPostsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(60).default(POSTS_PAGE_SIZE),
  state: z.enum(POST_STATES).optional(),
  /** An administrator's filter by owner (a customer may name only herself), as the calendar's. */
  owner: z.string().min(1).max(100).optional(),
});
export type ListPostsQuery = z.infer<typeof listPostsQuerySchema>;

export const postPageSchema = z.object({
  items: z.array(postSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  counts: z.object({
    all: z.number().int(),
    preview: z.number().int(),
    awaiting_approval: z.number().int(),
    scheduled: z.number().int(),
    published: z.number().int(),
  }),
  /** The studio's today, YYYY-MM-DD. */
  today: z.string(),
  /** The studio's clock: today, the time now and the default time (the publish dialog's rules). */
  clock: studioClockSchema,
});
export type PostPage = z.infer<typeof postPageSchema>;

/**
 * PATCH /api/posts/:id (SPEC §5 Preview edit): the texts and the images (the post's whole list, in its
 * new order, each selected or not, with its description). At least one image stays selected: every
 * Instagram post needs one. `linkedin_text: null` makes LinkedIn use `text` again.
 */
export const postUpdateSchema = z.object({
  text: z
    .string()
    .max(TEXT_LIMITS.linkedinCharacters * 2, 'tooLong')
    .optional(),
  linkedin_text: z
    .string()
    .max(TEXT_LIMITS.linkedinCharacters * 2, 'tooLong')
    .nullable()
    .optional(),
  /** The edit of a scheduled post: its new facts not in the project are confirmed (see scheduleSchema). */
  confirm_facts: z.boolean().optional(),
  images: z
    .array(
      z.object({
        id: rowIdSchema,
        status: z.enum(['pending', 'not_selected']),
        alt_text: z.string().max(ALT_TEXT_LIMIT, 'altTextTooLong').optional(),
      }),
    )
    .max(10)
    .optional(),
});
export type PostUpdate = z.infer<typeof postUpdateSchema>;

/**
 * PUT /api/posts/:id/schedule (SPEC §5 Publish configuration): a day not earlier than today, or none;
 * with a day, at least one network. No day clears the networks and leaves the post in preview.
 * `publish_time` is the studio's HH:MM: PUBLISH_HOUR:00 when omitted on a later day; omitted on today,
 * or a time of today already past, means now (SPEC: choosing today publishes immediately).
 */
/**
 * The networks the user confirmed to publish to again although the post is there from an earlier round
 * (decision 028); a network newly chosen that has the post is refused without it (409 ALREADY_PUBLISHED).
 */
const republishSchema = z.object({ instagram: z.boolean().optional(), linkedin: z.boolean().optional(), facebook: z.boolean().optional() }).optional();

/** The networks chosen; Facebook may be left out by clients written before it (issue 27): not chosen. */
const networksSchema = z.object({ instagram: z.boolean(), linkedin: z.boolean(), facebook: z.boolean().default(false) });

/** The user read the facts the texts state that the project does not hold, and publishes them all the same. */
const confirmFactsSchema = z.boolean().optional();

export const scheduleSchema = z.object({
  publish_on: daySchema.nullable(),
  publish_time: timeOfDaySchema.nullish(),
  networks: networksSchema,
  republish: republishSchema,
  confirm_facts: confirmFactsSchema,
});
export type ScheduleInput = z.infer<typeof scheduleSchema>;

/** POST /api/posts/:id/queue: the networks; the day and time are the owner's next free weekly slot. */
export const queuePostSchema = z.object({
  networks: networksSchema,
  republish: republishSchema,
  confirm_facts: confirmFactsSchema,
});

/**
 * POST /api/posts/:id/rewrite (issue 24 item 5): a post in preview written again by the writer, alone,
 * with an optional note ("shorter", "mention the timber"); its texts before are kept as a version.
 */
export const rewritePostSchema = z.object({
  note: z.string().trim().max(REWRITE_NOTE_LIMIT, 'rewriteNoteTooLong').default(''),
});
export type RewritePostInput = z.infer<typeof rewritePostSchema>;

/** An earlier text of a post (GET /api/posts/:id/versions, newest first). */
export const postTextVersionSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  linkedin_text: z.string().nullable(),
  replaced_by: z.enum(TEXT_REPLACEMENTS),
  created_at: z.string(),
});
export type PostTextVersion = z.infer<typeof postTextVersionSchema>;

/** POST /api/posts/:id/versions/:versionId/restore: the version's texts back; a scheduled post's new facts confirmed as an edit's. */
export const restoreVersionSchema = z.object({ confirm_facts: confirmFactsSchema });

export type QueuePostInput = z.infer<typeof queuePostSchema>;

/**
 * GET /api/posts/:id/accounts: the accounts the post will go to, the owner's publish targets chosen in
 * Settings (DESIGN §6: an admin who schedules a customer's post publishes to the customer's accounts).
 */
const postAccountSchema = z.object({
  connected: z.boolean(),
  /** The page or account published as, e.g. the member, a company page, an Instagram business account. */
  name: z.string().nullable(),
  picture: z.string().nullable(),
});
export const postAccountsSchema = z.object({ instagram: postAccountSchema, linkedin: postAccountSchema, facebook: postAccountSchema });
export type PostAccounts = z.infer<typeof postAccountsSchema>;

/**
 * The decisions on a post awaiting approval (issue 25 item 2, decision 040). `updated_at` is the post's as
 * the approver read it: a post changed since is refused (409 POST_CHANGED with its new version).
 * Approving may give a new day and time, needed when its own has passed or is inside the lock margin.
 */
const readUpdatedAtSchema = z.string().min(1).max(64);
export const APPROVAL_COMMENT_LIMIT = 2000;
const approvalCommentSchema = z.string().trim().min(1, 'approvalCommentRequired').max(APPROVAL_COMMENT_LIMIT, 'approvalCommentTooLong');

export const approvePostSchema = z.object({
  updated_at: readUpdatedAtSchema,
  publish_on: daySchema.optional(),
  publish_time: timeOfDaySchema.optional(),
});
export type ApprovePostInput = z.infer<typeof approvePostSchema>;

export const requestChangesSchema = z.object({ updated_at: readUpdatedAtSchema, comment: approvalCommentSchema });
export type RequestChangesInput = z.infer<typeof requestChangesSchema>;

/** The posts of a project decided at once, each as the approver read it: all of them or none. */
const decidedPostsSchema = z
  .array(z.object({ id: rowIdSchema, updated_at: readUpdatedAtSchema }))
  .min(1, 'approvalPostsRequired')
  .max(100);
export const approveProjectSchema = z.object({ posts: decidedPostsSchema });
export type ApproveProjectInput = z.infer<typeof approveProjectSchema>;
export const requestProjectChangesSchema = z.object({ posts: decidedPostsSchema, comment: approvalCommentSchema });
export type RequestProjectChangesInput = z.infer<typeof requestProjectChangesSchema>;
export const decidedPostsAnswerSchema = z.object({ posts: z.array(postSchema) });
