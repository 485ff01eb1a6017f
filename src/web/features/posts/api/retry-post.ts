import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Post } from '../../../../domain/post.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { postsQueryKey } from './list-posts.ts';

/**
 * POST /api/posts/:id/retry: a published post tries again the networks that failed, and only those
 * (decision 028); the networks that published it keep their result.
 */
export function useRetryPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<Post>(`/api/posts/${id}/retry`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...postsQueryKey, 'list'] }),
  });
}
