import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Post, PostNetwork } from '../../../../domain/post.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { postsQueryKey } from './list-posts.ts';

export interface ReviewResultVariables {
  id: number;
  network: PostNetwork;
  /** What the user found on the network: the post is there, or it is not. */
  published: boolean;
}

/**
 * POST /api/posts/:id/results/:network/review (decision 025): a "needs review" result marked published
 * or not published. The lists are read again (the post's state and the chips' counts follow).
 */
export function useReviewResult() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, network, published }: ReviewResultVariables) =>
      apiRequest<Post>(`/api/posts/${id}/results/${network}/review`, { method: 'POST', body: { published } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postsQueryKey }),
  });
}
