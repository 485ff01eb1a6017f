import type { UnsupportedFact } from './facts.ts';
import { LOCK_MARGIN_MINUTES } from './limits.ts';

/**
 * A post's rules without its schemas (post.ts): the states, the networks' limits, the displayed state and
 * what each result says. The browser reads them from here, so that a page showing posts loads no zod
 * until a form needs it; post.ts builds its schemas from them and hands them on to the server.
 */

/**
 * awaiting_approval (issue 25, decision 040): scheduled, queued or moved by someone whose action the owning
 * customer must approve; it keeps its day and time, and the publishing engine never claims it.
 */
export const POST_STATES = ['preview', 'awaiting_approval', 'scheduled', 'published'] as const;
export type PostState = (typeof POST_STATES)[number];
/** A stored state as a PostState; anything else reads as a preview. */
export const postStateOf = (value: string): PostState => ((POST_STATES as readonly string[]).includes(value) ? (value as PostState) : 'preview');

export const POST_NETWORKS = ['instagram', 'linkedin', 'facebook'] as const;
export type PostNetwork = (typeof POST_NETWORKS)[number];
/** Which networks a post goes to. */
export type NetworkChoice = Record<PostNetwork, boolean>;
/** The networks chosen as the rules read them: Facebook left out (callers written before it) is not chosen. */
type ChosenNetworks = Omit<NetworkChoice, 'facebook'> & { facebook?: boolean };
/** Each network's result as the rules read them: one left out is none. */
type ResultsOfNetworks = Partial<Record<PostNetwork, ResultOfNetwork | null>>;
/** No network chosen (a preview's). */
export const NO_NETWORKS: NetworkChoice = { instagram: false, linkedin: false, facebook: false };

/** SPEC §9: six cards a page. */
export const POSTS_PAGE_SIZE = 6;

/**
 * The networks' own text limits (Instagram caption and hashtags; LinkedIn commentary; Facebook's post
 * message), the one place they live. Facebook's 63,206 characters: Meta's Posts guide and Page Feed
 * reference name no limit; 63,206 is the limit of Facebook's own post composer, the figure posting services
 * document and the one Alzado's sandbox and Graph contract hold (graph-contract.ts, docs/decisions/050). Instagram's hashtags are 5, not the 30 of Meta's IG User Media reference: Instagram
 * announced on 2025-12-18 (@creators) that a post or reel caption takes at most five, and posting
 * services now document 5 (Ayrshare's Instagram API page); see docs/decisions/014-instagram-hashtag-limit.md.
 */
export const TEXT_LIMITS = { instagramCharacters: 2200, instagramHashtags: 5, linkedinCharacters: 3000, facebookCharacters: 63_206 } as const;

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

/**
 * A network's outcome for a post (DESIGN principle 4). pending: chosen, not tried yet; publishing: the
 * call is under way; unknown: the call may or may not have taken effect ("needs review").
 */
export const RESULT_STATUSES = ['pending', 'publishing', 'posted', 'failed', 'not_selected', 'unknown'] as const;
export type ResultStatus = (typeof RESULT_STATUSES)[number];

/** What these rules read of a network's result (post.ts's PostResult has it; its schema needs zod). */
interface ResultOfNetwork {
  status: ResultStatus;
}

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
  /** Facebook: the user's role on the page lacks CREATE_CONTENT (Graph's code 200 on a page's publishing edges): that page is marked. */
  'pageTaskMissing',
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

/** A result the user can mark published or not published: one whose outcome is unknown. */
export function needsReview(result: ResultOfNetwork | null): boolean {
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

/** A post's texts (decision 034). */
export interface PostTexts {
  text: string;
  linkedin_text: string | null;
}

/**
 * The text a network gets: LinkedIn its own when it has one, else the shared `text`. Facebook has no text
 * of its own yet (docs/decisions/053): it gets LinkedIn's, the one written for a professional audience,
 * which always fits it (3,000 characters against Facebook's 63,206).
 */
export function textFor(post: PostTexts, network: PostNetwork): string {
  return network === 'instagram' ? post.text : (post.linkedin_text ?? post.text);
}

/**
 * The text rules, shared by the form and the server, for the networks chosen (none while a preview):
 * each text fits its network, a chosen network's text is not empty, and a post has some text. With one
 * text for both it must fit LinkedIn always and Instagram when chosen, as before decision 034. Facebook
 * reads LinkedIn's text (`textFor`): a LinkedIn text that fits is far inside Facebook's limit, and it
 * must not be empty when Facebook is chosen.
 */
export function textProblems(texts: PostTexts, networks: ChosenNetworks): Record<string, string> {
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
  if (linkedin.trim() === '' && (networks.linkedin || networks.facebook)) problems.linkedin_text = 'postTextRequired';
  else if (countCharacters(linkedin) > TEXT_LIMITS.linkedinCharacters) problems.linkedin_text = 'linkedinTooLong';
  return problems;
}

/** How long before its time a post is locked (limits.ts, docs/decisions/026). */
export { LOCK_MARGIN_MINUTES };
/** The publish dialog offers times in these steps; the server takes any minute. */
export const PUBLISH_TIME_STEP_MINUTES = 15;

/** The problems of a schedule against the studio's today, shared by the dialog and the server (the time's margin is the server's: it needs the clock). */
export function scheduleProblems(input: { publish_on: string | null; networks: ChosenNetworks }, today: string): Record<string, string> {
  if (input.publish_on === null) return {};
  if (input.publish_on < today) return { publish_on: 'publishDateInPast' };
  if (!POST_NETWORKS.some((network) => input.networks[network])) return { networks: 'networkRequired' };
  return {};
}

export const REWRITE_NOTE_LIMIT = 300;

/** What replaced a version's texts: an edit, a rewrite by the writer, or a version brought back. */
export const TEXT_REPLACEMENTS = ['edit', 'rewrite', 'restore'] as const;
export type TextReplacement = (typeof TEXT_REPLACEMENTS)[number];

/** One fact however it is written again: case, accents' composition and spacing aside. */
export function factKey(text: string): string {
  return text.normalize('NFC').toLocaleLowerCase('und').replace(/\s+/gu, ' ').trim();
}

/**
 * The facts scheduling asks about (issue 24 item 3): those of the chosen networks' texts (of both while
 * none is chosen) that nobody confirmed yet, each once.
 */
export function factsToConfirm(
  post: { unsupported_facts: Record<PostNetwork, UnsupportedFact[]>; facts_confirmed: string[] },
  networks: ChosenNetworks = NO_NETWORKS,
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

export function specResultOf(result: ResultOfNetwork | null): SpecResult | null {
  if (!result) return null;
  if (result.status === 'posted') return true;
  if (result.status === 'not_selected') return 'notSelected';
  if (result.status === 'failed' || result.status === 'unknown') return false;
  return null; // pending or publishing: no result yet
}

/** The badge of one network's result (SPEC §4: posted, failed, not selected; DESIGN: needs review). */
export type ResultBadge = 'posted' | 'failed' | 'notSelected' | 'needsReview';

export function resultBadgeOf(result: ResultOfNetwork | null): ResultBadge | null {
  if (!result) return null;
  if (result.status === 'unknown') return 'needsReview';
  const value = specResultOf(result);
  if (value === true) return 'posted';
  if (value === false) return 'failed';
  if (value === 'notSelected') return 'notSelected';
  return null;
}

/** The labels a post's state may show; the last two are defined by SPEC §4 but no rule leads to them. */
export const DISPLAYED_STATES = [
  'preview',
  'awaitingApproval',
  'scheduled',
  'published',
  'publicationError',
  'publishedWithErrors',
  'partiallyPublished',
  'partialError',
] as const;
export type DisplayedState = (typeof DISPLAYED_STATES)[number];

export const DISPLAYED_STATE_COLORS: Record<DisplayedState, string> = {
  preview: 'gray',
  awaitingApproval: 'grape',
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
export function displayedStateOf(post: { state: PostState; results: ResultsOfNetworks }): DisplayedState {
  if (post.state === 'scheduled') return 'scheduled';
  if (post.state === 'awaiting_approval') return 'awaitingApproval';
  const values = POST_NETWORKS.map((network) => specResultOf(post.results[network] ?? null)).filter((value): value is SpecResult => value !== null);
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
export function retryableNetworks(post: { state: PostState; in_process: boolean; results: ResultsOfNetworks }): PostNetwork[] {
  if (post.state !== 'published' || post.in_process) return [];
  return POST_NETWORKS.filter((network) => post.results[network]?.status === 'failed');
}

/** A calendar day, YYYY-MM-DD, that exists (post.ts's daySchema, and the browser's own checks). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
