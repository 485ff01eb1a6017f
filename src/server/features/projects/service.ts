import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  CATEGORIES,
  IMAGE_LIMITS,
  PROJECT_STATES,
  type ListProjectsQuery,
  type Person,
  type Project,
  type ProjectImage,
  type ProjectPage,
  type ProjectState,
  type ProjectUpdate,
  type ProjectValues,
  type UploadResult,
} from '../../../domain/project.ts';
import type { Storage } from '../../adapters/storage/storage.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { Dialect } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { readInstant } from '../../db/values.ts';
import { AppError } from '../../errors.ts';
import type { UploadedFile } from '../../http/uploads.ts';
import { MAX_IMAGES_AT_ONCE } from '../../lib/image-work.ts';
import { moveUnpublishedPosts } from '../posts/service.ts';
import { projectFiguresOf } from '../metrics/service.ts';
import { getPrompt } from '../prompts/service.ts';
import { type PreparedImage, type RejectionReason, prepareProjectImage } from './project-image.ts';
import {
  type ImageRow,
  type ProjectRow,
  type ProjectViewer,
  arrangeImageRows,
  countPostsOfProjects,
  countProjectsByState,
  deleteImageRow,
  deleteProjectRow,
  findProjectRow,
  findRoleOfUser,
  insertImageRowWithinLimit,
  insertProject,
  listImageRows,
  listProjectRows,
  reassignProjectRow,
  updateProjectRow,
  updateProjectValues,
} from './repo.ts';
import type { Clock } from '../../lib/clock.ts';

export interface ProjectsDependencies {
  db: Kysely<Database>;
  dialect: Dialect;
  storage: Storage;
  log: FastifyBaseLogger;
  now: Clock;
}

/** Basic users have no projects (SPEC §6); admins see all; customers and publishers their own and assigned ones. */
function viewerOf(actor: SessionUser): ProjectViewer {
  if (actor.role === 'basic') throw new AppError('FORBIDDEN', 'Your role has no access to projects');
  return { id: actor.id, seesAll: actor.role === 'admin' };
}

/** How many projects the actor sees in each state: the list's chips, which the home page shows too. */
export function countProjectsOf(db: Kysely<Database>, actor: SessionUser): Promise<Record<ProjectState, number>> {
  return countProjectsByState(db, viewerOf(actor));
}

function person(id: string | null, first: string | null, last: string | null, email: string | null): Person | null {
  return id ? { id, first_name: first ?? '', last_name: last ?? '', email: email ?? '' } : null;
}

function toImage(row: ImageRow, storage: Storage): ProjectImage {
  return {
    id: row.id,
    position: row.position,
    status: row.status === 'not_selected' ? 'not_selected' : 'pending',
    url: storage.publicUrl(row.storage_key),
    thumbnail_url: storage.publicUrl(row.thumbnail_key),
    width: row.width,
    height: row.height,
    bytes: row.bytes,
    original_name: row.original_name,
  };
}

function toProject(row: ProjectRow, images: ImageRow[], storage: Storage): Project {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    keywords: row.keywords,
    weblink: row.weblink,
    maps_url: row.maps_url,
    location: row.location,
    show_map: row.show_map,
    promoter: row.promoter,
    collaborators: row.collaborators,
    authors: row.authors,
    category: (CATEGORIES as readonly string[]).includes(row.category) ? (row.category as Project['category']) : '',
    year: row.year,
    photo_credit: row.photo_credit,
    photo_credit_link: row.photo_credit_link,
    publications: row.publications,
    required_ai: row.required_ai,
    prompt_id: row.prompt_id,
    prompt_text: row.prompt_text,
    state: toState(row.state),
    created_by: person(row.created_by, row.creator_first_name, row.creator_last_name, row.creator_email),
    assigned_to: person(row.assigned_to, row.assignee_first_name, row.assignee_last_name, row.assignee_email),
    images: images.map((image) => toImage(image, storage)),
    created_at: readInstant(row.created_at).toISOString(),
    updated_at: readInstant(row.updated_at).toISOString(),
  };
}

const toState = (value: string): ProjectState => ((PROJECT_STATES as readonly string[]).includes(value) ? (value as ProjectState) : 'draft');

export async function listProjects(deps: ProjectsDependencies, actor: SessionUser, query: ListProjectsQuery): Promise<ProjectPage> {
  const { rows, total, states } = await listProjectRows(deps.db, viewerOf(actor), query);
  const ids = rows.map((row) => row.id);
  // The page's projects only (listProjectRows decided who sees them): their counts and figures, batched.
  const [posts, figures] = await Promise.all([countPostsOfProjects(deps.db, ids), projectFiguresOf(deps, ids)]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      title: row.title,
      state: toState(row.state),
      weblink: row.weblink,
      maps_url: row.maps_url,
      show_map: row.show_map,
      created_by: person(row.created_by, row.creator_first_name, row.creator_last_name, row.creator_email),
      assigned_to: person(row.assigned_to, row.assignee_first_name, row.assignee_last_name, row.assignee_email),
      created_at: readInstant(row.created_at).toISOString(),
      posts: posts.get(row.id) ?? { total: 0, published: 0 },
      figures: figures.get(row.id) ?? [],
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
    states: PROJECT_STATES.filter((state) => states.includes(state)),
  };
}

/** A project the actor may see; any other answers 404 (SPEC §8 "Project with id {id} not found"). */
export async function getProject(deps: ProjectsDependencies, actor: SessionUser, id: number): Promise<Project> {
  const row = await findProjectRow(deps.db, viewerOf(actor), id);
  if (!row) throw new AppError('NOT_FOUND', `Project with id ${id} not found`);
  return toProject(row, await listImageRows(deps.db, id), deps.storage);
}

/** The prompt's text is copied into the project: the project keeps what it was launched with. */
async function promptTextFor(deps: ProjectsDependencies, actor: SessionUser, promptId: number | null): Promise<string> {
  if (promptId === null) return '';
  try {
    return (await getPrompt(deps, actor, promptId)).description;
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND')
      throw new AppError('VALIDATION_FAILED', `Prompt with id ${promptId} not found`, { prompt_id: 'promptNotFound' });
    throw error;
  }
}

function assertMayShowMap(actor: SessionUser, wanted: boolean | undefined, current: boolean): void {
  if (wanted !== undefined && wanted !== current && actor.role !== 'admin') {
    throw new AppError('FORBIDDEN', 'Only an administrator can publish the map link');
  }
}

/** New projects start as draft (SPEC §4), created by the actor. */
export async function createProject(deps: ProjectsDependencies, actor: SessionUser, input: ProjectValues): Promise<Project> {
  viewerOf(actor);
  assertMayShowMap(actor, input.show_map, false);
  const now = deps.now().toISOString();
  const id = await insertProject(deps.db, deps.dialect, {
    ...input,
    prompt_text: await promptTextFor(deps, actor, input.prompt_id),
    state: 'draft',
    created_by: actor.id,
    assigned_to: null,
    created_at: now,
    updated_at: now,
  });
  return getProject(deps, actor, id);
}

/** Only the fields sent change. */
export async function updateProject(deps: ProjectsDependencies, actor: SessionUser, id: number, changes: ProjectUpdate): Promise<Project> {
  const current = await getProject(deps, actor, id);
  assertMayShowMap(actor, changes.show_map, current.show_map);
  const { prompt_id: promptId, ...plain } = changes;
  await updateProjectValues(
    deps.db,
    deps.dialect,
    id,
    {
      ...plain,
      ...(promptId === undefined ? {} : { prompt_id: promptId, prompt_text: await promptTextFor(deps, actor, promptId) }),
    },
    deps.now(),
  );
  return getProject(deps, actor, id);
}

/** Deletes the project, then its files; a file that cannot be removed is logged, not fatal. */
export async function deleteProject(deps: ProjectsDependencies, actor: SessionUser, id: number): Promise<void> {
  const project = await getProject(deps, actor, id);
  const images = await listImageRows(deps.db, id);
  await deleteProjectRow(deps.db, id);
  await removeFiles(
    deps,
    images.flatMap((image) => [image.storage_key, image.thumbnail_key]),
  );
  deps.log.info({ projectId: project.id, actor: actor.id }, 'Project deleted');
}

/** Admins assign a project to a customer (SPEC §5 Assign dialog); reassigning replaces the customer. */
export async function assignProject(deps: ProjectsDependencies, actor: SessionUser, id: number, userId: string): Promise<Project> {
  if (actor.role !== 'admin') throw new AppError('FORBIDDEN', 'Only an administrator can assign projects');
  await getProject(deps, actor, id);
  if ((await findRoleOfUser(deps.db, userId)) !== 'customer')
    throw new AppError('VALIDATION_FAILED', 'A project can only be assigned to a customer', { userId: 'userNotCustomer' });
  const at = deps.now();
  // The new customer's accounts publish what is left to publish (DESIGN §6); the project, its posts and
  // their history (decision 041) change together or not at all.
  await reassignProjectRow(deps.db, id, userId, at, (trx) => moveUnpublishedPosts(trx, { projectId: id, ownerId: userId, at, actor }));
  return getProject(deps, actor, id);
}

/** Images of one upload prepared at once, the next to be kept included: the image gate's two places and two finished early. */
const PREPARED_AHEAD = 2 * MAX_IMAGES_AT_ONCE;

/**
 * Adds images, each checked on its own: a file that fails is reported by name and skipped, the others
 * are kept, in the order sent. When every file fails, the answer is the first failure's error. The
 * files are taken as they arrive; nothing is kept before the last has arrived, so a request that fails
 * while arriving changes nothing.
 */
export async function uploadImages(deps: ProjectsDependencies, actor: SessionUser, id: number, arriving: AsyncIterable<UploadedFile>): Promise<UploadResult> {
  await getProject(deps, actor, id);
  let free = IMAGE_LIMITS.perProject - (await listImageRows(deps.db, id)).length;
  const rejected: { name: string; reason: RejectionReason }[] = [];
  // Images are prepared ahead of the one being kept (from the first while the others still arrive), so
  // that the image gate's two places (both cores) stay busy whichever finishes first; kept in the order
  // sent. Never more ahead than the free places (a refused file leaves its place to the next), nor than
  // PREPARED_AHEAD: each finished image waiting its turn holds its output in memory.
  const files: UploadedFile[] = [];
  const preparations: Promise<PreparedImage | { rejected: RejectionReason }>[] = [];
  const prepareAhead = (next: number) => {
    for (let ahead = preparations.length; ahead < files.length && ahead < next + Math.min(free, PREPARED_AHEAD); ahead += 1) {
      const file = files[ahead]!;
      preparations.push(file.tooLarge ? Promise.resolve({ rejected: 'tooLarge' }) : prepareProjectImage(file.body, id));
    }
  };
  for await (const file of arriving) {
    files.push(file);
    prepareAhead(0);
  }
  for (const [index, file] of files.entries()) {
    if (free <= 0) {
      rejected.push({ name: file.name, reason: 'tooMany' });
      continue;
    }
    prepareAhead(index);
    const prepared = await preparations[index]!;
    if ('rejected' in prepared) {
      rejected.push({ name: file.name, reason: prepared.rejected });
      continue;
    }
    // The place is taken in the database first: another upload to the same project at the same time
    // may have filled it while this one was decoding.
    const imageId = await insertImageRowWithinLimit(deps.db, deps.dialect, IMAGE_LIMITS.perProject, {
      project_id: id,
      status: 'pending',
      storage_key: prepared.original.key,
      thumbnail_key: prepared.thumbnail.key,
      content_type: prepared.original.contentType,
      width: prepared.width,
      height: prepared.height,
      bytes: prepared.original.body.length,
      original_name: file.name.slice(0, 255),
      created_at: deps.now().toISOString(),
    });
    if (imageId === null) {
      free = 0;
      rejected.push({ name: file.name, reason: 'tooMany' });
      continue;
    }
    try {
      await deps.storage.put(prepared.original.key, prepared.original.body, prepared.original.contentType);
      await deps.storage.put(prepared.thumbnail.key, prepared.thumbnail.body, prepared.thumbnail.contentType);
    } catch (error) {
      await deleteImageRow(deps.db, id, imageId);
      throw error;
    }
    free -= 1;
  }
  if (files.length > 0 && rejected.length === files.length) throw rejectionError(rejected);
  await updateProjectRow(deps.db, id, {}, deps.now());
  return { images: (await listImageRows(deps.db, id)).map((image) => toImage(image, deps.storage)), rejected };
}

function rejectionError(rejected: { name: string; reason: RejectionReason }[]): AppError {
  const names = Object.fromEntries(rejected.map((entry) => [entry.name, entry.reason]));
  const first = rejected[0]!.reason;
  if (first === 'tooLarge') return new AppError('PAYLOAD_TOO_LARGE', 'max size allowed 5MB', names);
  if (first === 'aspectRatio') return new AppError('IMAGE_ASPECT_RATIO', 'The aspect ratio must be between 0.8 and 1.91', names);
  if (first === 'tooMany') return new AppError('TOO_MANY_IMAGES', `A project takes ${IMAGE_LIMITS.perProject} images at most`, names);
  if (first === 'tooManyPixels') return new AppError('IMAGE_TOO_LARGE', 'The image has too many pixels to process', names);
  return new AppError('UNSUPPORTED_IMAGE', 'The images must be JPEG, PNG or WebP', names);
}

/** Sets the order (the publication sequence) and the selection; the list must be exactly the project's images. */
export async function arrangeImages(
  deps: ProjectsDependencies,
  actor: SessionUser,
  id: number,
  images: { id: number; status: 'pending' | 'not_selected' }[],
): Promise<{ images: ProjectImage[] }> {
  await getProject(deps, actor, id);
  const existing = await listImageRows(deps.db, id);
  const sent = images.map((image) => image.id).sort((a, b) => a - b);
  const actual = existing.map((image) => image.id).sort((a, b) => a - b);
  if (sent.length !== actual.length || sent.some((imageId, index) => imageId !== actual[index])) {
    throw new AppError('CONFLICT', "The list must hold each of the project's images exactly once", { images: 'imagesMismatch' });
  }
  await arrangeImageRows(deps.db, id, images);
  await updateProjectRow(deps.db, id, {}, deps.now());
  return { images: (await listImageRows(deps.db, id)).map((image) => toImage(image, deps.storage)) };
}

export async function deleteImage(deps: ProjectsDependencies, actor: SessionUser, id: number, imageId: number): Promise<{ images: ProjectImage[] }> {
  await getProject(deps, actor, id);
  const image = (await listImageRows(deps.db, id)).find((row) => row.id === imageId);
  if (!image) throw new AppError('NOT_FOUND', `Image with id ${imageId} not found`);
  await deleteImageRow(deps.db, id, imageId);
  const remaining = await listImageRows(deps.db, id);
  // Names are content hashes: the same picture uploaded twice shares its files, kept while a copy is left.
  const stillShown = new Set(remaining.flatMap((row) => [row.storage_key, row.thumbnail_key]));
  await removeFiles(
    deps,
    [image.storage_key, image.thumbnail_key].filter((key) => !stillShown.has(key)),
  );
  await updateProjectRow(deps.db, id, {}, deps.now());
  return { images: remaining.map((row) => toImage(row, deps.storage)) };
}

async function removeFiles(deps: ProjectsDependencies, keys: string[]): Promise<void> {
  for (const key of keys) {
    await deps.storage.remove(key).catch((error: unknown) => deps.log.error({ err: error, key }, 'Removing a file failed'));
  }
}
