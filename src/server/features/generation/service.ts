import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { type GenerationStage, type GenerationStatus, GENERATION_STAGES } from '../../../domain/generation.ts';
import type { Project } from '../../../domain/project.ts';
import type { PostWriter } from '../../adapters/ai/post-writer.ts';
import type { Storage } from '../../adapters/storage/storage.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { Dialect } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { type EventHub, audienceOf } from '../../events/event-hub.ts';
import { getProject } from '../projects/service.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  findLatestGenerationJob,
  findLaunchError,
  listUnpublishedPosts,
  markGenerationFailed,
  moveToInProgressAndQueueGeneration,
  recoverProjectRows,
  variantKeysInUse,
} from './repo.ts';

export interface GenerationDependencies {
  db: Kysely<Database>;
  dialect: Dialect;
  storage: Storage;
  writer: PostWriter;
  events: EventHub;
  log: FastifyBaseLogger;
  /** Tells the job worker a job is due now, so the generation starts at once. */
  wakeJobs: () => void;
  now: Clock;
}

/** A crash or a lost job never leaves a project spinning: this failure shows instead. */
const LOST_GENERATION = { code: 'GENERATION_FAILED', message: 'The generation stopped before it finished' } as const;

function audienceOfProject(project: Project) {
  return audienceOf(project.created_by?.id, project.assigned_to?.id);
}

/**
 * Launch (SPEC §4, draft only): the project moves to inProgress and its generation job is queued, in one
 * transaction. Refused when it has fewer selected images than posts: every Instagram post needs one.
 */
export async function launchProject(deps: GenerationDependencies, actor: SessionUser, projectId: number): Promise<GenerationStatus> {
  const project = await getProject(deps, actor, projectId);
  if (project.state !== 'draft') throw new AppError('CONFLICT', 'Only a draft project can be launched');
  const selected = project.images.filter((image) => image.status === 'pending').length;
  if (selected < project.publications) {
    throw new AppError('NOT_ENOUGH_IMAGES', `The project makes ${project.publications} posts and has ${selected} selected images: each post needs one`, {
      images: 'notEnoughImages',
    });
  }
  if (!project.assigned_to && !project.created_by) throw new AppError('CONFLICT', 'The project has no customer to own its posts');
  const queued = await moveToInProgressAndQueueGeneration(deps.db, projectId, deps.now());
  // Two launches at once: the second finds the project in progress already.
  if (!queued) throw new AppError('CONFLICT', 'Only a draft project can be launched');
  deps.log.info({ projectId, actor: actor.id }, 'Project launched');
  const status: GenerationStatus = { projectId, status: 'queued', stage: null, error: null };
  deps.events.publish({ type: 'project', projectId, state: 'inProgress' }, audienceOfProject(project));
  deps.events.publish({ type: 'generation', status }, audienceOfProject(project));
  deps.wakeJobs();
  return status;
}

/** Where the project's generation is: derived from the project's state and its latest job. */
export async function getGenerationStatus(deps: GenerationDependencies, actor: SessionUser, projectId: number): Promise<GenerationStatus> {
  const project = await getProject(deps, actor, projectId);
  const job = await findLatestGenerationJob(deps.db, projectId);
  if (project.state === 'preview' || project.state === 'launched') return { projectId, status: 'succeeded', stage: 'finalizing', error: null };
  if (project.state === 'inProgress') {
    if (!job || job.state === 'failed' || job.state === 'done') {
      // The job ended without moving the project on (it was lost, or ran out of attempts).
      if (await markGenerationFailed(deps.db, projectId, LOST_GENERATION, deps.now()))
        deps.events.publish({ type: 'project', projectId, state: 'draft' }, audienceOfProject(project));
      return { projectId, status: 'failed', stage: null, error: { ...LOST_GENERATION } };
    }
    return { projectId, status: job.state === 'running' ? 'running' : 'queued', stage: stageOf(job.progress), error: null };
  }
  const row = await findLaunchError(deps.db, projectId);
  if (row?.launch_error_code)
    return { projectId, status: 'failed', stage: null, error: { code: row.launch_error_code, message: row.launch_error_message ?? '' } };
  return { projectId, status: 'idle', stage: null, error: null };
}

function stageOf(progress: string | null): GenerationStage | null {
  if (!progress) return null;
  try {
    const stage = (JSON.parse(progress) as { stage?: unknown }).stage;
    return (GENERATION_STAGES as readonly unknown[]).includes(stage) ? (stage as GenerationStage) : null;
  } catch {
    return null;
  }
}

/**
 * Recovery (SPEC §4, any non-draft project): back to draft. Its published posts stay as they are; the
 * others are deleted with their image variants. Refused while one of its posts is being published.
 */
export async function recoverProject(deps: GenerationDependencies, actor: SessionUser, projectId: number): Promise<Project> {
  const project = await getProject(deps, actor, projectId);
  if (project.state === 'draft') throw new AppError('CONFLICT', 'The project is a draft already');
  const { posts, keys } = await listUnpublishedPosts(deps.db, projectId);
  if (posts.some((post) => post.publishing_since !== null))
    throw new AppError('POST_LOCKED', 'A post of this project is being published: try again when it is done');
  await recoverProjectRows(
    deps.db,
    projectId,
    posts.map((post) => post.id),
    deps.now(),
  );
  const inUse = await variantKeysInUse(deps.db, keys);
  for (const key of new Set(keys)) {
    if (inUse.has(key)) continue;
    await deps.storage.remove(key).catch((error: unknown) => deps.log.error({ err: error, key }, 'Removing a file failed'));
  }
  const audience = audienceOfProject(project);
  // A deleted post's event goes to who could read it: its owner (and administrators).
  for (const post of posts) deps.events.publish({ type: 'post', postId: post.id, projectId, state: null }, audienceOf(post.owner_id));
  deps.events.publish({ type: 'project', projectId, state: 'draft' }, audience);
  deps.log.info({ projectId, actor: actor.id, deletedPosts: posts.length }, 'Project recovered to draft');
  return getProject(deps, actor, projectId);
}
