import type { Transaction } from 'kysely';
import {
  type ApprovePostInput,
  type ApproveProjectInput,
  POST_NETWORKS,
  type Post,
  type PostNetwork,
  type RequestChangesInput,
  type RequestProjectChangesInput,
} from '../../../domain/post.ts';
import { NETWORK_NAMES } from '../../../domain/social.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { Database } from '../../db/schema.ts';
import { chosenNetworksOf, readInstant } from '../../db/values.ts';
import { AppError } from '../../errors.ts';
import { enqueueApprovalDecisionEmail } from '../approval-emails/service.ts';
import { recordPostEvent } from '../history/service.ts';
import { type PublishMoment, lockBoundaryOf, resolvePublishMoment } from './publish-moment.ts';
import { type PostRow, decideAwaitingPosts, findPostRows, findProjectPeople } from './repo.ts';
import { type PostsDependencies, announce, toPosts, unconnectedNetworks, visibleRow } from './service.ts';

/**
 * Approval (issue 25 item 2, docs/decisions/040): whether an action needs the owner's approval, and the
 * owner's decisions on posts awaiting it, per post and for a project's posts at once (all or none).
 */

/** How a decision was made: in the app, or through a review link (the public review routes), with the name the reviewer wrote. */
export type DecisionOrigin = { via: 'app' } | { via: 'link'; name: string };

const APP: DecisionOrigin = { via: 'app' };

/** One post decided, with the moment it is approved at (null: its own). */
interface Decided {
  row: PostRow;
  moment: PublishMoment | null;
}

/** Only the owning customer decides: an administrator approving would be the studio saying yes to itself. */
function assertOwnerDecides(actor: SessionUser, row: PostRow): void {
  if (actor.role !== 'customer' || row.owner_id !== actor.id)
    throw new AppError('FORBIDDEN', 'Only the customer who owns the post can approve it or ask for changes');
}

/** The post is awaiting approval, free, and as the approver read it; else the 409 that says why, with the post as it is now. */
async function assertAsRead(deps: PostsDependencies, actor: SessionUser, row: PostRow, readUpdatedAt: string, details: Record<string, string>): Promise<void> {
  const current = async () => (await toPosts(deps, [row], actor))[0]!;
  if (row.state !== 'awaiting_approval' || row.publishing_since !== null) {
    throw new AppError('NOT_AWAITING_APPROVAL', `Post ${row.id} is not awaiting approval`, details, { post: await current() });
  }
  if (Date.parse(readUpdatedAt) !== readInstant(row.updated_at).getTime()) {
    throw new AppError('POST_CHANGED', `Post ${row.id} changed since it was read: decide on its new version`, details, { post: await current() });
  }
}

/**
 * The moment an approved post goes out: its own while it is beyond the lock margin, else the new day and
 * time given (a time alone keeps its day), which must be beyond it too: 409 APPROVAL_TIME_PASSED otherwise.
 */
function approvedMoment(
  deps: PostsDependencies,
  row: PostRow,
  input: { publish_on?: string | undefined; publish_time?: string | undefined },
  details: Record<string, string>,
): PublishMoment | null {
  const now = deps.now();
  const passed = () =>
    new AppError('APPROVAL_TIME_PASSED', `Post ${row.id}'s time has passed or is inside the lock margin: approve it with a new day and time`, {
      ...details,
      publish_time: 'approvalTimePassed',
    });
  if (input.publish_on === undefined && input.publish_time === undefined) {
    if (row.publish_at === null || readInstant(row.publish_at).getTime() <= lockBoundaryOf(now).getTime()) throw passed();
    return null;
  }
  const day = input.publish_on ?? row.publish_on;
  if (day === null || day < deps.calendar.today()) throw passed();
  const resolved = resolvePublishMoment(
    { day, time: input.publish_time ?? row.publish_time },
    { now, timeZone: deps.calendar.timeZone, publishHour: deps.publishHour },
  );
  if ('problem' in resolved || resolved.moment.immediate) throw passed();
  return resolved.moment;
}

/** The chosen networks' accounts of the owner are still connected, else 409 APPROVAL_ACCOUNT_MISSING naming the first that is not. */
async function assertAccountsConnected(deps: PostsDependencies, row: PostRow, details: Record<string, string>): Promise<void> {
  const missing = await unconnectedNetworks(deps, row.owner_id, chosenNetworksOf(row));
  const network = POST_NETWORKS.find((candidate: PostNetwork) => missing[candidate] !== undefined);
  if (network) {
    throw new AppError(
      'APPROVAL_ACCOUNT_MISSING',
      `The owner's ${NETWORK_NAMES[network]} account is no longer connected: connect it again to approve post ${row.id}`,
      {
        ...details,
        network,
        network_name: NETWORK_NAMES[network],
      },
    );
  }
}

/**
 * Writes the decisions in one transaction. A post changed between the checks and the write makes it all
 * fail: its checks run again on what it is now, to answer why (POST_CHANGED at least).
 */
async function decide(
  deps: PostsDependencies,
  actor: SessionUser,
  decided: Decided[],
  decision: 'approve' | 'request_changes',
  comment: string | null,
  detailsOf: (row: PostRow) => Record<string, string>,
  origin: DecisionOrigin,
): Promise<Post[]> {
  const now = deps.now();
  const outcome = await decideAwaitingPosts(
    deps.db,
    deps.dialect,
    {
      decisions: decided.map(({ row, moment }) => ({ id: row.id, storedUpdatedAt: row.updated_at, moment })),
      decision,
      comment,
      byUserId: actor.id,
      onSaved: (trx) => afterDecision(trx, { actor, decided, decision, comment, origin, at: now }),
    },
    now,
  );
  if ('refused' in outcome) {
    const before = decided.find(({ row }) => row.id === outcome.refused)!.row;
    const [row] = await findPostRows(deps.db, [outcome.refused]);
    if (!row) throw new AppError('NOT_FOUND', `Post with id ${outcome.refused} not found`);
    await assertAsRead(deps, actor, row, readInstant(before.updated_at).toISOString(), detailsOf(row));
    throw new AppError('POST_CHANGED', `Post ${row.id} changed meanwhile: decide on its new version`, detailsOf(row), {
      post: (await toPosts(deps, [row], actor))[0],
    });
  }
  // Publish jobs due now, and the authors' e-mails (decision 042), queued with the decision.
  deps.wakeJobs?.();
  const state = decision === 'approve' ? 'scheduled' : 'preview';
  for (const { row } of decided) announce(deps, row, state);
  deps.log.info({ posts: decided.map(({ row }) => row.id), decision, via: origin.via, actor: actor.id }, 'Approval decided');
  const rows = await findPostRows(
    deps.db,
    decided.map(({ row }) => row.id),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return toPosts(
    deps,
    decided.flatMap(({ row }) => byId.get(row.id) ?? []),
    actor,
  );
}

/**
 * What else a decision writes in its transaction: the post's history (decision 041), and the job of the
 * e-mail to each author who asked approval (decision 042): both exist if and only if the decision does.
 */
async function afterDecision(
  trx: Transaction<Database>,
  input: { actor: SessionUser; decided: Decided[]; decision: 'approve' | 'request_changes'; comment: string | null; origin: DecisionOrigin; at: Date },
): Promise<void> {
  const { origin } = input;
  // A review link stands for the customer without their session: the event names the reviewer instead.
  const actorId = origin.via === 'link' ? null : input.actor.id;
  const who = origin.via === 'link' ? { name: origin.name } : {};
  for (const { row, moment } of input.decided) {
    const data =
      input.decision === 'approve'
        ? { ...who, publish_on: moment?.day ?? row.publish_on, publish_time: moment?.time ?? row.publish_time }
        : { ...who, comment: input.comment };
    const kind = input.decision === 'approve' ? 'approved' : 'changes_asked';
    await recordPostEvent(trx, { postId: row.id, kind, actorId, via: origin.via, at: input.at, data });
  }
  // The author is who asked approval: the post's approval_asked_by, written with its latest approval_asked event.
  await enqueueApprovalDecisionEmail(trx, {
    decision: input.decision,
    comment: input.comment,
    posts: input.decided.map(({ row }) => ({ id: row.id, approval_asked_by: row.approval_asked_by })),
    decider: origin.via === 'link' ? { via: 'link', name: origin.name } : { via: 'app', userId: input.actor.id },
    at: input.at,
  });
}

/** POST /api/posts/:id/approve: the owner approves; scheduled at its time, or at the new one given. */
export async function approvePost(
  deps: PostsDependencies,
  actor: SessionUser,
  id: number,
  input: ApprovePostInput,
  origin: DecisionOrigin = APP,
): Promise<Post> {
  const row = await visibleRow(deps, actor, id);
  assertOwnerDecides(actor, row);
  await assertAsRead(deps, actor, row, input.updated_at, {});
  const moment = approvedMoment(deps, row, input, {});
  await assertAccountsConnected(deps, row, {});
  const [post] = await decide(deps, actor, [{ row, moment }], 'approve', null, () => ({}), origin);
  return post!;
}

/** POST /api/posts/:id/request-changes: the owner asks for changes; back to preview with the comment. */
export async function requestPostChanges(
  deps: PostsDependencies,
  actor: SessionUser,
  id: number,
  input: RequestChangesInput,
  origin: DecisionOrigin = APP,
): Promise<Post> {
  const row = await visibleRow(deps, actor, id);
  assertOwnerDecides(actor, row);
  await assertAsRead(deps, actor, row, input.updated_at, {});
  const [post] = await decide(deps, actor, [{ row, moment: null }], 'request_changes', input.comment, () => ({}), origin);
  return post!;
}

/**
 * The posts of a project the owner decides at once: the project must be theirs (404 otherwise, 403 for
 * anyone but a customer), each post one of its posts awaiting approval, as read. Errors name the post
 * (`details.post_id`).
 */
async function projectDecisions(
  deps: PostsDependencies,
  actor: SessionUser,
  projectId: number,
  posts: Array<{ id: number; updated_at: string }>,
): Promise<PostRow[]> {
  if (actor.role !== 'customer') throw new AppError('FORBIDDEN', "Only the customer who owns a project's posts can approve them or ask for changes");
  const project = await findProjectPeople(deps.db, projectId);
  if (!project || (project.created_by !== actor.id && project.assigned_to !== actor.id))
    throw new AppError('NOT_FOUND', `Project with id ${projectId} not found`);
  const ids = posts.map((post) => post.id);
  if (new Set(ids).size !== ids.length) throw new AppError('VALIDATION_FAILED', 'Each post may be named once', { posts: 'approvalPostsRepeated' });
  const rows = new Map((await findPostRows(deps.db, ids)).map((row) => [row.id, row]));
  const checked: PostRow[] = [];
  for (const post of posts) {
    const details = { post_id: String(post.id) };
    const row = rows.get(post.id);
    if (!row || row.project_id !== projectId)
      throw new AppError('NOT_AWAITING_APPROVAL', `Project ${projectId} has no post ${post.id} awaiting approval`, details);
    if (row.owner_id !== actor.id) throw new AppError('FORBIDDEN', `Post ${post.id} is not the customer's to decide on`, details);
    await assertAsRead(deps, actor, row, post.updated_at, details);
    checked.push(row);
  }
  return checked;
}

/** POST /api/projects/:id/approve: every post named, at its own time, or none (the first refusal names its post). */
export async function approveProjectPosts(
  deps: PostsDependencies,
  actor: SessionUser,
  projectId: number,
  input: ApproveProjectInput,
  origin: DecisionOrigin = APP,
): Promise<{ posts: Post[] }> {
  const rows = await projectDecisions(deps, actor, projectId, input.posts);
  const decided: Decided[] = [];
  for (const row of rows) {
    const details = { post_id: String(row.id) };
    decided.push({ row, moment: approvedMoment(deps, row, {}, details) });
    await assertAccountsConnected(deps, row, details);
  }
  return { posts: await decide(deps, actor, decided, 'approve', null, (row) => ({ post_id: String(row.id) }), origin) };
}

/** POST /api/projects/:id/request-changes: every post named back to preview with the one comment, or none. */
export async function requestProjectChanges(
  deps: PostsDependencies,
  actor: SessionUser,
  projectId: number,
  input: RequestProjectChangesInput,
  origin: DecisionOrigin = APP,
): Promise<{ posts: Post[] }> {
  const rows = await projectDecisions(deps, actor, projectId, input.posts);
  const decided = rows.map((row) => ({ row, moment: null }));
  return { posts: await decide(deps, actor, decided, 'request_changes', input.comment, (row) => ({ post_id: String(row.id) }), origin) };
}
