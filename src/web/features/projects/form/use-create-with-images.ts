import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Project, UploadResult } from '../../../../domain/project.ts';
import { useErrorMessage } from '../../../lib/use-error-message.ts';
import { useArrangeImages } from '../api/arrange-images.ts';
import { useCreateProject } from '../api/create-project.ts';
import { useUploadImages } from '../api/upload-images.ts';
import type { DraftImage } from '../images/draft-images.tsx';
import { type ImageProblems, NO_PROBLEMS } from '../images/image-alerts.tsx';

type CreateInput = Parameters<ReturnType<typeof useCreateProject>['mutateAsync']>[0];

/**
 * Creating a project with the images chosen in its form: the project first, then its images in the
 * order shown, then the selection (an image unticked before saving is saved unselected). A project is
 * created even when some of its images are refused; the caller is told which.
 */
export function useCreateWithImages() {
  const { t } = useTranslation('projects');
  const describe = useErrorMessage('first');
  const createProject = useCreateProject();
  const upload = useUploadImages();
  const arrange = useArrangeImages();
  const [drafts, setDrafts] = useState<DraftImage[]>([]);
  const [problems, setProblems] = useState<ImageProblems>(NO_PROBLEMS);
  const [running, setRunning] = useState(false);

  /** Resolves with the project and, when some images did not make it, a sentence saying which. */
  const run = async (input: CreateInput): Promise<{ project: Project; imagesFailed: string | null }> => {
    setRunning(true);
    try {
      const project = await createProject.mutateAsync(input);
      if (drafts.length === 0) return { project, imagesFailed: null };
      try {
        const result = await upload.mutateAsync({ projectId: project.id, files: drafts.map((draft) => draft.file) });
        const kept = keptDrafts(drafts, result.rejected);
        if (kept.length === result.images.length && kept.some((draft) => !draft.selected)) {
          await arrange.mutateAsync({
            projectId: project.id,
            images: result.images.map((image, index) => ({ id: image.id, status: kept[index]!.selected ? 'pending' : 'not_selected' })),
          });
        }
        const refused = result.rejected.map((file) => file.name);
        return { project, imagesFailed: refused.length > 0 ? t('images.alerts.afterCreate', { names: refused.join(', ') }) : null };
      } catch (error) {
        return { project, imagesFailed: t('images.alerts.afterCreateFailed', { message: describe(error) }) };
      }
    } finally {
      setRunning(false);
    }
  };

  return { drafts, setDrafts, problems, setProblems, progress: upload.progress, isPending: running, run };
}

/** The drafts the server kept, in order: each refused name takes out the first draft of that name. */
export function keptDrafts(drafts: DraftImage[], rejected: UploadResult['rejected']): DraftImage[] {
  const kept = [...drafts];
  for (const { name } of rejected) {
    const index = kept.findIndex((draft) => draft.file.name === name);
    if (index >= 0) kept.splice(index, 1);
  }
  return kept;
}
