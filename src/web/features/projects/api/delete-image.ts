import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Project, ProjectImage } from '../../../../domain/project.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { projectQueryKey } from './get-project.ts';

/** DELETE /api/projects/:id/images/:imageId: the answer is the images that remain, in order. */
export function useDeleteImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ projectId, imageId }: { projectId: number; imageId: number }) =>
      apiRequest<{ images: ProjectImage[] }>(`/api/projects/${projectId}/images/${imageId}`, { method: 'DELETE' }),
    onSuccess: ({ images }, { projectId }) => {
      queryClient.setQueryData<Project>(projectQueryKey(projectId), (project) => (project ? { ...project, images } : project));
    },
  });
}
