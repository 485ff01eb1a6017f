import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImageStatus, Project, ProjectImage } from '../../../../domain/project.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { projectQueryKey } from './get-project.ts';

export interface ImageArrangement {
  id: number;
  status: ImageStatus;
}

/**
 * PATCH /api/projects/:id/images: the whole list in its new order, each selected (pending) or not.
 * The new order shows at once; it is put back if the server refuses.
 */
export function useArrangeImages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ projectId, images }: { projectId: number; images: ImageArrangement[] }) =>
      apiRequest<{ images: ProjectImage[] }>(`/api/projects/${projectId}/images`, { method: 'PATCH', body: { images } }),
    onMutate: async ({ projectId, images }) => {
      const key = projectQueryKey(projectId);
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Project>(key);
      if (before) {
        const byId = new Map(before.images.map((image) => [image.id, image]));
        const arranged = images.flatMap(({ id, status }, position) => {
          const image = byId.get(id);
          return image ? [{ ...image, status, position }] : [];
        });
        queryClient.setQueryData<Project>(key, { ...before, images: arranged });
      }
      return { before };
    },
    onError: (_error, { projectId }, context) => {
      if (context?.before) queryClient.setQueryData(projectQueryKey(projectId), context.before);
    },
    onSuccess: ({ images }, { projectId }) => {
      queryClient.setQueryData<Project>(projectQueryKey(projectId), (project) => (project ? { ...project, images } : project));
    },
  });
}
