import { z } from 'zod';

/**
 * The generation of a launched project's posts (SPEC §2 launch progress, §9; DESIGN §6, §7): five real
 * stages, reported by the job as they happen.
 */
export const GENERATION_STAGES = ['preparing', 'generating', 'optimizing', 'applying', 'finalizing'] as const;
export type GenerationStage = (typeof GENERATION_STAGES)[number];

/** SPEC §9: the animation's 10 seconds when the job is fast, and its 50 ms ticks. */
export const LAUNCH_ANIMATION_MS = 10_000;
export const LAUNCH_TICK_MS = 50;

export const generationStatusSchema = z.object({
  projectId: z.number().int(),
  /** idle: no generation on record (a draft never launched, or recovered). */
  status: z.enum(['idle', 'queued', 'running', 'succeeded', 'failed']),
  stage: z.enum(GENERATION_STAGES).nullable(),
  /** Why it failed: an error code (translated by the browser) and the English message. */
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type GenerationStatus = z.infer<typeof generationStatusSchema>;

/**
 * Shares the selected images out among the posts, in their order (the publication sequence): each image
 * goes to exactly one post, each post gets at least one, the first posts take one more when the count
 * does not divide evenly (5 images, 2 posts: 3 and 2). Throws when there are fewer images than posts.
 */
export function shareImages<T>(images: readonly T[], postCount: number): T[][] {
  if (!Number.isInteger(postCount) || postCount < 1) throw new RangeError('At least one post');
  if (images.length < postCount) throw new RangeError(`${postCount} posts need ${postCount} images at least, ${images.length} given`);
  const base = Math.floor(images.length / postCount);
  const extra = images.length % postCount;
  const shares: T[][] = [];
  let next = 0;
  for (let index = 0; index < postCount; index += 1) {
    const size = base + (index < extra ? 1 : 0);
    shares.push(images.slice(next, next + size));
    next += size;
  }
  return shares;
}
