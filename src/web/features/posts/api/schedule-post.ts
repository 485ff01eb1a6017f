import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Post, ScheduleInput } from '../../../../domain/post.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { postsQueryKey } from './list-posts.ts';

/**
 * PUT /api/posts/:id/schedule: a day and the networks (scheduled), or no day (back to preview). Today's
 * date publishes at once on the server.
 */
export function useSchedulePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, schedule }: { id: number; schedule: ScheduleInput }) => apiRequest<Post>(`/api/posts/${id}/schedule`, { method: 'PUT', body: schedule }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...postsQueryKey, 'list'] }),
  });
}
