import type { Transaction } from 'kysely';
import { z } from 'zod';
import { POST_NETWORKS, type PostNetwork, type PostState, type ResultStatus, textFor } from '../../../domain/post.ts';
import { NETWORK_NAMES } from '../../../domain/social.ts';
import { AppError } from '../../errors.ts';
import { chosenNetworksOf } from '../../db/values.ts';
import { audienceOf } from '../../events/event-hub.ts';
import { type JobContext, RetryLater } from '../../jobs/job-queue.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { TokenDecryptionError } from '../../lib/token-cipher.ts';
import { type PublishingAccess, getPublishingAccess, reportRefusedAccess, reportRefusedPage } from '../social/service.ts';
import { displayDay, sendFailureEmail } from './failure-email.ts';
import { permalinkNeedsCall, prepareFor, readPermalink } from './network-publishers.ts';
import type { CreatedPost, PreparedPost } from './publisher-contract.ts';
import { lookUpFacebookPost, readUploads } from './facebook-publisher.ts';
import { readInstant } from '../../db/values.ts';
import { NotPublishable, type Outcome, UNKNOWN_OUTCOME, outcomeBeforeCall, outcomeOfCall } from './outcomes.ts';
import {
  type ImageToPublish,
  type PostToPublish,
  type ResultChange,
  type ResultRow,
  claimPost,
  ensureResults,
  finishPost,
  findPostToPublish,
  listResults,
  listSelectedImages,
  maxAttemptsOfJob,
  moveResult,
  recordPermalink,
} from './repo.ts';
import type { PublishingDependencies } from './dependencies.ts';
import { recordPostEvent } from '../history/service.ts';
import type { Database } from '../../db/schema.ts';

const payloadSchema = z.object({ postId: z.number().int().positive() });
const FINAL_STATUSES: readonly ResultStatus[] = ['posted', 'failed', 'unknown', 'not_selected'];
const DEFAULT_MAX_ATTEMPTS = 5;
/**
 * How long after a creating call began its outcome is surely settled at the network, when its answer never
 * came: far beyond the request time limit (SOCIAL_REQUEST_TIMEOUT_MS, 15 s). Only then does a page's list
 * of posts without the post mean the call made nothing (Facebook, decision 055).
 */
const DEFAULT_CALL_SETTLED_AFTER_MS = 120_000;

/**
 * What one run did for one network: settled (or nothing to do; `ownerMailed` when its failure has been
 * e-mailed already, as a lost connection), to be tried again, or taken by another run.
 */
type NetworkRun = { kind: 'settled'; ownerMailed?: true } | { kind: 'retry'; reason: string; delayMs?: number } | { kind: 'taken' };
const settled: NetworkRun = { kind: 'settled' };

/** What the creating call came to, once recorded: posted, answered otherwise (`run` says what follows), or taken by another run. */
type Call = { kind: 'posted'; created: CreatedPost } | { kind: 'answered'; run: NetworkRun; outcome: Outcome } | { kind: 'taken' };

interface RunContext {
  deps: PublishingDependencies;
  post: PostToPublish;
  network: PostNetwork;
  signal: AbortSignal;
  /** The job worker's: a stop waits for the work it runs (JobContext.uninterrupted). */
  uninterrupted: JobContext['uninterrupted'];
  /** No retry is possible after this run: a network that would retry fails instead. */
  lastChance: boolean;
  now: () => string;
}

export function audienceOfPost(post: { owner_id: string | null; project_created_by: string | null; project_assigned_to: string | null }) {
  return audienceOf(post.owner_id, post.project_created_by, post.project_assigned_to);
}

function announcePost(deps: PublishingDependencies, post: PostToPublish, state: PostState): void {
  deps.events.publish({ type: 'post', postId: post.id, projectId: post.project_id, state }, audienceOf(post.owner_id));
}

/**
 * The `publish-post` job (DESIGN principle 4, §6). It claims the post, then for each network: a
 * result already final is left alone; one found `publishing` belonged to a run that died between the
 * call and its commit, so it becomes `unknown` and is never called again; a `pending` one is prepared
 * (safe to redo), recorded `publishing` and committed, called once, and recorded `posted` (with the
 * remote id, as soon as the network answers; a link read on a call of its own comes after, and a later
 * run reads it if this one stops first), `failed`, `unknown`, or `pending` again when the call is known
 * not to have taken effect (then RetryLater). From the `publishing` commit to the answer's, a stopping
 * worker waits for the call instead of cutting it, so a stop never leaves an outcome unknown.
 * A network that refuses the owner's token closes that connection (the social feature e-mails the
 * owner about it and this post); one that refuses only the page posted to marks that page, and the
 * connection stands. With every chosen network final, the post is published and, on any other
 * failure, its owner e-mailed.
 */
export function createPublishPostHandler(deps: PublishingDependencies) {
  const maxAttempts = deps.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const now = () => deps.now().toISOString();

  return async function publishPost({ job, signal, uninterrupted }: JobContext): Promise<void> {
    const { postId } = payloadSchema.parse(job.payload);
    if (!(await claimPost(deps.db, { postId, jobId: job.id, now: now() }))) return;
    const post = await findPostToPublish(deps.db, postId);
    if (!post) return;
    announcePost(deps, post, 'scheduled');
    await ensureResults(deps.db, postId, chosenNetworksOf(post), now());
    const jobMaxAttempts = await maxAttemptsOfJob(deps.db, job.id);
    const results = await listResults(deps.db, postId);
    // A Facebook call found to have made nothing is made again in this run (resolveFacebookCall): it needs them too.
    const calling = results.some((result) => result.status === 'pending' || (result.status === 'publishing' && result.network === 'facebook'));
    const images = calling ? await listSelectedImages(deps.db, postId) : [];

    const runs: NetworkRun[] = [];
    const mailed = new Set<PostNetwork>();
    for (const network of POST_NETWORKS) {
      const result = results.find((candidate) => candidate.network === network);
      const context: RunContext = {
        deps,
        post,
        network,
        signal,
        uninterrupted,
        now,
        lastChance: jobMaxAttempts !== undefined && job.attempt >= jobMaxAttempts,
      };
      const run = await runNetwork(context, result, images, maxAttempts);
      if (run.kind === 'settled' && run.ownerMailed) mailed.add(network);
      runs.push(run);
    }
    // Another run holds a network's call: it finishes the post.
    if (runs.some((run) => run.kind === 'taken')) return;
    const retries = runs.filter((run): run is Extract<NetworkRun, { kind: 'retry' }> => run.kind === 'retry');
    if (retries.length > 0) {
      const delays = retries.flatMap((run) => (run.delayMs === undefined ? [] : [run.delayMs]));
      throw new RetryLater(retries.map((run) => run.reason).join('; '), delays.length > 0 ? Math.max(...delays) : undefined);
    }
    await finish(deps, post, now(), mailed);
  };
}

async function runNetwork(context: RunContext, result: ResultRow | undefined, images: ImageToPublish[], maxAttempts: number): Promise<NetworkRun> {
  const { deps, post, network, signal } = context;
  if (!result) return settled;
  if (result.status === 'posted' && result.remote_id !== null && result.permalink === null && permalinkNeedsCall(network)) {
    // Posted by a run that stopped before it had the link.
    await readAndRecordPermalink(context, result.remote_id);
    return settled;
  }
  if (FINAL_STATUSES.includes(result.status as ResultStatus)) return settled;
  if (result.status === 'publishing') {
    // The previous run called the network and died before recording what it answered (or its answer
    // left the outcome unknown). Facebook's page says whether the post is there; elsewhere it needs review.
    if (network !== 'facebook') return needsReview(context);
    const resolved = await resolveFacebookCall(context, result);
    if (resolved) return resolved;
    // The call made nothing: the result is pending again, and this run makes it anew.
  }

  signal.throwIfAborted();
  let access: PublishingAccess | undefined;
  let prepared: PreparedPost;
  try {
    access = await publishableAccessOf(context);
    prepared = await prepareFor(network, deps.clients, {
      access,
      text: textFor(post, network),
      images,
      storage: deps.storage,
      signal,
      reuse: readUploads(result.uploads),
      now: deps.now,
    });
  } catch (error) {
    // Stopped by the worker: the job runs again, nothing is recorded.
    if (signal.aborted) throw error;
    const outcome = outcomeBeforeCall(network, error);
    const target = access ? { targetId: access.targetId, targetName: access.targetName } : {};
    return reportRefusal(context, await settle(context, 'pending', outcome, result.attempts + 1, maxAttempts, target), outcome, access);
  }

  // Not cut by a stop (the worker waits, the request time limit bounds it): cut between the call and
  // the commit of its answer, the outcome would be unknown. Once the worker is stopping it is not begun.
  const publishable = access;
  const call = await context.uninterrupted(() => callOnce(context, prepared, publishable, maxAttempts));
  if (call.kind === 'taken') return call;
  if (call.kind === 'answered') return reportRefusal(context, call.run, call.outcome, access);
  if (call.created.permalink === null && permalinkNeedsCall(network)) await readAndRecordPermalink(context, call.created.remoteId, access);
  return settled;
}

/** Records `publishing` (committed before the call: a run that dies during it leaves that), calls once, records the answer. */
async function callOnce(context: RunContext, prepared: PreparedPost, access: PublishingAccess, maxAttempts: number): Promise<Call> {
  const { deps, post, network, now } = context;
  const attempts = await moveResult(
    deps.db,
    post.id,
    network,
    'pending',
    {
      status: 'publishing',
      startedAt: now(),
      targetId: access.targetId,
      targetName: access.targetName,
      error: null,
      errorCode: null,
      countAttempt: true,
      // Facebook's unpublished photos, committed before the call: a later attempt attaches them again.
      ...(prepared.uploads ? { uploads: JSON.stringify(prepared.uploads) } : {}),
    },
    deps.now(),
  );
  if (attempts === undefined) return { kind: 'taken' };

  let created: CreatedPost | undefined;
  let outcome: Outcome | undefined;
  try {
    created = await prepared.create();
  } catch (error) {
    outcome = outcomeOfCall(network, error);
  }
  await deps.afterProviderCall?.({ postId: post.id, network });
  if (created) {
    await record(context, 'publishing', {
      status: 'posted',
      remoteId: created.remoteId,
      permalink: created.permalink,
      error: null,
      errorCode: null,
      finishedAt: now(),
    });
    deps.log.info({ postId: post.id, network, remoteId: created.remoteId }, 'Post published');
    return { kind: 'posted', created };
  }
  // Facebook: an outcome unknown stays `publishing` until the call has surely ended; the page's posts then say.
  if (outcome!.kind === 'unknown' && network === 'facebook' && !context.lastChance) {
    deps.log.warn({ postId: post.id, network, reason: outcome!.reason }, 'Outcome unknown: the page’s posts will be read once the call has surely ended');
    return {
      kind: 'answered',
      run: { kind: 'retry', reason: `${NETWORK_NAMES[network]}: ${outcome!.reason}`, delayMs: settledAfterMs(deps) },
      outcome: outcome!,
    };
  }
  return { kind: 'answered', run: await settle(context, 'publishing', outcome!, attempts, maxAttempts), outcome: outcome! };
}

const settledAfterMs = (deps: PublishingDependencies) => deps.callSettledAfterMs ?? DEFAULT_CALL_SETTLED_AFTER_MS;

/** A call whose answer never came: "needs review", never called again. */
async function needsReview(context: RunContext): Promise<NetworkRun> {
  await record(context, 'publishing', { status: 'unknown', error: UNKNOWN_OUTCOME, errorCode: 'outcomeUnknown', finishedAt: context.now() });
  return settled;
}

/**
 * Facebook (decision 050, 055): a creating call whose answer never came is resolved by the page's posts made
 * since it began, once it has surely ended (until then the job waits, the result held `publishing`). Found:
 * `posted` with its id and link. Not found: the call made nothing, the result is `pending` again and
 * undefined is answered (the caller calls anew, with the photos kept). Unreadable, or no time left to
 * wait: "needs review".
 */
async function resolveFacebookCall(context: RunContext, result: ResultRow): Promise<NetworkRun | undefined> {
  const { deps, post, network, signal, now } = context;
  if (result.started_at === null) return needsReview(context);
  const since = readInstant(result.started_at);
  const wait = since.getTime() + settledAfterMs(deps) - deps.now().getTime();
  if (wait > 0) {
    if (context.lastChance) return needsReview(context);
    return {
      kind: 'retry',
      reason: `${NETWORK_NAMES[network]}: the outcome of the call is not known yet: the page is read once the call has surely ended`,
      delayMs: wait,
    };
  }
  let found: CreatedPost | undefined;
  try {
    found = await lookUpFacebookPost(deps.clients, await accessOf(context), { text: textFor(post, network), since });
  } catch (error) {
    if (signal.aborted) throw error;
    deps.log.warn({ postId: post.id, network, error: errorMessage(error) }, 'The page’s posts could not be read: the outcome stays unknown');
    return needsReview(context);
  }
  if (found) {
    const moved = await record(context, 'publishing', {
      status: 'posted',
      remoteId: found.remoteId,
      permalink: found.permalink,
      error: null,
      errorCode: null,
      finishedAt: now(),
    });
    if (moved) deps.log.info({ postId: post.id, network, remoteId: found.remoteId }, 'Post found on the page after an unknown outcome: published');
    if (moved && found.permalink === null) await readAndRecordPermalink(context, found.remoteId);
    return moved ? settled : { kind: 'taken' };
  }
  if (!(await record(context, 'publishing', { status: 'pending', error: null, errorCode: null }))) return { kind: 'taken' };
  deps.log.info({ postId: post.id, network }, 'No post on the page since the call began: it made nothing, and is made again');
  return undefined;
}

/**
 * The link of a post recorded `posted` without one, read and stored. A link that cannot be read is only a
 * missing link (logged; the post is out). A stop does not wait for it: the job runs again, and that run
 * reads it.
 */
async function readAndRecordPermalink(context: RunContext, remoteId: string, access?: PublishingAccess): Promise<void> {
  const { deps, post, network, signal } = context;
  try {
    signal.throwIfAborted();
    const permalink = await untilAborted(readPermalink(network, deps.clients, access ?? (await accessOf(context)), remoteId), signal);
    if (permalink && (await recordPermalink(deps.db, { postId: post.id, network, remoteId, permalink }, deps.now()))) announcePost(deps, post, 'scheduled');
  } catch (error) {
    if (signal.aborted) throw error;
    deps.log.warn({ postId: post.id, network, remoteId, error: errorMessage(error) }, 'The link of the published post could not be read; it stays without one');
  }
}

/** `work`'s answer, or the signal's reason as soon as it is aborted (the work is then left to end unheeded). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/** After a failure recorded: what the network refused (the owner's token, or one page) is reported to the social feature. */
async function reportRefusal(context: RunContext, run: NetworkRun, outcome: Outcome, access: PublishingAccess | undefined): Promise<NetworkRun> {
  if (run.kind !== 'settled' || outcome.kind !== 'failed' || !access || context.post.owner_id === null) return run;
  if (outcome.refusedPage) return markRefusedPage(context, run, outcome, access);
  return closeIfRefused(context, run, outcome, access);
}

/**
 * The network refused the page posted to, not the token: the page is marked (Settings says why, and it
 * can no longer be chosen) and the owner's other posts to it fail at once; the connection stands. A
 * failure here is logged: the result stands.
 */
async function markRefusedPage(
  context: RunContext,
  run: NetworkRun,
  outcome: Extract<Outcome, { kind: 'failed' }>,
  access: PublishingAccess,
): Promise<NetworkRun> {
  const { deps, post, network } = context;
  try {
    await reportRefusedPage(deps.social, { userId: post.owner_id!, access, reason: outcome.reason });
  } catch (error) {
    deps.log.error({ postId: post.id, network, error: errorMessage(error) }, 'The refused page could not be marked');
  }
  return run;
}

/**
 * After a failure recorded because the network refused the owner's token (or a permission of it): the
 * connection is closed, so the owner's other posts to it fail at once as "not connected", and the owner
 * gets the connection-lost e-mail naming this post. A failure here is logged: the result stands.
 */
async function closeIfRefused(
  context: RunContext,
  run: NetworkRun,
  outcome: Extract<Outcome, { kind: 'failed' }>,
  access: PublishingAccess,
): Promise<NetworkRun> {
  const { deps, post, network } = context;
  if (!outcome.refusedConnection) return run;
  try {
    const { mailed } = await reportRefusedAccess(
      { ...deps.social, mailer: deps.mailer, publicUrl: deps.publicUrl },
      {
        userId: post.owner_id!,
        access,
        reason: outcome.reason,
        post: {
          id: post.id,
          project: post.project_title,
          sequence: post.sequence,
          day: displayDay(post.publish_on),
          time: post.publish_time,
          reasonCode: outcome.code,
        },
        now: new Date(context.now()),
      },
    );
    return mailed ? { kind: 'settled', ownerMailed: true } : run;
  } catch (error) {
    deps.log.error({ postId: post.id, network, error: errorMessage(error) }, 'The refused connection could not be closed');
    return run;
  }
}

/** Records a failure: final as it is, or a retry while tries are left (else a final failure). */
async function settle(
  context: RunContext,
  from: 'pending' | 'publishing',
  outcome: Outcome,
  tries: number,
  maxAttempts: number,
  target: Pick<ResultChange, 'targetId' | 'targetName'> = {},
): Promise<NetworkRun> {
  const { deps, post, network, now } = context;
  const countAttempt = from === 'pending';
  if (outcome.kind === 'retry' && tries < maxAttempts && !context.lastChance) {
    if (!(await record(context, from, { ...target, status: 'pending', error: outcome.reason, errorCode: outcome.code, countAttempt })))
      return { kind: 'taken' };
    deps.log.warn({ postId: post.id, network, attempt: tries, reason: outcome.reason }, 'Publication will be tried again');
    return { kind: 'retry', reason: `${NETWORK_NAMES[network]}: ${outcome.reason}`, ...(outcome.delayMs !== undefined ? { delayMs: outcome.delayMs } : {}) };
  }
  const status = outcome.kind === 'unknown' ? 'unknown' : 'failed';
  const reason = outcome.kind === 'retry' ? `${outcome.reason} (gave up after ${tries} attempts)` : outcome.reason;
  // A retry given up is told as such (the result's attempts say how many); the last failure stays in `error`.
  const errorCode = outcome.kind === 'retry' ? 'gaveUp' : outcome.code;
  if (!(await record(context, from, { ...target, status, error: reason, errorCode, finishedAt: now(), countAttempt }))) return { kind: 'taken' };
  deps.log.warn(
    { postId: post.id, network, status, errorCode, reason },
    status === 'unknown' ? 'Publication needs review: its outcome is unknown' : 'Publication failed',
  );
  return settled;
}

/**
 * Moves the network's result and tells the page; false when another run had moved it already. A final
 * outcome is written in the post's history in the same transaction: published, or failed (an unknown
 * outcome as failed with the reason `outcomeUnknown`: it needs review).
 */
async function record(context: RunContext, from: ResultStatus, change: ResultChange): Promise<boolean> {
  const { deps, post, network } = context;
  const at = deps.now();
  const kind = change.status === 'posted' ? 'published' : change.status === 'failed' || change.status === 'unknown' ? 'publish_failed' : undefined;
  const reason = kind === 'publish_failed' ? (change.errorCode ?? (change.status === 'unknown' ? 'outcomeUnknown' : null)) : undefined;
  const written = kind
    ? (trx: Transaction<Database>) =>
        recordPostEvent(trx, { postId: post.id, kind, actorId: null, via: 'system', at, data: { network, ...(reason ? { reason } : {}) } })
    : undefined;
  const moved = (await moveResult(deps.db, post.id, network, from, change, at, written)) !== undefined;
  if (moved) announcePost(deps, post, 'scheduled');
  else deps.log.warn({ postId: post.id, network, from, to: change.status }, 'Publication result changed by another run meanwhile');
  return moved;
}

/** The owner's account for the network (DESIGN §6), or why there is none. */
async function accessOf(context: RunContext): Promise<PublishingAccess> {
  const { deps, post, network } = context;
  const name = NETWORK_NAMES[network];
  if (post.owner_id === null) throw new NotPublishable('noOwner', 'The post has no owner whose accounts could publish it');
  try {
    return await getPublishingAccess(deps.social, { userId: post.owner_id, network });
  } catch (error) {
    if (error instanceof AppError && (error.code === 'SOCIAL_NOT_CONNECTED' || error.code === 'SOCIAL_DATA_NOT_FOUND')) {
      throw new NotPublishable('notConnected', `The owner's ${name} account is not connected, or has no page chosen to publish to: connect it in Settings`);
    }
    if (error instanceof TokenDecryptionError)
      throw new NotPublishable('connectionUnreadable', `The owner's ${name} connection can no longer be read: connect it again in Settings`);
    throw error;
  }
}

/** The access, unless the network is known to refuse its page: then the post fails at once, without calling it. */
async function publishableAccessOf(context: RunContext): Promise<PublishingAccess> {
  const access = await accessOf(context);
  if (access.targetProblem) {
    throw new NotPublishable(
      access.targetProblem === 'taskMissing' ? 'pageTaskMissing' : 'pageNotPublishable',
      `${NETWORK_NAMES[context.network]} does not allow publishing to ${access.targetName ?? access.targetId} (${access.targetProblem}): choose another page in Settings`,
    );
  }
  return access;
}

/** `mailed`: networks whose failure the owner was e-mailed about already (a lost connection). */
async function finish(deps: PublishingDependencies, post: PostToPublish, now: string, mailed: ReadonlySet<PostNetwork>): Promise<void> {
  const { published, launched } = await finishPost(deps.db, deps.dialect, { id: post.id, projectId: post.project_id }, now);
  if (!published) return;
  announcePost(deps, post, 'published');
  if (launched) deps.events.publish({ type: 'project', projectId: post.project_id, state: 'launched' }, audienceOfPost(post));
  const results = await listResults(deps.db, post.id);
  const failures = results.filter((result) => (result.status === 'failed' || result.status === 'unknown') && !mailed.has(result.network as PostNetwork));
  deps.log.info(
    { postId: post.id, projectId: post.project_id, results: Object.fromEntries(results.map((result) => [result.network, result.status])), launched },
    'Post publication finished',
  );
  if (failures.length > 0) await sendFailureEmail(deps, post, results);
}
