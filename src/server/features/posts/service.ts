import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import {
  type ListPostsQuery,
  type Post,
  type PostAccounts,
  type PostNetwork,
  type PostPage,
  type PostState,
  type PostTextVersion,
  type PostTexts,
  type PostUpdate,
  type RewritePostInput,
  TEXT_REPLACEMENTS,
  type TextReplacement,
  textFor,
  type QueuePostInput,
  type ReviewResultInput,
  type ScheduleInput,
  POST_NETWORKS,
  factKey,
  factsToConfirm,
  isEditable,
  postStateOf,
  retryableNetworks,
  scheduleProblems,
  textProblems,
} from '../../../domain/post.ts';
import { type ApprovalMode, needsApproval, toApprovalMode } from '../../../domain/approval.ts';
import { type UnsupportedFact, factCheckerOf } from '../../../domain/facts.ts';
import type { PostEventKind } from '../../../domain/history.ts';
import { nextFreeSlot } from '../../../domain/queue.ts';
import { NETWORK_NAMES } from '../../../domain/social.ts';
import { type StudioClock, timeOfHour, wallClockOf } from '../../../domain/studio-time.ts';
import { chosenNetworksOf, readInstant } from '../../db/values.ts';
import type { Storage } from '../../adapters/storage/storage.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { Dialect } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { type EventHub, audienceOf } from '../../events/event-hub.ts';
import type { StudioCalendar } from '../../lib/studio-calendar.ts';
import { recordPostEvent } from '../history/service.ts';
import { latestMetricsOfPosts } from '../metrics/service.ts';
import { slotsOfOwners } from '../queue/service.ts';
import { type SocialDependencies, getConnectionStatus, usableNetworksOf } from '../social/service.ts';
import { byPost, confirmedFactsOf, projectTextsOf, toPost } from './post-view.ts';
import { type PublishMoment, lockBoundaryOf, resolvePublishMoment } from './publish-moment.ts';
import {
  type PostRow,
  type PostViewer,
  countPostsByState,
  deleteUnlockedPost,
  findResultStatus,
  findVisiblePostRow,
  keysStillInUse,
  listEarlierPublicationRows,
  listImageRows,
  listResultRows,
  lockOwner,
  markReviewedResult,
  findApprovalOf,
  moveUnpublishedPostRows,
  findCustomerNames,
  pagePostRows,
  resetPublishedPost,
  retryFailedNetworks,
  savePostEdit,
  savePostSchedule,
  scheduledInstantsOf,
  countProjectPosts,
  listTextVersions,
} from './repo.ts';
import { narrowedToOwner } from './owner-filter.ts';
import type { Clock } from '../../lib/clock.ts';

export interface PostsDependencies {
  db: Kysely<Database>;
  dialect: Dialect;
  storage: Storage;
  log: FastifyBaseLogger;
  /** The app's clock: says when a post is locked. */
  now: Clock;
  /** "Today" and a post's day and time are the studio's (its time zone). */
  calendar: StudioCalendar;
  /** A day's posts go out at this hour (0-23) when no time is given. */
  publishHour: number;
  /** Whose accounts are connected: the social feature's own rules. */
  social: SocialDependencies;
  events?: EventHub;
  /** Tells the job worker a job is waiting, so that today's publication starts at once. */
  wakeJobs?: () => void;
  /** Writes one post again with the configured writer (the generation feature's, given by the composition). */
  rewrite?: (input: RewriteRequest) => Promise<{ instagram: string; linkedin: string }>;
}

/** What the writer is given to write one post of a project again. */
export interface RewriteRequest {
  projectId: number;
  postId: number;
  /** Its place in the project's series, 1 to `count`. */
  sequence: number;
  count: number;
  note: string;
  current: { instagram: string; linkedin: string };
}

const NOT_EDITABLE = 'The post can no longer be edited: it is published or its time is less than the lock margin away';

/** SPEC §6: "the preview list loads only for admin and customer": admins see all, customers their own. */
export function viewerOf(actor: SessionUser): PostViewer {
  if (actor.role !== 'admin' && actor.role !== 'customer') throw new AppError('FORBIDDEN', 'Posts are available to administrators and customers only');
  return { id: actor.id, seesAll: actor.role === 'admin' };
}

/** How many posts the actor sees in each state: the list's chips, which the home page shows too. */
export function countPostsOf(db: Kysely<Database>, actor: SessionUser): Promise<Record<PostState, number>> {
  return countPostsByState(db, viewerOf(actor));
}

const locked = (id: number) => new AppError('POST_LOCKED', `Post with id ${id} is being published and cannot be changed`);

/** Rows as the API shows them to `viewer`, with their images and results (two queries for all of them). */
export async function toPosts(deps: PostsDependencies, rows: PostRow[], viewer: { id: string } | null): Promise<Post[]> {
  const ids = rows.map((row) => row.id);
  const now = deps.now();
  const waiting = (state: string) => state === 'scheduled' || state === 'awaiting_approval';
  const owners = rows.flatMap((row) => (waiting(row.state) && row.owner_id !== null ? [row.owner_id] : []));
  // The figures of the published ones, in the same round of queries (issue 26: never one request per card).
  const published = rows.flatMap((row) => (row.state === 'published' ? [row.id] : []));
  const [images, results, earlier, usable, metrics] = await Promise.all([
    listImageRows(deps.db, ids),
    listResultRows(deps.db, ids),
    listEarlierPublicationRows(deps.db, ids),
    usableNetworksOf(deps.social, owners, deps.now()),
    latestMetricsOfPosts(deps, published),
  ]);
  const imagesOf = byPost(images);
  const resultsOf = byPost(results);
  const earlierOf = byPost(earlier);
  const connectors = deps.social.connectors;
  const sandboxed = {
    instagram: connectors.instagram?.sandbox ?? false,
    linkedin: connectors.linkedin?.sandbox ?? false,
    facebook: connectors.facebook?.sandbox ?? false,
  };
  const none = new Set<PostNetwork>();
  // A project is read once for the facts rule, however many of its posts the page holds.
  const checkers = new Map<number, (text: string) => UnsupportedFact[]>();
  const factsOf = (row: PostRow): Post['unsupported_facts'] => {
    let check = checkers.get(row.project_id);
    if (!check) checkers.set(row.project_id, (check = factCheckerOf(projectTextsOf(row))));
    const instagram = check(row.text);
    const linkedin = row.linkedin_text === null ? instagram : check(row.linkedin_text);
    return { instagram, linkedin, facebook: linkedin };
  };
  return rows.map((row) => {
    const surroundings = {
      earlier: earlierOf.get(row.id) ?? [],
      usable: (row.owner_id !== null && usable.get(row.owner_id)) || none,
      facts: factsOf(row),
      viewerId: viewer?.id ?? null,
    };
    const post = toPost(row, imagesOf.get(row.id) ?? [], resultsOf.get(row.id) ?? [], surroundings, deps.storage, now, sandboxed);
    return { ...post, metrics: metrics.get(row.id) ?? [] };
  });
}

export async function listPosts(deps: PostsDependencies, actor: SessionUser, query: ListPostsQuery): Promise<PostPage> {
  const viewer = narrowedToOwner(viewerOf(actor), actor, query.owner);
  const countsRead = countPostsByState(deps.db, viewer);
  // The page is read while the counts are: it needs the previews' count only when it starts past them.
  const page = { state: query.state, offset: (query.page - 1) * query.pageSize, limit: query.pageSize };
  const [counts, rows] = await Promise.all([countsRead, pagePostRows(deps.db, viewer, page, async () => (await countsRead).preview)]);
  const all = counts.preview + counts.awaiting_approval + counts.scheduled + counts.published;
  return {
    items: await toPosts(deps, rows, actor),
    total: query.state ? counts[query.state] : all,
    page: query.page,
    pageSize: query.pageSize,
    counts: { all, ...counts },
    today: deps.calendar.today(),
    clock: studioClockOf(deps),
  };
}

/** The studio's clock for the browser: today, the time now, and PUBLISH_HOUR:00. */
export function studioClockOf(deps: PostsDependencies): StudioClock {
  const { day, time } = wallClockOf(deps.now(), deps.calendar.timeZone);
  return { today: day, time, default_time: timeOfHour(deps.publishHour) };
}

/** Decision 040: whether `actor`'s schedule, move or edit of this post needs its owner's approval: only a customer has a mode. */
export function ownerMustApprove(row: PostRow, actor: { id: string; role: SessionUser['role'] }): boolean {
  if (row.owner_id === null || row.owner_role !== 'customer') return false;
  const mode: ApprovalMode = toApprovalMode(row.owner_approval ?? 'none');
  return needsApproval(mode, actor, row.owner_id);
}

/** A post the actor may see; any other answers 404. */
export async function visibleRow(deps: PostsDependencies, actor: SessionUser, id: number): Promise<PostRow> {
  const row = await findVisiblePostRow(deps.db, viewerOf(actor), id);
  if (!row) throw new AppError('NOT_FOUND', `Post with id ${id} not found`);
  return row;
}

export async function getPost(deps: PostsDependencies, actor: SessionUser, id: number): Promise<Post> {
  const [post] = await toPosts(deps, [await visibleRow(deps, actor, id)], actor);
  return post!;
}

/** A change is told to whoever may read the post when it is sent (its owner, administrators; decision 029). */
export function announce(deps: PostsDependencies, row: PostRow, state: PostState | null): void {
  deps.events?.publish({ type: 'post', postId: row.id, projectId: row.project_id, state }, audienceOf(row.owner_id));
}

/** Whether the post's time is far enough away for it to change (decision 026: its time minus the lock margin). */
function beforeItsLock(row: PostRow, now: Date): boolean {
  return isEditable(
    { state: postStateOf(row.state), publish_at: row.publish_at === null ? null : readInstant(row.publish_at).toISOString(), in_process: false },
    now,
  );
}

function assertEditable(row: PostRow, now: Date): void {
  if (row.publishing_since !== null) throw locked(row.id);
  if (!beforeItsLock(row, now)) throw new AppError('CONFLICT', NOT_EDITABLE);
}

/** SPEC §5 Preview edit: the texts and the images (the whole list, reordered, each selected or not, with its description). */
export async function updatePost(
  deps: PostsDependencies,
  actor: SessionUser,
  id: number,
  changes: PostUpdate,
  replacedBy: TextReplacement = 'edit',
): Promise<Post> {
  const row = await visibleRow(deps, actor, id);
  const now = deps.now();
  assertEditable(row, now);
  let imagesChanged = false;
  if (changes.images) {
    const sent = changes.images.map((image) => image.id).sort((a, b) => a - b);
    const current = await listImageRows(deps.db, [id]);
    const actual = current.map((image) => image.id).sort((a, b) => a - b);
    if (sent.length !== actual.length || sent.some((imageId, index) => imageId !== actual[index])) {
      throw new AppError('CONFLICT', "The list must hold each of the post's images exactly once", { images: 'imagesMismatch' });
    }
    // Their order, selection or descriptions: what the approver saw (decision 040).
    imagesChanged = changes.images.some((image, index) => {
      const was = current[index]!;
      return image.id !== was.id || image.status !== was.status || (image.alt_text !== undefined && image.alt_text !== was.alt_text);
    });
  }
  const texts = { text: changes.text ?? row.text, linkedin_text: changes.linkedin_text === undefined ? row.linkedin_text : changes.linkedin_text };
  const textsChanged = changes.text !== undefined || changes.linkedin_text !== undefined;
  const problems = {
    ...(textsChanged ? textProblems(texts, chosenNetworksOf(row)) : {}),
    // PostgreSQL cannot store a NUL character in text.
    ...(changes.text?.includes('\u0000') ? { text: 'invalid' } : {}),
    ...(changes.linkedin_text?.includes('\u0000') ? { linkedin_text: 'invalid' } : {}),
    ...(changes.images?.some((image) => image.alt_text?.includes('\u0000')) ? { images: 'invalid' } : {}),
    ...(changes.images && !changes.images.some((image) => image.status === 'pending') ? { images: 'imageRequired' } : {}),
  };
  if (Object.keys(problems).length > 0) throw new AppError('VALIDATION_FAILED', 'The post is not valid', problems);
  // A scheduled post (or one awaiting approval) goes out with what the edit writes: its new facts are confirmed as scheduling's are.
  const networks = chosenNetworksOf(row);
  const factsConfirmed =
    (row.state === 'scheduled' || row.state === 'awaiting_approval') && textsChanged
      ? confirmedFactsAfter(row, texts, networks, changes.confirm_facts)
      : undefined;

  // Texts that change are kept as they were, so that they can be brought back (issue 24 item 5).
  const differ = texts.text !== row.text || texts.linkedin_text !== row.linkedin_text;
  const previous = differ ? { text: row.text, linkedin_text: row.linkedin_text, replacedBy } : undefined;
  // An approved (or awaiting) post whose content changes goes (back) to its owner for approval (decision 040).
  const withTime = row.state === 'scheduled' || row.state === 'awaiting_approval';
  const approvalAskedBy = withTime && (differ || imagesChanged) && ownerMustApprove(row, actor) ? actor.id : undefined;
  // The history (decision 041): the edit, with the texts it replaced, and the approval it asks again.
  const onSaved = async (trx: Transaction<Database>) => {
    if (!differ && !imagesChanged) return;
    const data = {
      ...(previous ? { previous: { text: previous.text, linkedin_text: previous.linkedin_text } } : {}),
      // The writer's texts, or an earlier one brought back: the history says so beside the difference.
      ...(replacedBy === 'edit' ? {} : { replaced_by: replacedBy }),
    };
    await recordPostEvent(trx, { postId: id, kind: 'edited', actorId: actor.id, via: 'app', at: now, data });
    if (approvalAskedBy !== undefined) {
      const day = { publish_on: row.publish_on, publish_time: row.publish_time };
      await recordPostEvent(trx, { postId: id, kind: 'approval_asked', actorId: actor.id, via: 'app', at: now, data: day });
    }
  };
  const saved = await savePostEdit(deps.db, id, lockBoundaryOf(now), { ...changes, factsConfirmed, previous, approvalAskedBy }, now, onSaved);
  // A publish job took the post, or its lock came, between the check and the write.
  if (!saved) {
    assertEditable(await visibleRow(deps, actor, id), deps.now());
    throw new AppError('CONFLICT', 'The post changed meanwhile; try again');
  }
  announce(deps, row, approvalAskedBy === undefined ? postStateOf(row.state) : 'awaiting_approval');
  return getPost(deps, actor, id);
}

/** A post's earlier texts, newest first (issue 24 item 5). */
export async function listPostVersions(deps: PostsDependencies, actor: SessionUser, id: number): Promise<PostTextVersion[]> {
  await visibleRow(deps, actor, id);
  return (await listTextVersions(deps.db, id)).map((version) => ({
    id: version.id,
    text: version.text,
    linkedin_text: version.linkedin_text,
    replaced_by: (TEXT_REPLACEMENTS as readonly string[]).includes(version.replaced_by) ? (version.replaced_by as TextReplacement) : 'edit',
    created_at: readInstant(version.created_at).toISOString(),
  }));
}

/** An earlier text brought back, as an edit of the texts would (its rules, its lock, its facts); the texts it replaces are kept too. */
export async function restorePostVersion(deps: PostsDependencies, actor: SessionUser, id: number, versionId: number, confirmFacts?: boolean): Promise<Post> {
  const version = (await listPostVersions(deps, actor, id)).find((candidate) => candidate.id === versionId);
  if (!version) throw new AppError('NOT_FOUND', `Post ${id} has no version ${versionId}`);
  return updatePost(deps, actor, id, { text: version.text, linkedin_text: version.linkedin_text, confirm_facts: confirmFacts }, 'restore');
}

/**
 * A post in preview written again by the writer, alone (issue 24 item 5): its place in the series, its
 * texts now and the studio's note go with the project; the new texts replace the old, which are kept.
 * A scheduled post is not rewritten: what goes out on its day was read when it was scheduled.
 */
export async function rewritePost(deps: PostsDependencies, actor: SessionUser, id: number, input: RewritePostInput): Promise<Post> {
  const row = await visibleRow(deps, actor, id);
  assertEditable(row, deps.now());
  if (row.state !== 'preview')
    throw new AppError('CONFLICT', 'Only a post in preview can be written again: take it off its day first', { post: 'rewriteOnlyPreview' });
  if (!deps.rewrite) throw new AppError('SERVICE_UNAVAILABLE', 'No writer is configured for posts');
  const written = await deps.rewrite({
    projectId: row.project_id,
    postId: id,
    sequence: row.sequence,
    count: await countProjectPosts(deps.db, row.project_id),
    note: input.note,
    current: { instagram: row.text, linkedin: textFor(row, 'linkedin') },
  });
  deps.log.info({ postId: id, actor: actor.id, note: input.note !== '' }, 'Post rewritten');
  return updatePost(deps, actor, id, { text: written.instagram, linkedin_text: written.linkedin === written.instagram ? null : written.linkedin }, 'rewrite');
}

/** Deletes the post, then the variant files no other image still shows (keys are content hashes). */
export async function deletePost(deps: PostsDependencies, actor: SessionUser, id: number): Promise<void> {
  const row = await visibleRow(deps, actor, id);
  if (row.publishing_since !== null) throw locked(id);
  const keys = [...new Set((await listImageRows(deps.db, [id])).flatMap((image) => [image.instagram_key, image.linkedin_key]))];
  if (!(await deleteUnlockedPost(deps.db, id))) throw locked(id);
  const inUse = await keysStillInUse(deps.db, keys);
  for (const key of keys.filter((candidate) => !inUse.has(candidate))) {
    await deps.storage.remove(key).catch((error: unknown) => deps.log.error({ err: error, key }, 'Removing a file failed'));
  }
  deps.log.info({ postId: id, actor: actor.id }, 'Post deleted');
  announce(deps, row, null);
}

function assertSchedulable(row: PostRow, now: Date): void {
  if (row.state === 'published') throw new AppError('CONFLICT', 'The post is published: publish it again to schedule it anew');
  if (row.publishing_since !== null) throw locked(row.id);
  if (!beforeItsLock(row, now)) throw new AppError('CONFLICT', 'The post can no longer be rescheduled: its time is less than the lock margin away');
}

/** The chosen networks the post's owner has not connected (DESIGN §6: the owner's accounts publish it). */
export async function unconnectedNetworks(
  deps: PostsDependencies,
  ownerId: string | null,
  networks: ScheduleInput['networks'],
): Promise<Record<string, string>> {
  const missing: Record<string, string> = {};
  const check = async (network: PostNetwork, key: string) => {
    const connected = ownerId !== null && (await getConnectionStatus(deps.social, { userId: ownerId, network })).isConnected;
    if (!connected) missing[network] = key;
  };
  await Promise.all([
    networks.instagram ? check('instagram', 'noInstagramConnection') : undefined,
    networks.linkedin ? check('linkedin', 'noLinkedInConnection') : undefined,
    networks.facebook ? check('facebook', 'noFacebookConnection') : undefined,
  ]);
  return missing;
}

/**
 * A network newly chosen for a post that is there from an earlier round needs the user's explicit yes
 * (decision 028): exactly once per network holds through "publish again" too. A network the post is
 * already scheduled to (a move in the calendar) was confirmed when it was chosen.
 */
async function assertRepublishConfirmed(
  deps: PostsDependencies,
  row: PostRow,
  networks: ScheduleInput['networks'],
  republish: ScheduleInput['republish'],
): Promise<void> {
  const chosenNow = chosenNetworksOf(row);
  const candidates = POST_NETWORKS.filter((network) => networks[network] && !chosenNow[network] && republish?.[network] !== true);
  if (candidates.length === 0) return;
  const earlier = new Set((await listEarlierPublicationRows(deps.db, [row.id])).map((publication) => publication.network));
  const unconfirmed = candidates.filter((network) => earlier.has(network));
  if (unconfirmed.length > 0) {
    throw new AppError(
      'ALREADY_PUBLISHED',
      `Post ${row.id} is on ${unconfirmed.map((network) => NETWORK_NAMES[network]).join(' and ')} from an earlier round: confirm publishing it there again (republish)`,
      Object.fromEntries(unconfirmed.map((network) => [network, 'alreadyPublished'])),
    );
  }
}

/**
 * The facts the chosen networks' texts state that the project does not hold (issue 24 item 3) must be
 * confirmed before the post is scheduled: 409 FACTS_NOT_IN_PROJECT naming them, unless `confirm` says the
 * user read them. Answers what to store as confirmed (every fact confirmed so far), or undefined when
 * nothing new was confirmed. Facts confirmed once are not asked about again (a move in the calendar).
 */
function confirmedFactsAfter(row: PostRow, texts: PostTexts, networks: ScheduleInput['networks'], confirm: boolean | undefined): string | undefined {
  const check = factCheckerOf(projectTextsOf(row));
  const instagram = check(texts.text);
  const linkedin = texts.linkedin_text === null ? instagram : check(texts.linkedin_text);
  const unsupported = { instagram, linkedin, facebook: linkedin };
  const confirmed = confirmedFactsOf(row.facts_confirmed);
  const asked = factsToConfirm({ unsupported_facts: unsupported, facts_confirmed: confirmed }, networks);
  if (asked.length === 0) return undefined;
  if (confirm !== true) {
    throw new AppError(
      'FACTS_NOT_IN_PROJECT',
      `Post ${row.id} states ${asked.length} ${asked.length === 1 ? 'fact' : 'facts'} the project does not contain (${asked.map((fact) => fact.text).join(', ')}): confirm them (confirm_facts)`,
      { facts: 'factsNotInProject' },
    );
  }
  return JSON.stringify([...new Set([...confirmed, ...asked.map((fact) => factKey(fact.text))])]);
}

/** The checks a post must pass to go out to these networks: its text, and the owner's connections. */
async function assertPublishable(deps: PostsDependencies, row: PostRow, networks: ScheduleInput['networks']): Promise<void> {
  const textProblem = textProblems(row, networks);
  if (Object.keys(textProblem).length > 0) throw new AppError('VALIDATION_FAILED', 'The text cannot be published to the chosen networks', textProblem);
  await assertConnected(deps, row.owner_id, networks);
}

/** The owner's accounts for these networks are connected, or 409 SOCIAL_NOT_CONNECTED naming the missing ones. */
async function assertConnected(deps: PostsDependencies, ownerId: string | null, networks: ScheduleInput['networks']): Promise<void> {
  const missing = await unconnectedNetworks(deps, ownerId, networks);
  if (Object.keys(missing).length > 0) {
    throw new AppError('SOCIAL_NOT_CONNECTED', `The post's owner has not connected ${Object.keys(missing).join(' and ')}`, missing);
  }
}

/**
 * SPEC §4/§5 Publish configuration, with a time of day (issue 16): a day, a time and networks make it
 * scheduled; no day leaves it in preview without networks. A time that has come (today's, or no time on
 * today) publishes at once: a publish-post job is queued (one per post); a later one waits for the sweep.
 */
export async function schedulePost(deps: PostsDependencies, actor: SessionUser, id: number, input: ScheduleInput): Promise<Post> {
  const row = await visibleRow(deps, actor, id);
  const now = deps.now();
  assertSchedulable(row, now);
  const problems = scheduleProblems(input, deps.calendar.today());
  if (Object.keys(problems).length > 0) throw new AppError('VALIDATION_FAILED', 'The schedule is not valid', problems);
  if (input.publish_on === null) return saveSchedule(deps, actor, row, input.networks, now, async () => null);
  const resolved = resolvePublishMoment(
    { day: input.publish_on, time: input.publish_time },
    { now, timeZone: deps.calendar.timeZone, publishHour: deps.publishHour },
  );
  if ('problem' in resolved) throw new AppError('VALIDATION_FAILED', 'The time is less than the lock margin away', { publish_time: resolved.problem });
  await assertRepublishConfirmed(deps, row, input.networks, input.republish);
  await assertPublishable(deps, row, input.networks);
  const factsConfirmed = confirmedFactsAfter(row, row, input.networks, input.confirm_facts);
  return saveSchedule(deps, actor, row, input.networks, now, async () => resolved.moment, factsConfirmed);
}

/**
 * Add to queue (issue 16): the post is scheduled for those networks at its owner's next free weekly slot
 * after now plus the lock margin; a slot is taken when another of the owner's posts is scheduled at it.
 * On PostgreSQL the owner's row is locked while the slot is chosen and taken, so two posts queued at once
 * get two slots (SQLite runs one write transaction at a time).
 */
export async function queuePost(deps: PostsDependencies, actor: SessionUser, id: number, input: QueuePostInput): Promise<Post> {
  const row = await visibleRow(deps, actor, id);
  const now = deps.now();
  assertSchedulable(row, now);
  if (!input.networks.instagram && !input.networks.linkedin)
    throw new AppError('VALIDATION_FAILED', 'Choose at least one network', { networks: 'networkRequired' });
  const ownerId = row.owner_id;
  if (ownerId === null) throw new AppError('QUEUE_HAS_NO_SLOTS', 'The post has no owner, so no weekly slots');
  await assertRepublishConfirmed(deps, row, input.networks, input.republish);
  await assertPublishable(deps, row, input.networks);
  const factsConfirmed = confirmedFactsAfter(row, row, input.networks, input.confirm_facts);
  return saveSchedule(
    deps,
    actor,
    row,
    input.networks,
    now,
    async (trx) => {
      if (deps.dialect === 'postgres') await lockOwner(trx, ownerId);
      const slots = (await slotsOfOwners(trx, [ownerId])).get(ownerId) ?? [];
      if (slots.length === 0) throw new AppError('QUEUE_HAS_NO_SLOTS', "The post's owner has no weekly slots: set them in Settings");
      const after = lockBoundaryOf(now);
      const taken = await scheduledInstantsOf(trx, ownerId, wallClockOf(after, deps.calendar.timeZone).day, id);
      const slot = nextFreeSlot(slots, { after, timeZone: deps.calendar.timeZone, taken: new Set(taken.map((instant) => readInstant(instant).getTime())) });
      if (!slot) throw new AppError('QUEUE_HAS_NO_SLOTS', "Every one of the owner's weekly slots is taken for the year to come");
      return { ...slot, immediate: false };
    },
    factsConfirmed,
  );
}

/**
 * Writes the schedule (or its absence, for a null moment) if the post can still change, and queues its
 * publication at once when its moment has come. `momentOf` runs inside the transaction (the queue picks
 * its slot there). Announces the change and answers the post.
 */
async function saveSchedule(
  deps: PostsDependencies,
  actor: SessionUser,
  row: PostRow,
  networks: ScheduleInput['networks'],
  now: Date,
  momentOf: (trx: Transaction<Database>) => Promise<PublishMoment | null>,
  factsConfirmed?: string,
): Promise<Post> {
  const id = row.id;
  // Scheduled, queued or moved by someone its owner must approve: it awaits the owner's approval at that time (decision 040).
  const approvalAskedBy = ownerMustApprove(row, actor) ? actor.id : undefined;
  const onSaved = (trx: Transaction<Database>, state: PostState, moment: PublishMoment | null) => {
    const kind = scheduleEventOf(row, state, moment);
    if (!kind) return Promise.resolve();
    const data = moment === null ? {} : { publish_on: moment.day, publish_time: moment.time };
    return recordPostEvent(trx, { postId: id, kind, actorId: actor.id, via: 'app', at: now, data });
  };
  const { outcome, state } = await savePostSchedule(
    deps.db,
    deps.dialect,
    { id, lockBoundary: lockBoundaryOf(now), networks, momentOf, factsConfirmed, approvalAskedBy, onSaved },
    now,
  );
  if (outcome === 'refused') {
    assertSchedulable(await visibleRow(deps, actor, id), deps.now());
    throw new AppError('CONFLICT', 'The post changed meanwhile; try again');
  }
  if (outcome === 'queued') deps.wakeJobs?.();
  announce(deps, row, state);
  return getPost(deps, actor, id);
}

/**
 * What a schedule tells the history (decision 041): approval asked, scheduled, moved (a scheduled post at
 * another time), or unscheduled (a post that had a time back to preview); nothing for a preview left as it was.
 */
function scheduleEventOf(row: PostRow, state: PostState, moment: PublishMoment | null): PostEventKind | undefined {
  if (state === 'awaiting_approval') return 'approval_asked';
  if (state === 'preview') return row.state === 'preview' ? undefined : 'unscheduled';
  if (row.state === 'scheduled' && moment !== null && (moment.day !== row.publish_on || moment.time !== row.publish_time)) return 'moved';
  return 'scheduled';
}

/** SPEC §4 "publish again": only a published post; back to preview without date, networks or results. */
export async function resetPost(deps: PostsDependencies, actor: SessionUser, id: number): Promise<Post> {
  const row = await visibleRow(deps, actor, id);
  const at = deps.now();
  const recorded = (trx: Transaction<Database>) => recordPostEvent(trx, { postId: id, kind: 'reset', actorId: actor.id, via: 'app', at });
  if (row.state !== 'published' || !(await resetPublishedPost(deps.db, deps.dialect, id, at, recorded))) {
    throw new AppError('CONFLICT', 'Only a published post can be published again');
  }
  announce(deps, row, 'preview');
  return getPost(deps, actor, id);
}

/**
 * "Retry" (issue 29): the networks of a published post that failed are tried again, alone; those that
 * published it keep their result and are not called. The owner's accounts for them must be connected
 * (else 409 SOCIAL_NOT_CONNECTED, nothing changes). The post is scheduled at its own time, which has
 * passed, and its publish job queued at once; the job publishes only the pending networks and, as
 * always, at most once each (DESIGN principle 4). A result that needs review is checked and marked
 * first: it is never retried blindly.
 */
export async function retryPost(deps: PostsDependencies, actor: SessionUser, id: number): Promise<Post> {
  const row = await visibleRow(deps, actor, id);
  const [post] = await toPosts(deps, [row], actor);
  const networks = retryableNetworks(post!);
  if (networks.length === 0) {
    if (post!.in_process) throw locked(id);
    throw new AppError('NOTHING_TO_RETRY', `Post ${id} has no failed network to retry`, { result: 'nothingToRetry' });
  }
  await assertConnected(deps, row.owner_id, {
    instagram: networks.includes('instagram'),
    linkedin: networks.includes('linkedin'),
    facebook: networks.includes('facebook'),
  });
  const at = deps.now();
  const queued = await retryFailedNetworks(deps.db, id, networks, at, (trx) =>
    recordPostEvent(trx, { postId: id, kind: 'retried', actorId: actor.id, via: 'app', at, data: { networks } }),
  );
  if (!queued) throw new AppError('CONFLICT', 'The post changed meanwhile; try again');
  deps.log.info({ postId: id, networks, actor: actor.id }, 'Failed networks retried');
  deps.wakeJobs?.();
  announce(deps, row, 'scheduled');
  return getPost(deps, actor, id);
}

const MARKED_NOT_PUBLISHED = 'Checked on the network and marked not published (the outcome of the call was unknown)';

/**
 * A "needs review" result resolved (decision 025): whoever may act on the post checked the network and
 * marks it published (it counts as posted, and the post's displayed state follows) or not published (a
 * failure, which "publish again" retries). Only a result whose outcome is unknown can be marked: any
 * other, or one marked meanwhile, is refused with a code the page words (409, `result: notNeedsReview`).
 * The post's own state and its project's do not change: a post whose every network has its final result
 * is published, whatever the results say (DESIGN §8).
 */
export async function reviewPostResult(deps: PostsDependencies, actor: SessionUser, id: number, network: PostNetwork, input: ReviewResultInput): Promise<Post> {
  const row = await visibleRow(deps, actor, id);
  const at = deps.now();
  const now = at.toISOString();
  const kind = input.published ? 'marked_published' : 'marked_not_published';
  const marked = await markReviewedResult(
    deps.db,
    { postId: id, network, published: input.published, reviewerId: actor.id, now, reason: MARKED_NOT_PUBLISHED },
    (trx) => recordPostEvent(trx, { postId: id, kind, actorId: actor.id, via: 'app', at, data: { network } }),
  );
  if (!marked) {
    const status = (await findResultStatus(deps.db, id, network)) ?? 'none';
    throw new AppError('CONFLICT', `Only a result that needs review can be marked: the ${NETWORK_NAMES[network]} result of post ${id} is ${status}`, {
      result: 'notNeedsReview',
    });
  }
  deps.log.info({ postId: id, network, published: input.published, actor: actor.id }, 'Publication result reviewed');
  announce(deps, row, postStateOf(row.state));
  return getPost(deps, actor, id);
}

/** The owner's accounts the post would go to, as chosen in Settings (DESIGN §6). */
export async function getPostAccounts(deps: PostsDependencies, actor: SessionUser, id: number): Promise<PostAccounts> {
  const row = await visibleRow(deps, actor, id);
  const none = { connected: false, name: null, picture: null };
  if (row.owner_id === null) return { instagram: none, linkedin: none, facebook: none };
  const [instagram, linkedin, facebook] = await Promise.all([
    getConnectionStatus(deps.social, { userId: row.owner_id, network: 'instagram' }),
    getConnectionStatus(deps.social, { userId: row.owner_id, network: 'linkedin' }),
    getConnectionStatus(deps.social, { userId: row.owner_id, network: 'facebook' }),
  ]);
  const facebookPage = facebook.network === 'facebook' ? facebook.pages?.find((candidate) => candidate.id === facebook.publishTargetId) : undefined;
  const business =
    instagram.network === 'instagram' ? instagram.businessPages?.find((page) => page.instagram_business_account_id === instagram.publishTargetId) : undefined;
  const page = linkedin.network === 'linkedin' ? linkedin.adminPages?.find((candidate) => candidate.id === linkedin.publishTargetId) : undefined;
  return {
    instagram: instagram.isConnected
      ? { connected: true, name: business?.instagram_username ?? null, picture: business?.instagram_profile_picture ?? null }
      : none,
    // Before the pages are fetched the target is the member, whose name the connection knows.
    linkedin: linkedin.isConnected ? { connected: true, name: page?.name ?? linkedin.userName, picture: page?.logoUrl ?? null } : none,
    // A Facebook connection publishes only once a page is chosen.
    facebook: facebook.isConnected && facebookPage ? { connected: true, name: facebookPage.name, picture: null } : none,
  };
}

/**
 * Reassigning a project hands its unpublished posts to the new customer (called by the projects feature,
 * in the transaction that reassigns the project, `trx`), at the projects' clock's `at`; each moved post's
 * history tells it, with the customer it was with and the one it went to, by their names then.
 *
 * A move is no approval (decision 040). A post awaiting approval keeps awaiting it, now the new owner's,
 * whatever the new owner's mode; it starts a new awaiting episode (`approval_asked_at` is the move's
 * instant), so that the new owner is e-mailed about it (decision 042); who asked it stays. A scheduled
 * post goes to the new owner for approval when their mode names the one who moves it (as scheduling it
 * would), keeping its day and time, asked by them: it would otherwise go out on the new owner's accounts
 * without their yes. Inside the lock margin too: approving it then asks for a new time.
 */
export async function moveUnpublishedPosts(
  trx: Transaction<Database>,
  input: { projectId: number; ownerId: string; at: Date; actor: { id: string; role: SessionUser['role'] } },
): Promise<number[]> {
  const owner = await findApprovalOf(trx, input.ownerId);
  const askApproval = owner?.role === 'customer' && needsApproval(toApprovalMode(owner.approval), input.actor, input.ownerId);
  const moved = await moveUnpublishedPostRows(trx, {
    projectId: input.projectId,
    ownerId: input.ownerId,
    at: input.at,
    askApprovalBy: askApproval ? input.actor.id : null,
  });
  if (moved.length === 0) return [];
  const names = await findCustomerNames(trx, [input.ownerId, ...moved.flatMap((post) => (post.fromOwnerId === null ? [] : [post.fromOwnerId]))]);
  const customerOf = (id: string) => ({ id, name: names.get(id) ?? '' });
  const event = { actorId: input.actor.id, via: 'app' as const, at: input.at };
  for (const post of moved) {
    const data = { from_customer: post.fromOwnerId === null ? null : customerOf(post.fromOwnerId), to_customer: customerOf(input.ownerId) };
    await recordPostEvent(trx, { postId: post.id, kind: 'reassigned', ...event, data });
    if (askApproval && post.fromState === 'scheduled') {
      await recordPostEvent(trx, { postId: post.id, kind: 'approval_asked', ...event, data: { publish_on: post.publish_on, publish_time: post.publish_time } });
    }
  }
  return moved.map((post) => post.id);
}
