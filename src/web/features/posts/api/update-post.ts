import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Post, PostUpdate } from '../../../../domain/post.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { postsQueryKey } from './list-posts.ts';

/** PATCH /api/posts/:id: the text and the whole image list in its new order, each selected or not. */
export function useUpdatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: PostUpdate }) => apiRequest<Post>(`/api/posts/${id}`, { method: 'PATCH', body: changes }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...postsQueryKey, 'list'] }),
  });
}
