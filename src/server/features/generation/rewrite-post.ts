import { type WriterImage, WriterError } from '../../adapters/ai/post-writer.ts';
import { AppError } from '../../errors.ts';
import { languageOf, writerProjectOf } from './generate-posts-job.ts';
import { makeWriterPreview } from './image-variants.ts';
import { findProjectForGeneration, listPostImagesToWrite } from './repo.ts';
import type { RewriteRequest } from '../posts/service.ts';
import { voiceForWriter } from '../voice/service.ts';
import type { GenerationDependencies } from './service.ts';

/**
 * Writes one post again with the configured writer (issue 24 item 5): the project as the generation
 * sends it, that post's images, its place in the series, its texts now and the studio's note. The
 * composition hands it to the posts feature; a writer's failure is the request's (502 with its code),
 * not the project's: nothing changes.
 */
export function createPostRewriter(deps: GenerationDependencies) {
  return async (input: RewriteRequest): Promise<{ instagram: string; linkedin: string }> => {
    const project = await findProjectForGeneration(deps.db, input.projectId);
    if (!project) throw new AppError('NOT_FOUND', `Project ${input.projectId} not found`);
    const images: WriterImage[] = [];
    for (const image of await listPostImagesToWrite(deps.db, input.postId)) {
      const preview = deps.writer.wantsImagePreviews
        ? { contentType: 'image/jpeg' as const, data: await makeWriterPreview(await deps.storage.get(image.instagram_key)) }
        : undefined;
      images.push({ url: deps.storage.publicUrl(image.instagram_key), ...(preview ? { preview } : {}) });
    }
    const voice = project.owner_id ? await voiceForWriter(deps.db, project.owner_id) : undefined;
    try {
      const [written] = await deps.writer.write({
        project: writerProjectOf(project),
        language: languageOf(project),
        instructions: project.prompt_text,
        ...(voice ? { voice } : {}),
        posts: [{ images }],
        rewrite: { post: input.sequence, of: input.count, note: input.note, current: input.current },
      });
      if (!written) throw new WriterError('GENERATION_AI_FAILED', 'The writer gave no post');
      return { instagram: written.instagram, linkedin: written.linkedin };
    } catch (error) {
      if (error instanceof WriterError) throw new AppError(error.code, error.message);
      throw error;
    }
  };
}
