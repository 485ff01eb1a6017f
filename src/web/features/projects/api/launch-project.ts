import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GenerationStatus } from '../../../../domain/generation.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { projectsQueryKey } from './list-projects.ts';

/** POST /api/projects/:id/launch: the project moves to inProgress and its generation job is queued. */
export function useLaunchProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<GenerationStatus>(`/api/projects/${id}/launch`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectsQueryKey }),
  });
}
