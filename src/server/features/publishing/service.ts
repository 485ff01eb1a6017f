import type { JobHandler } from '../../jobs/job-queue.ts';
import type { PublishingDependencies } from './dependencies.ts';
import { createPublishPostHandler } from './publish-post-job.ts';
import { type PublishSweep, createPublishSweep } from './sweep.ts';

/**
 * Publishing (issue 7, DESIGN principle 4, §6): the `publish-post` job that takes a due post to each
 * chosen network with its owner's accounts, exactly once or "needs review", and the sweep that queues
 * the posts whose time has come and resumes those whose job was lost.
 */
export interface Publishing {
  /** The `publish-post` job handler. */
  handler: JobHandler;
  sweep: PublishSweep;
}

export function createPublishing(deps: PublishingDependencies): Publishing {
  return { handler: createPublishPostHandler(deps), sweep: createPublishSweep(deps) };
}
