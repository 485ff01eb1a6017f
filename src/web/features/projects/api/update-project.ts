import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Project, ProjectUpdate } from '../../../../domain/project.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { projectQueryKey } from './get-project.ts';
import { projectsQueryKey } from './list-projects.ts';

/** PATCH /api/projects/:id with only the fields that changed. */
export function useUpdateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: ProjectUpdate }) => apiRequest<Project>(`/api/projects/${id}`, { method: 'PATCH', body: changes }),
    onSuccess: async (project) => {
      queryClient.setQueryData(projectQueryKey(project.id), project);
      await queryClient.invalidateQueries({ queryKey: [...projectsQueryKey, 'list'] });
    },
  });
}
