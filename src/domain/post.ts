import { z } from 'zod';
import { FACT_KINDS, type UnsupportedFact } from './facts.ts';
import { rowIdSchema } from './ids.ts';
import { LOCK_MARGIN_MINUTES } from './limits.ts';
import { personSchema } from './project.ts';
import { studioClockSchema, timeOfDaySchema } from './studio-time.ts';

/**
 * Posts: what a launched project becomes (SPEC's "preview projects", §3, §4, §5, §9). Messages are keys
 * of the `validation` namespace. "Today" is the studio's day, given by the server (YYYY-MM-DD).
 */

export const POST_STATES = ['preview', 'scheduled', 'published'] as const;
export type PostState = (typeof POST_STATES)[number];
/** A stored state as a PostState; anything else reads as a preview. */
export const postStateOf = (value: string): PostState => ((POST_STATES as readonly string[]).includes(value) ? (value as PostState) : 'preview');

export const POST_NETWORKS = ['instagram', 'linkedin'] as const;
export type PostNetwork = (typeof POST_NETWORKS)[number];

/** SPEC §9: six cards a page. */
export const POSTS_PAGE_SIZE = 6;

/**
 * The networks' own text limits (Instagram caption and hashtags; LinkedIn commentary), the one place
 * they live. Instagram's hashtags are 5, not the 30 of Meta's IG User Media reference: Instagram
 * announced on 2025-12-18 (@creators) that a post or reel caption takes at most five, and posting
 * services now document 5 (Ayrshare's Instagram API page); see docs/decisions/014-instagram-hashtag-limit.md.
 */
export const TEXT_LIMITS = { instagramCharacters: 2200, instagramHashtags: 5, linkedinCharacters: 3000 } as const;

/**
 * How each network's text is written (decision 034), guides rather than limits: Instagram cuts a caption
 * after about 125 characters and LinkedIn after about 140 on a phone ("see more"), so the first line is the
 * hook; LinkedIn posts of 900 to 1,200 characters read best (AuthoredUp's study of ~1 million posts) with
 * about 3 hashtags at the end.
 */
export const WRITING_GUIDES = { hookCharacters: 125, linkedinCharacters: 1200, linkedinHashtags: 3 } as const;

/**
 * An image's description (decision 034): Instagram's `alt_text` takes at most 1,000 characters, LinkedIn's
 * `altText` 4,086; the smaller, so that one description fits both.
 */
export const ALT_TEXT_LIMIT = 1000;

/** Characters as the networks count them: code points, so an emoji counts once. */
export function countCharacters(text: string): number {
  return [...text].length;
}

/** Hashtags as Instagram links them: `#` then letters, digits or underscores. */
export function countHashtags(text: string): number {
  return text.match(/#[\p{L}\p{N}_]+/gu)?.length ?? 0;
}

/** Why a text cannot go to Instagram, or undefined when it can. */
export function instagramTextProblem(text: string): 'instagramTooLong' | 'instagramTooManyHashtags' | undefined {
  if (countCharacters(text) > TEXT_LIMITS.instagramCharacters) return 'instagramTooLong';
  if (countHashtags(text) > TEXT_LIMITS.instagramHashtags) return 'instagramTooManyHashtags';
  return undefined;
}

/** A calendar day, YYYY-MM-DD, that exists. */
export const daySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'dateInvalid')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, 'dateInvalid');

/**
 * A network's outcome for a post (DESIGN principle 4). pending: chosen, not tried yet; publishing: the
 * call is under way; unknown: the call may or may not have taken effect ("needs review").
 */
export const RESULT_STATUSES = ['pending', 'publishing', 'posted', 'failed', 'not_selected', 'unknown'] as const;
export type ResultStatus = (typeof RESULT_STATUSES)[number];

/**
 * Why a network's result failed, needs review or waits for another try: a code the app and the e-mails
 * translate (posts `resultErrors.<code>`), while `error` keeps the English technical detail for
 * operators. Results recorded before the codes existed have none.
 */
export const RESULT_ERROR_CODES = [
  /** The network refused the owner's token (invalid, expired, revoked): the connection is closed. */
  'connectionRefused',
  /** The network refused a permission (a scope, a page role): the connection is closed. */
  'permissionMissing',
  /** The chosen page cannot be published to (PAGE_PROBLEMS in domain/social.ts): the connection stands, the user chooses another page or fixes the role. */
  'pageNotPublishable',
  /** Instagram cannot fetch the post's images: the server's image addresses are not public (PUBLIC_URL or S3). */
  'imagesNotPublic',
  /** The network refused this post (its media, its text): its own words are the detail. */
  'rejectedByNetwork',
  /** The owner's account is not connected, or no page is chosen to publish to. */
  'notConnected',
  /** The stored connection can no longer be decrypted (the key changed). */
  'connectionUnreadable',
  /** The post has no owner whose accounts could publish it. */
  'noOwner',
  /** Instagram needs at least one selected image. */
  'noImage',
  /** The server has no client for the network. */
  'networkNotConfigured',
  /** The creating call may or may not have taken effect ("needs review"). */
  'outcomeUnknown',
  /** A "needs review" result someone checked on the network and marked not published (decision 025). */
  'markedNotPublished',
  /** Tried `attempts` times, the network never took it. */
  'gaveUp',
  /** A 5xx or a connection never made: tried again later. */
  'networkUnavailable',
  /** The network asked to wait: tried again later. */
  'rateLimited',
  /** Something failed on our side while preparing the post: tried again later. */
  'internalError',
] as const;
export type ResultErrorCode = (typeof RESULT_ERROR_CODES)[number];

/** The codes whose `error` is the network's own words, worth showing under the sentence. */
export const RESULT_ERROR_CODES_WITH_DETAIL: readonly ResultErrorCode[] = ['rejectedByNetwork'];

export function isResultErrorCode(value: string | null | undefined): value is ResultErrorCode {
  return (RESULT_ERROR_CODES as readonly (string | null | undefined)[]).includes(value);
}

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

/** A result the user can mark published or not published: one whose outcome is unknown. */
export function needsReview(result: Pick<PostResult, 'status'> | null): boolean {
  return result?.status === 'unknown';
}

/**
 * What a result's reason shows: the sentence of its code (with the network's own words when they help),
 * or, for a result recorded before the codes, its `error` as written. An unknown outcome without a
 * code can only mean one thing.
 */
export type ResultReason = { code: ResultErrorCode; attempts: number; detail: string | null } | { code: null; text: string };

export function resultReasonOf(result: { status: string; error: string | null; error_code: string | null; attempts: number }): ResultReason | null {
  const code = isResultErrorCode(result.error_code) ? result.error_code : result.status === 'unknown' ? 'outcomeUnknown' : null;
  if (code) return { code, attempts: result.attempts, detail: RESULT_ERROR_CODES_WITH_DETAIL.includes(code) ? result.error : null };
  return result.error ? { code: null, text: result.error } : null;
}

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
  unsupported_facts: z.object({ instagram: z.array(unsupportedFactSchema), linkedin: z.array(unsupportedFactSchema) }),
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
  networks: z.object({ instagram: z.boolean(), linkedin: z.boolean() }),
  images: z.array(postImageSchema),
  results: z.object({ instagram: postResultSchema.nullable(), linkedin: postResultSchema.nullable() }),
  /** Where it went out in earlier rounds, before "publish again" (decision 028); newest first. */
  published_before: z.array(earlierPublicationSchema),
  /**
   * The chosen networks whose account its owner has no longer connected (lost, expired, closed): a
   * scheduled post will fail there at its time unless the owner connects it again. Empty otherwise.
   */
  unreachable: z.array(z.enum(POST_NETWORKS)),
  /** A publish job holds it (SPEC "in process"): locked. */
  in_process: z.boolean(),
  /** Text, images, date and networks can still change (until `locked_from`; never once published or in process). */
  editable: z.boolean(),
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
  counts: z.object({ all: z.number().int(), preview: z.number().int(), scheduled: z.number().int(), published: z.number().int() }),
  /** The studio's today, YYYY-MM-DD. */
  today: z.string(),
  /** The studio's clock: today, the time now and the default time (the publish dialog's rules). */
  clock: studioClockSchema,
});
export type PostPage = z.infer<typeof postPageSchema>;

/** A post's texts (decision 034). */
export interface PostTexts {
  text: string;
  linkedin_text: string | null;
}

/** The text a network gets: LinkedIn its own when it has one, else the shared `text`. */
export function textFor(post: PostTexts, network: PostNetwork): string {
  return network === 'linkedin' ? (post.linkedin_text ?? post.text) : post.text;
}

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
 * The text rules, shared by the form and the server, for the networks chosen (none while a preview):
 * each text fits its network, a chosen network's text is not empty, and a post has some text. With one
 * text for both it must fit LinkedIn always and Instagram when chosen, as before decision 034.
 */
export function textProblems(texts: PostTexts, networks: { instagram: boolean; linkedin: boolean }): Record<string, string> {
  const problems: Record<string, string> = {};
  const instagram = texts.text;
  if (texts.linkedin_text === null) {
    if (instagram.trim() === '') problems.text = 'postTextRequired';
    else if (countCharacters(instagram) > TEXT_LIMITS.linkedinCharacters) problems.text = 'linkedinTooLong';
    else if (networks.instagram && instagramTextProblem(instagram)) problems.text = instagramTextProblem(instagram)!;
    return problems;
  }
  const linkedin = texts.linkedin_text;
  if (instagram.trim() === '') {
    if (networks.instagram || linkedin.trim() === '') problems.text = 'postTextRequired';
  } else if (instagramTextProblem(instagram)) problems.text = instagramTextProblem(instagram)!;
  if (linkedin.trim() === '' && networks.linkedin) problems.linkedin_text = 'postTextRequired';
  else if (countCharacters(linkedin) > TEXT_LIMITS.linkedinCharacters) problems.linkedin_text = 'linkedinTooLong';
  return problems;
}

/** How long before its time a post is locked (limits.ts, docs/decisions/026). */
export { LOCK_MARGIN_MINUTES };
/** The publish dialog offers times in these steps; the server takes any minute. */
export const PUBLISH_TIME_STEP_MINUTES = 15;

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
const republishSchema = z.object({ instagram: z.boolean().optional(), linkedin: z.boolean().optional() }).optional();

/** The user read the facts the texts state that the project does not hold, and publishes them all the same. */
const confirmFactsSchema = z.boolean().optional();

export const scheduleSchema = z.object({
  publish_on: daySchema.nullable(),
  publish_time: timeOfDaySchema.nullish(),
  networks: z.object({ instagram: z.boolean(), linkedin: z.boolean() }),
  republish: republishSchema,
  confirm_facts: confirmFactsSchema,
});
export type ScheduleInput = z.infer<typeof scheduleSchema>;

/** The problems of a schedule against the studio's today, shared by the dialog and the server (the time's margin is the server's: it needs the clock). */
export function scheduleProblems(input: Pick<ScheduleInput, 'publish_on' | 'networks'>, today: string): Record<string, string> {
  if (input.publish_on === null) return {};
  if (input.publish_on < today) return { publish_on: 'publishDateInPast' };
  if (!input.networks.instagram && !input.networks.linkedin) return { networks: 'networkRequired' };
  return {};
}

/** POST /api/posts/:id/queue: the networks; the day and time are the owner's next free weekly slot. */
export const queuePostSchema = z.object({
  networks: z.object({ instagram: z.boolean(), linkedin: z.boolean() }),
  republish: republishSchema,
  confirm_facts: confirmFactsSchema,
});

/**
 * POST /api/posts/:id/rewrite (issue 24 item 5): a post in preview written again by the writer, alone,
 * with an optional note ("shorter", "mention the timber"); its texts before are kept as a version.
 */
export const REWRITE_NOTE_LIMIT = 300;
export const rewritePostSchema = z.object({
  note: z.string().trim().max(REWRITE_NOTE_LIMIT, 'rewriteNoteTooLong').default(''),
});
export type RewritePostInput = z.infer<typeof rewritePostSchema>;

/** What replaced a version's texts: an edit, a rewrite by the writer, or a version brought back. */
export const TEXT_REPLACEMENTS = ['edit', 'rewrite', 'restore'] as const;
export type TextReplacement = (typeof TEXT_REPLACEMENTS)[number];

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

/** One fact however it is written again: case, accents' composition and spacing aside. */
export function factKey(text: string): string {
  return text.normalize('NFC').toLocaleLowerCase('und').replace(/\s+/gu, ' ').trim();
}

/**
 * The facts scheduling asks about (issue 24 item 3): those of the chosen networks' texts (of both while
 * none is chosen) that nobody confirmed yet, each once.
 */
export function factsToConfirm(
  post: Pick<Post, 'unsupported_facts' | 'facts_confirmed'>,
  networks: { instagram: boolean; linkedin: boolean } = { instagram: false, linkedin: false },
): UnsupportedFact[] {
  const chosen = POST_NETWORKS.filter((network) => networks[network]);
  const confirmed = new Set(post.facts_confirmed);
  const seen = new Set<string>();
  return (chosen.length > 0 ? chosen : POST_NETWORKS)
    .flatMap((network) => post.unsupported_facts[network])
    .filter((fact) => {
      const key = factKey(fact.text);
      if (confirmed.has(key) || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}
export type QueuePostInput = z.infer<typeof queuePostSchema>;

/** The instant from which a post going out at `publishAt` is locked (ISO), or null when it has no time. */
export function lockedFromOf(publishAt: string | null): string | null {
  return publishAt === null ? null : new Date(Date.parse(publishAt) - LOCK_MARGIN_MINUTES * 60_000).toISOString();
}

/** A post is due once its time has come. */
export function isDue(post: { publish_at: string | null }, now: Date): boolean {
  return post.publish_at !== null && Date.parse(post.publish_at) <= now.getTime();
}

/** SPEC §4 as amended (decision 026): data can be edited until the post's time minus the margin; never once published or in process. */
export function isEditable(post: { state: PostState; publish_at: string | null; in_process: boolean }, now: Date): boolean {
  const lockedFrom = lockedFromOf(post.publish_at);
  return post.state !== 'published' && !post.in_process && (lockedFrom === null || now.getTime() < Date.parse(lockedFrom));
}

/** SPEC's per-network values: true (posted), false (failed; an unknown outcome counts as failed), notSelected. */
export type SpecResult = true | false | 'notSelected';

export function specResultOf(result: PostResult | null): SpecResult | null {
  if (!result) return null;
  if (result.status === 'posted') return true;
  if (result.status === 'not_selected') return 'notSelected';
  if (result.status === 'failed' || result.status === 'unknown') return false;
  return null; // pending or publishing: no result yet
}

/** The badge of one network's result (SPEC §4: posted, failed, not selected; DESIGN: needs review). */
export type ResultBadge = 'posted' | 'failed' | 'notSelected' | 'needsReview';

export function resultBadgeOf(result: PostResult | null): ResultBadge | null {
  if (!result) return null;
  if (result.status === 'unknown') return 'needsReview';
  const value = specResultOf(result);
  if (value === true) return 'posted';
  if (value === false) return 'failed';
  if (value === 'notSelected') return 'notSelected';
  return null;
}

/** The labels a post's state may show; the last two are defined by SPEC §4 but no rule leads to them. */
export const DISPLAYED_STATES = ['preview', 'scheduled', 'published', 'publicationError', 'publishedWithErrors', 'partiallyPublished', 'partialError'] as const;
export type DisplayedState = (typeof DISPLAYED_STATES)[number];

export const DISPLAYED_STATE_COLORS: Record<DisplayedState, string> = {
  preview: 'gray',
  scheduled: 'blue',
  published: 'green',
  publicationError: 'red',
  publishedWithErrors: 'yellow',
  partiallyPublished: 'blue',
  partialError: 'orange',
};

/**
 * SPEC §4 "Displayed post state": scheduled shows as such; with no per-network results the raw state
 * shows; otherwise true and notSelected count as success and false as failure: all success is
 * published, all failure "error en publicación", a mix "publicado con errores". A network not selected
 * is no publication: a post that failed on every network it went to was published nowhere, so it is
 * "error en publicación" even beside a network not selected (decision 028).
 */
export function displayedStateOf(post: { state: PostState; results: { instagram: PostResult | null; linkedin: PostResult | null } }): DisplayedState {
  if (post.state === 'scheduled') return 'scheduled';
  const values = [specResultOf(post.results.instagram), specResultOf(post.results.linkedin)].filter((value): value is SpecResult => value !== null);
  if (values.length === 0) return post.state;
  const chosen = values.filter((value) => value !== 'notSelected');
  const failures = chosen.filter((value) => value === false).length;
  if (failures === 0) return 'published';
  if (failures === chosen.length) return 'publicationError';
  return 'publishedWithErrors';
}

/**
 * The networks "retry" tries again (issue 29): those of a published post whose result failed (a
 * "needs review" one marked not published included). The networks that published it are left alone;
 * a result whose outcome is unknown is checked and marked first (decision 025).
 */
export function retryableNetworks(post: {
  state: PostState;
  in_process: boolean;
  results: { instagram: PostResult | null; linkedin: PostResult | null };
}): PostNetwork[] {
  if (post.state !== 'published' || post.in_process) return [];
  return POST_NETWORKS.filter((network) => post.results[network]?.status === 'failed');
}

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
export const postAccountsSchema = z.object({ instagram: postAccountSchema, linkedin: postAccountSchema });
export type PostAccounts = z.infer<typeof postAccountsSchema>;
