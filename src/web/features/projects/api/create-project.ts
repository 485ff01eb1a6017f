import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Project, ProjectValues } from '../../../../domain/project.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { projectsQueryKey } from './list-projects.ts';

/** POST /api/projects: the new project starts as a draft (SPEC §4). */
export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Partial<ProjectValues> & Pick<ProjectValues, 'title' | 'description'>) =>
      apiRequest<Project>('/api/projects', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectsQueryKey }),
  });
}
