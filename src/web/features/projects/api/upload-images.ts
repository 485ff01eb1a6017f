import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Project, UploadResult } from '../../../../domain/project.ts';
import { uploadWithProgress } from '../../../lib/api-client.ts';
import { projectQueryKey } from './get-project.ts';

/**
 * POST /api/projects/:id/images: the files in one multipart request (each a "files" field), with the
 * upload's progress (0 to 1). The answer is the project's images now and the files refused by name.
 */
export function useUploadImages() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: ({ projectId, files }: { projectId: number; files: File[] }) => {
      const body = new FormData();
      for (const file of files) body.append('files', file, file.name);
      setProgress(0);
      return uploadWithProgress<UploadResult>(`/api/projects/${projectId}/images`, body, setProgress);
    },
    onSuccess: ({ images }, { projectId }) => {
      queryClient.setQueryData<Project>(projectQueryKey(projectId), (project) => (project ? { ...project, images } : project));
    },
    onSettled: () => setProgress(null),
  });
  return { ...mutation, progress };
}
