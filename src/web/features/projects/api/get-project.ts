import { useQuery } from '@tanstack/react-query';
import type { Project } from '../../../../domain/project.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { projectsQueryKey } from './list-projects.ts';

export const projectQueryKey = (id: number) => [...projectsQueryKey, 'detail', id] as const;

/** One project with its images, for the form (404 for a project this user may not see). */
export function useProject(id: number | null) {
  return useQuery({
    queryKey: projectQueryKey(id ?? 0),
    queryFn: () => apiRequest<Project>(`/api/projects/${id}`),
    enabled: id !== null,
  });
}
