import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CommentVisibility, PostComment, PostHistory } from '../../../../domain/history.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { postsQueryKey } from '../api/list-posts.ts';

/** Under the posts' key: whatever changes a post (an edit, a decision, a live update) reads its history again. */
const historyQueryKey = (postId: number) => [...postsQueryKey, 'history', postId] as const;

/** GET /api/posts/:id/history: its events and comments, oldest first (decision 041). */
export function usePostHistory(postId: number) {
  return useQuery({ queryKey: historyQueryKey(postId), queryFn: () => apiRequest<PostHistory>(`/api/posts/${postId}/history`) });
}

/** POST /api/posts/:id/comments. */
export function useAddComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, text, visibility }: { id: number; text: string; visibility: CommentVisibility }) =>
      apiRequest<PostComment>(`/api/posts/${id}/comments`, { method: 'POST', body: { text, visibility } }),
    onSuccess: (_comment, { id }) => queryClient.invalidateQueries({ queryKey: historyQueryKey(id) }),
  });
}
