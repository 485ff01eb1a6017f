import { type Kysely, type Transaction, type Updateable, sql } from 'kysely';
import { POST_NETWORKS, type PostNetwork, type ResultErrorCode, type ResultStatus } from '../../../domain/post.ts';
import type { Dialect } from '../../db/database.ts';
import type { Database, PostResultsTable } from '../../db/schema.ts';
import { readFlag } from '../../db/values.ts';

/** The SQL of publishing: the claim, the results' transitions, the end of a post, the sweep. */

const subjectOf = (postId: number) => `post:${postId}`;

/**
 * Takes the post for this job: scheduled (never awaiting approval, decision 040), due (its time, `publish_at`, has come by the studio's clock),
 * and held by no one, or held by no other live publish job (its holder died, or this is this job's own
 * retry). One conditional UPDATE, so two workers never both take it. False when there is nothing to do.
 */
export async function claimPost(db: Kysely<Database>, input: { postId: number; jobId: number; now: string }): Promise<boolean> {
  const result = await db
    .updateTable('posts')
    .set({ publishing_since: input.now, updated_at: input.now })
    .where('id', '=', input.postId)
    .where('state', '=', 'scheduled')
    .where('publish_at', '<=', input.now)
    .where((eb) =>
      eb.or([
        eb('publishing_since', 'is', null),
        eb.not(
          eb.exists(
            eb
              .selectFrom('jobs')
              .select('jobs.id')
              .where('jobs.kind', '=', 'publish-post')
              .where('jobs.subject', '=', subjectOf(input.postId))
              .where('jobs.state', 'in', ['queued', 'running'])
              .where('jobs.id', '<>', input.jobId),
          ),
        ),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The post with what publishing and its e-mail need: project, audience, owner. */
export async function findPostToPublish(db: Kysely<Database>, postId: number) {
  const row = await db
    .selectFrom('posts')
    .innerJoin('projects', 'projects.id', 'posts.project_id')
    .leftJoin('users as owner', 'owner.id', 'posts.owner_id')
    .select([
      'posts.id',
      'posts.project_id',
      'posts.owner_id',
      'posts.sequence',
      'posts.state',
      'posts.text',
      'posts.linkedin_text',
      'posts.publish_on',
      'posts.publish_time',
      'posts.to_instagram',
      'posts.to_linkedin',
      'posts.to_facebook',
      'projects.title as project_title',
      'projects.created_by as project_created_by',
      'projects.assigned_to as project_assigned_to',
      'owner.email as owner_email',
      'owner.first_name as owner_first_name',
      'owner.language as owner_language',
    ])
    .where('posts.id', '=', postId)
    .executeTakeFirst();
  return row && { ...row, to_instagram: readFlag(row.to_instagram), to_linkedin: readFlag(row.to_linkedin), to_facebook: readFlag(row.to_facebook) };
}
export type PostToPublish = NonNullable<Awaited<ReturnType<typeof findPostToPublish>>>;

/** The images that go out: the selected ones (status pending), in their order. */
export function listSelectedImages(db: Kysely<Database>, postId: number) {
  return db
    .selectFrom('post_images')
    .select(['id', 'instagram_key', 'linkedin_key', 'alt_text'])
    .where('post_id', '=', postId)
    .where('status', '=', 'pending')
    .orderBy('position')
    .orderBy('id')
    .execute();
}
export type ImageToPublish = Awaited<ReturnType<typeof listSelectedImages>>[number];

/**
 * A row for each network: pending when chosen, not_selected otherwise; rows already there stay. Facebook
 * (issue 27), which most studios do not use, has a row only when chosen: no "not selected" on every card.
 */
export async function ensureResults(db: Kysely<Database>, postId: number, chosen: Record<PostNetwork, boolean>, now: string): Promise<void> {
  await db
    .insertInto('post_results')
    .values(
      POST_NETWORKS.filter((network) => network !== 'facebook' || chosen.facebook).map((network) => ({
        post_id: postId,
        network,
        status: chosen[network] ? 'pending' : 'not_selected',
        attempts: 0,
        finished_at: chosen[network] ? null : now,
        created_at: now,
        updated_at: now,
      })),
    )
    .onConflict((conflict) => conflict.columns(['post_id', 'network']).doNothing())
    .execute();
}

export function listResults(db: Kysely<Database>, postId: number) {
  return db.selectFrom('post_results').selectAll().where('post_id', '=', postId).execute();
}
export type ResultRow = Awaited<ReturnType<typeof listResults>>[number];

export interface ResultChange {
  status: ResultStatus;
  error?: string | null;
  /** The reason's code (set with `error`, cleared with it). */
  errorCode?: ResultErrorCode | null;
  targetId?: string;
  targetName?: string | null;
  remoteId?: string;
  permalink?: string | null;
  startedAt?: string;
  finishedAt?: string;
  /** Counts one more try of this network. */
  countAttempt?: boolean;
  /** Facebook: the unpublished photos uploaded for the post (JSON), kept for a later attempt. */
  uploads?: string | null;
}

/**
 * Moves one network's result from the status it is known to have to another: a compare-and-set, so of
 * two runs only one moves `pending` to `publishing` (and so calls the network), and a run that lost its
 * result to another changes nothing. Answers the attempts after the change, or undefined when the
 * result was not in `from`. `moved` runs in the same transaction once the result has moved (the post's
 * history records the outcome).
 */
export async function moveResult(
  db: Kysely<Database>,
  postId: number,
  network: PostNetwork,
  from: ResultStatus,
  change: ResultChange,
  at: Date,
  moved?: (trx: Transaction<Database>) => Promise<void>,
): Promise<number | undefined> {
  if (!moved) return moveResultRow(db, postId, network, from, change, at);
  return db.transaction().execute(async (trx) => {
    const attempts = await moveResultRow(trx, postId, network, from, change, at);
    if (attempts !== undefined) await moved(trx);
    return attempts;
  });
}

async function moveResultRow(
  db: Kysely<Database>,
  postId: number,
  network: PostNetwork,
  from: ResultStatus,
  change: ResultChange,
  at: Date,
): Promise<number | undefined> {
  const values: Updateable<PostResultsTable> = { status: change.status, updated_at: at.toISOString() };
  if (change.error !== undefined) values.error = change.error;
  if (change.errorCode !== undefined) values.error_code = change.errorCode;
  if (change.targetId !== undefined) values.target_id = change.targetId;
  if (change.targetName !== undefined) values.target_name = change.targetName;
  if (change.remoteId !== undefined) values.remote_id = change.remoteId;
  if (change.permalink !== undefined) values.permalink = change.permalink;
  if (change.startedAt !== undefined) values.started_at = change.startedAt;
  if (change.finishedAt !== undefined) values.finished_at = change.finishedAt;
  if (change.uploads !== undefined) values.uploads = change.uploads;
  const row = await db
    .updateTable('post_results')
    .set((eb) => ({ ...values, ...(change.countAttempt ? { attempts: eb('attempts', '+', 1) } : {}) }))
    .where('post_id', '=', postId)
    .where('network', '=', network)
    .where('status', '=', from)
    .returning('attempts')
    .executeTakeFirst();
  return row?.attempts;
}

/**
 * Stores the link of a result recorded `posted` without one (Instagram gives it on a call of its own,
 * read after the id is committed). False when the result has a link already or is not that post.
 */
export async function recordPermalink(
  db: Kysely<Database>,
  input: { postId: number; network: PostNetwork; remoteId: string; permalink: string },
  at: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('post_results')
    .set({ permalink: input.permalink, updated_at: at.toISOString() })
    .where('post_id', '=', input.postId)
    .where('network', '=', input.network)
    .where('status', '=', 'posted')
    .where('remote_id', '=', input.remoteId)
    .where('permalink', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The job's allowed attempts, to know whether a retry is still possible. */
export async function maxAttemptsOfJob(db: Kysely<Database>, jobId: number): Promise<number | undefined> {
  const row = await db.selectFrom('jobs').select('max_attempts').where('id', '=', jobId).executeTakeFirst();
  return row?.max_attempts;
}

/**
 * The post is published (every chosen network has its final result) and let go; its project becomes
 * launched when none of its posts is left unpublished. The project row is locked first, so that two
 * posts of one project finishing at once in two processes cannot both miss the last one.
 */
export async function finishPost(
  db: Kysely<Database>,
  dialect: Dialect,
  post: { id: number; projectId: number },
  now: string,
): Promise<{ published: boolean; launched: boolean }> {
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') await trx.selectFrom('projects').select('id').where('id', '=', post.projectId).forUpdate().execute();
    const published = await trx
      .updateTable('posts')
      .set({ state: 'published', published_at: now, publishing_since: null, updated_at: now })
      .where('id', '=', post.id)
      .where('state', '=', 'scheduled')
      .executeTakeFirst();
    if (Number(published.numUpdatedRows) === 0) return { published: false, launched: false };
    return { published: true, launched: await launchProjectWhenAllPublished(trx, post.projectId, now) };
  });
}

async function launchProjectWhenAllPublished(trx: Transaction<Database>, projectId: number, now: string): Promise<boolean> {
  const result = await trx
    .updateTable('projects')
    .set({ state: 'launched', updated_at: now })
    .where('id', '=', projectId)
    .where('state', '=', 'preview')
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('posts').select('posts.id').where('posts.project_id', '=', projectId).where('posts.state', '<>', 'published'))),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A number all sweeps agree on, for PostgreSQL's advisory lock: one sweep at a time across processes. */
const SWEEP_LOCK = 7_202_611;

/**
 * Queues a publish job for every scheduled post that is due and has none waiting or running: its time
 * (`publish_at`) is `now` or earlier by the studio's clock; or a publish job held it and is gone
 * (publishing_since older than `staleBefore`). The jobs are due at `queuedAt`, by the clock the job worker
 * reads for run_at, the app's (docs/decisions/035). One INSERT ... SELECT under a lock, so two
 * processes sweeping at once do not queue a post twice. The jobs take turns among the owners (each
 * one's first post, then each one's second...), as the worker claims them in that order: every studio's
 * posts start early, and no account gets all its posts' calls at once (docs/decisions/020). Answers the
 * posts queued.
 */
export async function enqueueDuePosts(
  db: Kysely<Database>,
  dialect: Dialect,
  input: { now: string; staleBefore: string; queuedAt: string; maxAttempts: number },
): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${SWEEP_LOCK})`.execute(trx);
    const instant = sql<string>`cast(${input.queuedAt} as ${sql.raw(dialect === 'postgres' ? 'timestamptz' : 'text')})`;
    const subject = sql<string>`'post:' || posts.id`;
    const due = trx
      .selectFrom('posts')
      .select([
        sql<string>`'publish-post'`.as('kind'),
        subject.as('subject'),
        sql<string>`'{"postId":' || posts.id || '}'`.as('payload'),
        sql<string>`'queued'`.as('state'),
        instant.as('run_at'),
        sql<number>`0`.as('attempts'),
        sql<number>`${sql.lit(Math.trunc(input.maxAttempts))}`.as('max_attempts'),
        instant.as('created_at'),
        instant.as('updated_at'),
      ])
      .where('posts.state', '=', 'scheduled')
      .where((eb) =>
        eb.or([
          eb.and([eb('posts.publishing_since', 'is', null), eb('posts.publish_at', '<=', input.now)]),
          eb('posts.publishing_since', '<', input.staleBefore),
        ]),
      )
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('jobs')
              .select('jobs.id')
              .where('jobs.kind', '=', 'publish-post')
              .where('jobs.subject', '=', subject)
              .where('jobs.state', 'in', ['queued', 'running']),
          ),
        ),
      )
      .orderBy(sql`row_number() over (partition by ${sql.ref('posts.owner_id')} order by ${sql.ref('posts.id')})`)
      .orderBy('posts.id');
    const rows = await trx
      .insertInto('jobs')
      .columns(['kind', 'subject', 'payload', 'state', 'run_at', 'attempts', 'max_attempts', 'created_at', 'updated_at'])
      .expression(due)
      .returning('subject')
      .execute();
    return rows.map((row) => Number(row.subject?.slice('post:'.length)));
  });
}
