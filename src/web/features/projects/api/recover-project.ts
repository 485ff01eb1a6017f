import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Project } from '../../../../domain/project.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { projectsQueryKey } from './list-projects.ts';

/** POST /api/projects/:id/recover: back to draft; published posts stay, the others are deleted. */
export function useRecoverProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<Project>(`/api/projects/${id}/recover`, { method: 'POST' }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: projectsQueryKey });
      await queryClient.invalidateQueries({ queryKey: ['posts'] });
    },
  });
}
