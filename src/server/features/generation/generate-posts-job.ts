import { z } from 'zod';
import { type GenerationStage, type GenerationStatus, shareImages } from '../../../domain/generation.ts';
import { hashtagsOf } from '../../../domain/hashtags.ts';
import { parseKeywords } from '../../../domain/keywords.ts';
import { DEFAULT_LANGUAGE, isLanguage } from '../../../domain/languages.ts';
import { type WriterImage, type WriterProject, type WrittenPost, WriterError } from '../../adapters/ai/post-writer.ts';
import { templateAltTexts } from '../../adapters/ai/template-alt-texts.ts';
import { AppError } from '../../errors.ts';
import type { JobContext } from '../../jobs/job-queue.ts';
import { makeImageVariants, makeWriterPreview } from './image-variants.ts';
import {
  type NewPost,
  type ProjectForGeneration,
  applyGeneratedPosts,
  findProjectForGeneration,
  listSelectedImages,
  markGenerationFailed,
  variantKeysInUse,
} from './repo.ts';
import type { GenerationDependencies } from './service.ts';
import { voiceForWriter } from '../voice/service.ts';
import { recordPostEvent } from '../history/service.ts';
import { audienceOf } from '../../events/event-hub.ts';

const payloadSchema = z.object({ projectId: z.number().int().positive() });

/** A failure the studio is told about, with the code the browser translates. */
class GenerationFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The `generate-posts` job (DESIGN §6, §7): its five stages are the ones the launch screen shows, reported
 * as they happen. On success the project is in preview with its posts; on failure it is a draft again
 * with the reason. A run after a crash redoes the work and replaces what the crashed run left.
 */
export function createGeneratePostsHandler(deps: GenerationDependencies) {
  return async function generatePosts({ job, reportProgress, signal }: JobContext): Promise<void> {
    const { projectId } = payloadSchema.parse(job.payload);
    const project = await findProjectForGeneration(deps.db, projectId);
    // Recovered or deleted since it was launched: nothing to do.
    if (!project || project.state !== 'inProgress') return;
    const audience = audienceOf(project.created_by, project.assigned_to);
    const announce = (status: GenerationStatus) => deps.events.publish({ type: 'generation', status }, audience);
    const enter = async (stage: GenerationStage) => {
      await reportProgress({ stage });
      announce({ projectId, status: 'running', stage, error: null });
    };

    const written: string[] = [];
    try {
      await enter('preparing');
      const ownerId = project.owner_id;
      if (!ownerId) throw new GenerationFailure('GENERATION_FAILED', 'The project has no customer to own its posts');
      const images = await listSelectedImages(deps.db, projectId);
      if (images.length < project.publications) {
        throw new GenerationFailure('NOT_ENOUGH_IMAGES', `The project makes ${project.publications} posts and has ${images.length} selected images`);
      }
      const originals = await Promise.all(
        images.map(async (image) => ({ id: image.id, key: image.storage_key, body: await deps.storage.get(image.storage_key) })),
      );
      const shares = shareImages(originals, project.publications);

      await enter('generating');
      const drafts = project.required_ai ? await writePosts(deps, project, shares, signal) : plainPosts(project, shares);

      await enter('optimizing');
      const posts: NewPost[] = [];
      for (const [index, share] of shares.entries()) {
        const postImages: NewPost['images'] = [];
        // One image at a time: at most one decoded picture in memory.
        for (const [position, original] of share.entries()) {
          signal.throwIfAborted();
          const variants = await makeImageVariants(original.body, projectId);
          await deps.storage.put(variants.instagram.key, variants.instagram.body, 'image/jpeg');
          await deps.storage.put(variants.linkedin.key, variants.linkedin.body, variants.linkedin.contentType);
          written.push(variants.instagram.key, variants.linkedin.key);
          postImages.push({
            projectImageId: original.id,
            instagram: { key: variants.instagram.key, width: variants.instagram.width, height: variants.instagram.height },
            linkedin: { key: variants.linkedin.key, contentType: variants.linkedin.contentType },
            altText: drafts[index]!.altTexts[position]!,
          });
        }
        const { instagram, linkedin } = drafts[index]!;
        // One text for both until someone writes them apart: LinkedIn's null says "the same" (decision 034).
        posts.push({ text: instagram, linkedinText: linkedin === instagram ? null : linkedin, images: postImages });
      }

      await enter('applying');
      const appliedAt = deps.now();
      const postIds = await applyGeneratedPosts(deps.db, deps.dialect, { projectId, ownerId, posts }, appliedAt, (trx, postId) =>
        recordPostEvent(trx, { postId, kind: 'generated', actorId: null, via: 'system', at: appliedAt }),
      );

      await enter('finalizing');
      if (!postIds) {
        // Recovered while it ran: what this run wrote goes away.
        await removeUnused(deps, written);
        return;
      }
      for (const postId of postIds) deps.events.publish({ type: 'post', postId, projectId, state: 'preview' }, audienceOf(ownerId, ...audience.userIds));
      deps.events.publish({ type: 'project', projectId, state: 'preview' }, audience);
      announce({ projectId, status: 'succeeded', stage: 'finalizing', error: null });
      deps.log.info({ projectId, posts: postIds.length, writer: deps.writer.kind }, 'Posts generated');
    } catch (error) {
      // The worker is stopping or lost the job: another run will do it, the project stays in progress.
      if (signal.aborted) throw error;
      const failure = describeFailure(error);
      deps.log.warn({ err: error, projectId, code: failure.code }, 'Generation failed');
      await removeUnused(deps, written);
      if (await markGenerationFailed(deps.db, projectId, failure, deps.now())) {
        deps.events.publish({ type: 'project', projectId, state: 'draft' }, audience);
        announce({ projectId, status: 'failed', stage: null, error: failure });
      }
      throw new Error(`${failure.code}: ${failure.message}`, { cause: error });
    }
  };
}

async function writePosts(
  deps: GenerationDependencies,
  project: ProjectForGeneration,
  shares: { id: number; key: string; body: Buffer }[][],
  signal: AbortSignal,
): Promise<WrittenPost[]> {
  const posts: { images: WriterImage[] }[] = [];
  for (const share of shares) {
    const images: WriterImage[] = [];
    for (const image of share) {
      const preview = deps.writer.wantsImagePreviews ? { contentType: 'image/jpeg' as const, data: await makeWriterPreview(image.body) } : undefined;
      images.push({ url: deps.storage.publicUrl(image.key), ...(preview ? { preview } : {}) });
    }
    posts.push({ images });
  }
  const voice = project.owner_id ? await voiceForWriter(deps.db, project.owner_id) : undefined;
  const written = await deps.writer.write({
    project: writerProjectOf(project),
    language: languageOf(project),
    instructions: project.prompt_text,
    ...(voice ? { voice } : {}),
    posts,
    signal,
  });
  const complete = (post: WrittenPost, index: number) =>
    post.instagram.trim() !== '' && post.linkedin.trim() !== '' && post.altTexts.length === shares[index]!.length;
  if (written.length !== shares.length || !written.every(complete)) {
    throw new GenerationFailure('GENERATION_AI_FAILED', `The writer gave ${written.length} complete posts for ${shares.length} posts`);
  }
  return written;
}

export function writerProjectOf(project: ProjectForGeneration): WriterProject {
  return {
    id: project.id,
    title: project.title,
    description: project.description,
    keywords: parseKeywords(project.keywords),
    category: project.category,
    location: project.location,
    year: project.year,
    authors: project.authors,
    collaborators: project.collaborators,
    promoter: project.promoter,
    photoCredit: project.photo_credit,
    weblink: project.weblink,
  };
}

export function languageOf(project: ProjectForGeneration) {
  return isLanguage(project.owner_language) ? project.owner_language : DEFAULT_LANGUAGE;
}

/**
 * Without AI (requiredAI false) a post says what the project says, with its keywords as hashtags: as
 * many as Instagram's limit leaves after the description's own (decision 014); the same text for both
 * networks, and the images described from the project's fields.
 */
function plainPosts(project: ProjectForGeneration, shares: unknown[][]): WrittenPost[] {
  const description = project.description.trim();
  const hashtags = hashtagsOf(parseKeywords(project.keywords), description);
  const text = [description, hashtags.join(' ')].filter((part) => part !== '').join('\n\n');
  const total = shares.reduce((sum, share) => sum + share.length, 0);
  let before = 0;
  return shares.map((share) => {
    const altTexts = templateAltTexts(writerProjectOf(project), languageOf(project), { first: before, count: share.length, total });
    before += share.length;
    return { instagram: text, linkedin: text, altTexts };
  });
}

function describeFailure(error: unknown): { code: string; message: string } {
  if (error instanceof WriterError || error instanceof GenerationFailure) return { code: error.code, message: error.message };
  // An image stored before today's limits that has too many pixels to make the networks' versions of.
  if (error instanceof AppError && error.code === 'IMAGE_TOO_LARGE') return { code: error.code, message: error.message };
  return { code: 'GENERATION_FAILED', message: 'The posts could not be generated' };
}

async function removeUnused(deps: GenerationDependencies, keys: string[]): Promise<void> {
  const inUse = await variantKeysInUse(deps.db, keys);
  for (const key of new Set(keys)) {
    if (!inUse.has(key)) await deps.storage.remove(key).catch((error: unknown) => deps.log.error({ err: error, key }, 'Removing a file failed'));
  }
}
