import { GENERATION_STAGES, type GenerationStage, LAUNCH_ANIMATION_MS, LAUNCH_TICK_MS } from '../../../../domain/generation.ts';

/**
 * The launch screen's bar (SPEC §2, §9; decision 008): it moves at the pace that fills it in 10 s, but
 * never past the end of the stage the job has really reached, so it waits honestly on a slow stage and
 * finishes within the 10 s when the job is fast. Each of the five stages owns a fifth of the bar.
 */
const STEP = 100 / (LAUNCH_ANIMATION_MS / LAUNCH_TICK_MS);
const BAND = 100 / GENERATION_STAGES.length;

export interface JobProgress {
  /** The stage the job has reached; null while it waits in the queue. */
  stage: GenerationStage | null;
  done: boolean;
}

/** The bar's next value, one 50 ms tick later. */
export function nextProgress(current: number, job: JobProgress): number {
  const reached = job.stage === null ? -1 : GENERATION_STAGES.indexOf(job.stage);
  // Just short of the next stage's band: the next stage's message shows only when the job is there.
  const ceiling = job.done ? 100 : Math.max(0, (reached + 1) * BAND - 0.5);
  return Math.max(current, Math.min(ceiling, current + STEP));
}

/** The stage whose message shows for a value of the bar. */
export function stageAt(progress: number): GenerationStage {
  const index = Math.min(GENERATION_STAGES.length - 1, Math.floor(progress / BAND));
  return GENERATION_STAGES[index]!;
}
