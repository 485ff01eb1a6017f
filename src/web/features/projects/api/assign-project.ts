import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Project } from '../../../../domain/project.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { projectQueryKey } from './get-project.ts';
import { projectsQueryKey } from './list-projects.ts';

/** POST /api/projects/:id/assign (admin): the project's customer becomes this user. */
export function useAssignProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, userId }: { id: number; userId: string }) => apiRequest<Project>(`/api/projects/${id}/assign`, { method: 'POST', body: { userId } }),
    onSuccess: async (project) => {
      queryClient.setQueryData(projectQueryKey(project.id), project);
      await queryClient.invalidateQueries({ queryKey: [...projectsQueryKey, 'list'] });
    },
  });
}
