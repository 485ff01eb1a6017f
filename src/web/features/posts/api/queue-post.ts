import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Post, QueuePostInput } from '../../../../domain/post.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { postsQueryKey } from './list-posts.ts';

/**
 * POST /api/posts/:id/queue: the post goes to its owner's next free weekly slot (after now and the lock
 * margin) for these networks; 409 QUEUE_HAS_NO_SLOTS when the owner has none.
 */
export function useQueuePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, queue }: { id: number; queue: QueuePostInput }) => apiRequest<Post>(`/api/posts/${id}/queue`, { method: 'POST', body: queue }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...postsQueryKey, 'list'] }),
  });
}
