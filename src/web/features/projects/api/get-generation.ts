import { useQuery } from '@tanstack/react-query';
import type { GenerationStatus } from '../../../../domain/generation.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * GET /api/projects/:id/generation, asked every 1.5 s while the launch screen is open: the live events
 * move the screen on at once, this catches anything they missed (a stream that opened late or dropped).
 */
export function useGenerationStatus(projectId: number | null) {
  return useQuery({
    queryKey: ['projects', 'generation', projectId],
    queryFn: () => apiRequest<GenerationStatus>(`/api/projects/${projectId}/generation`),
    enabled: projectId !== null,
    refetchInterval: 1500,
    gcTime: 0,
  });
}
