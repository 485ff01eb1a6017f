import type { Kysely } from 'kysely';
import { POST_METRICS, type PostMetric } from '../../domain/post-metrics.ts';
import { instantOf } from '../../domain/studio-time.ts';
import type { Database } from '../db/schema.ts';
import { projectRowValues } from './projects.ts';
import { storedFlag, storedInstant } from './stored-values.ts';

/**
 * Posts written straight into the database, as the generation job would leave them (or as publishing
 * would, for published ones), for the posts API's tests. Image variants need no real files: any keys.
 */
export interface TestPostImage {
  instagramKey?: string;
  linkedinKey?: string;
  status?: 'pending' | 'not_selected';
  width?: number;
  height?: number;
}

export interface TestPostInput {
  projectId: number;
  ownerId: string | null;
  state?: 'preview' | 'awaiting_approval' | 'scheduled' | 'published';
  text?: string;
  sequence?: number;
  publishOn?: string | null;
  /** With a day: its time in Madrid (the test app's zone), 09:00 (PUBLISH_HOUR) unless given. */
  publishTime?: string;
  networks?: { instagram?: boolean; linkedin?: boolean; facebook?: boolean };
  /** A publish job holds it. */
  publishingSince?: Date | null;
  publishedAt?: Date | null;
  createdAt?: Date;
  /** Two images with keys of their own by default. */
  images?: TestPostImage[];
  results?: { network: 'instagram' | 'linkedin'; status: string; targetName?: string; permalink?: string; error?: string; finishedAt?: Date }[];
}

let counter = 0;

export async function createTestPost(db: Kysely<Database>, input: TestPostInput): Promise<{ id: number; imageIds: number[] }> {
  const createdAt = input.createdAt ?? new Date();
  const publishOn = input.publishOn ?? null;
  const publishTime = publishOn === null ? null : (input.publishTime ?? '09:00');
  const { id } = await db
    .insertInto('posts')
    .values({
      project_id: input.projectId,
      owner_id: input.ownerId,
      sequence: input.sequence ?? 1,
      state: input.state ?? 'preview',
      text: input.text ?? 'Una casa junto al mar #arquitectura',
      publish_on: publishOn,
      publish_time: publishTime,
      publish_at: publishOn === null ? null : storedInstant(instantOf(publishOn, publishTime!, 'Europe/Madrid')),
      to_instagram: storedFlag(input.networks?.instagram ?? false),
      to_linkedin: storedFlag(input.networks?.linkedin ?? false),
      to_facebook: storedFlag(input.networks?.facebook ?? false),
      publishing_since: input.publishingSince ? storedInstant(input.publishingSince) : null,
      published_at: input.publishedAt ? storedInstant(input.publishedAt) : null,
      created_at: storedInstant(createdAt),
      updated_at: storedInstant(createdAt),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const images = input.images ?? [{}, {}];
  const imageIds: number[] = [];
  for (const [position, image] of images.entries()) {
    counter += 1;
    const row = await db
      .insertInto('post_images')
      .values({
        post_id: id,
        project_image_id: null,
        position,
        status: image.status ?? 'pending',
        instagram_key: image.instagramKey ?? `posts/test/${id}-${counter}-ig.jpg`,
        instagram_width: image.width ?? 1080,
        instagram_height: image.height ?? 1350,
        linkedin_key: image.linkedinKey ?? `posts/test/${id}-${counter}-li.jpg`,
        linkedin_content_type: 'image/jpeg',
        created_at: storedInstant(createdAt),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    imageIds.push(row.id);
  }
  for (const result of input.results ?? []) {
    await db
      .insertInto('post_results')
      .values({
        post_id: id,
        network: result.network,
        target_id: null,
        target_name: result.targetName ?? null,
        status: result.status,
        remote_id: null,
        permalink: result.permalink ?? null,
        error: result.error ?? null,
        attempts: 1,
        started_at: null,
        finished_at: result.finishedAt ? storedInstant(result.finishedAt) : null,
        created_at: storedInstant(createdAt),
        updated_at: storedInstant(createdAt),
      })
      .execute();
  }
  return { id, imageIds };
}

/** A project row to hang posts on, created by and assigned to whom the test says. */
export async function createTestProject(
  db: Kysely<Database>,
  input: { title?: string; createdBy?: string | null; assignedTo?: string | null; state?: string } = {},
): Promise<number> {
  const { id } = await db
    .insertInto('projects')
    .values(
      projectRowValues({
        title: input.title ?? 'Casa del Mar',
        created_by: input.createdBy ?? null,
        assigned_to: input.assignedTo ?? null,
        state: input.state ?? 'preview',
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** A reading of a published post's figures (post_metrics), as the read-metrics job would store it. */
export interface TestReading {
  postId: number;
  projectId: number;
  network: 'instagram' | 'linkedin';
  remoteId: string;
  publishedAt: Date;
  /** A day after publishing unless said. */
  readAt?: Date;
  /** The post's latest figures on that network (true unless said): the ones every sum counts. */
  latest?: boolean;
  figures: Partial<Record<PostMetric, number>>;
}

export async function createTestReading(db: Kysely<Database>, reading: TestReading): Promise<void> {
  await db
    .insertInto('post_metrics')
    .values((eb) => ({
      post_id: reading.postId,
      project_id: reading.projectId,
      owner_id: eb.selectFrom('posts').select('owner_id').where('id', '=', reading.postId),
      network: reading.network,
      remote_id: reading.remoteId,
      published_at: storedInstant(reading.publishedAt),
      read_at: storedInstant(reading.readAt ?? new Date(reading.publishedAt.getTime() + 86_400_000)),
      outcome: 'read',
      latest: storedFlag(reading.latest ?? true),
      ...(Object.fromEntries(POST_METRICS.map((metric) => [metric, reading.figures[metric] ?? null])) as Record<PostMetric, number | null>),
    }))
    .execute();
}
