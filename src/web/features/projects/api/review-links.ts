import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateReviewLink, CreatedReviewLink, ReviewLink } from '../../../../domain/review-link.ts';
import { apiRequest } from '../../../lib/api-client.ts';

const reviewLinksKey = (projectId: number) => ['projects', projectId, 'review-links'] as const;

/** GET /api/projects/:id/review-links: the project's links, newest first, with their status. */
export function useReviewLinks(projectId: number | null) {
  return useQuery({
    queryKey: reviewLinksKey(projectId ?? 0),
    queryFn: () => apiRequest<{ links: ReviewLink[] }>(`/api/projects/${projectId}/review-links`),
    enabled: projectId !== null,
  });
}

/** POST /api/projects/:id/review-links: answers the link's address, the only time it is shown. */
export function useCreateReviewLink(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateReviewLink) => apiRequest<CreatedReviewLink>(`/api/projects/${projectId}/review-links`, { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewLinksKey(projectId) }),
  });
}

/** DELETE /api/projects/:id/review-links/:linkId. */
export function useRevokeReviewLink(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: number) => apiRequest<null>(`/api/projects/${projectId}/review-links/${linkId}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewLinksKey(projectId) }),
  });
}
