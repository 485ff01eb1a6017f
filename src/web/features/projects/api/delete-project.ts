import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { projectQueryKey } from './get-project.ts';
import { projectsQueryKey } from './list-projects.ts';

/** DELETE /api/projects/:id: the server removes its images from storage too. */
export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<void>(`/api/projects/${id}`, { method: 'DELETE' }),
    onSuccess: async (_answer, id) => {
      queryClient.removeQueries({ queryKey: projectQueryKey(id) });
      await queryClient.invalidateQueries({ queryKey: [...projectsQueryKey, 'list'] });
    },
  });
}
