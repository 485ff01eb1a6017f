import { z } from 'zod';
import { POST_NETWORKS, POST_STATES, postResultSchema } from './post.ts';
import { PROJECT_STATES, personSchema } from './project.ts';
import { socialNetworkSchema } from './social.ts';

/**
 * GET /api/home: the dashboard under the heading Home and the greeting (SPEC §2). What needs the user
 * now, what goes out next, and the projects' states, each section as the user's role may see it: an
 * administrator the whole studio, a customer their own posts and projects, a publisher their projects
 * (SPEC §6: no posts). A section the role cannot see is null.
 */

/** Items shown per section. */
export const HOME_ITEMS_LIMIT = 5;
/** Counts stop here ("99+"): a dashboard needs to know there are many, not how many. */
export const HOME_COUNT_LIMIT = 99;

/** A count that may have stopped at HOME_COUNT_LIMIT (`atLeast`), and the first items. */
function sectionOf<T extends z.ZodType>(item: T) {
  return z.object({ count: z.number().int(), atLeast: z.boolean(), items: z.array(item) });
}

/** Where a post is on the posts page (/preview-projects?state=…&page=…). */
const postPlaceSchema = z.object({ state: z.enum(POST_STATES), page: z.number().int().min(1) });

const postReferenceFields = {
  post_id: z.number().int(),
  project_id: z.number().int(),
  project_title: z.string(),
  sequence: z.number().int(),
  /** Whose post it is: administrators see everyone's. */
  owner: personSchema.nullable(),
  place: postPlaceSchema,
};

/** One network's publication that failed or needs review, with what the posts page shows of its reason. */
export const homeFailedPublicationSchema = z.object({
  ...postReferenceFields,
  network: z.enum(POST_NETWORKS),
  result: postResultSchema.pick({ status: true, error: true, error_code: true, attempts: true, finished_at: true }),
});

export const homeScheduledPostSchema = z.object({
  ...postReferenceFields,
  publish_on: z.string(),
  /** The studio's HH:MM (null only for a post scheduled before times of day, which goes at PUBLISH_HOUR). */
  publish_time: z.string().nullable(),
  networks: z.object({ instagram: z.boolean(), linkedin: z.boolean(), facebook: z.boolean() }),
});

export const homePreviewPostSchema = z.object({ ...postReferenceFields, created_at: z.string() });

/** A post awaiting its owner's approval (issue 25): its requested day and time, and who asked and when. */
export const homeAwaitingPostSchema = z.object({
  ...postReferenceFields,
  publish_on: z.string().nullable(),
  publish_time: z.string().nullable(),
  asked_at: z.string().nullable(),
  asked_by: personSchema.nullable(),
});

/** A connection that expires within the token warning window, or was lost (closed without the user disconnecting it). */
export const homeConnectionAlertSchema = z.object({
  network: socialNetworkSchema,
  problem: z.enum(['expiring', 'lost']),
  account_name: z.string().nullable(),
  expires_at: z.string().nullable(),
  /** Whose connection; `mine` when it is the user's own (administrators also see the others'). */
  user: personSchema,
  mine: z.boolean(),
});

/** A draft with what a launch needs: enough selected images for its posts and a customer to own them. */
export const homeReadyDraftSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  publications: z.number().int(),
  selected_images: z.number().int(),
  created_at: z.string(),
});

export const homeProjectSchema = z.object({ id: z.number().int(), title: z.string(), state: z.enum(PROJECT_STATES), created_at: z.string() });

/**
 * The results line (issue 26 item 2): the sums of the latest reach and interactions of the posts published
 * this studio month (up to today) and last month, all networks, as the Results page counts them.
 */
export const homeResultsSchema = z.object({
  /** This month, YYYY-MM. */
  month: z.string(),
  reach: z.number().int(),
  interactions: z.number().int(),
  previous_reach: z.number().int(),
  previous_interactions: z.number().int(),
});

export const homeSchema = z.object({
  /** The studio's today, YYYY-MM-DD. */
  today: z.string(),
  /**
   * Posts awaiting approval, the dashboard's first section (issue 25): a customer's own, which they decide;
   * for an administrator, every customer's, to follow (only the owner approves, decision 040).
   */
  awaitingApproval: sectionOf(homeAwaitingPostSchema).nullable(),
  failedPublications: sectionOf(homeFailedPublicationSchema).nullable(),
  /** Null for a role without projects (basic): it has no Settings to connect in (decision 021). */
  connections: sectionOf(homeConnectionAlertSchema).nullable(),
  readyDrafts: sectionOf(homeReadyDraftSchema).nullable(),
  previews: sectionOf(homePreviewPostSchema).nullable(),
  nextScheduled: sectionOf(homeScheduledPostSchema).nullable(),
  /** The projects the user sees: how many, how many in each state, and the newest. */
  projects: sectionOf(homeProjectSchema)
    .extend({ states: z.array(z.object({ state: z.enum(PROJECT_STATES), count: z.number().int(), atLeast: z.boolean() })) })
    .nullable(),
  /** This month's reach and interactions against last month's: a customer's own, an administrator's whole studio; null for other roles. */
  results: homeResultsSchema.nullable(),
});
export type Home = z.infer<typeof homeSchema>;
export type HomeFailedPublication = z.infer<typeof homeFailedPublicationSchema>;
export type HomeScheduledPost = z.infer<typeof homeScheduledPostSchema>;
export type HomePreviewPost = z.infer<typeof homePreviewPostSchema>;
export type HomeAwaitingPost = z.infer<typeof homeAwaitingPostSchema>;
export type HomeConnectionAlert = z.infer<typeof homeConnectionAlertSchema>;
export type HomeReadyDraft = z.infer<typeof homeReadyDraftSchema>;
export type HomeProject = z.infer<typeof homeProjectSchema>;
export type HomeResults = z.infer<typeof homeResultsSchema>;
