import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Post } from '../../../../domain/post.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { postsQueryKey } from './list-posts.ts';

/** POST /api/posts/:id/reset ("publish again"): back to preview without date, networks or results. */
export function useResetPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<Post>(`/api/posts/${id}/reset`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...postsQueryKey, 'list'] }),
  });
}
