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
