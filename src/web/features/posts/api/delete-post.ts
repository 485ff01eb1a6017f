import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { postAccountsQueryKey } from './get-post-accounts.ts';
import { postsQueryKey } from './list-posts.ts';

/** DELETE /api/posts/:id (refused with 409 while a publish job holds it). */
export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<void>(`/api/posts/${id}`, { method: 'DELETE' }),
    onSuccess: async (_answer, id) => {
      queryClient.removeQueries({ queryKey: postAccountsQueryKey(id) });
      await queryClient.invalidateQueries({ queryKey: [...postsQueryKey, 'list'] });
    },
  });
}
