import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Post, PostTextVersion } from '../../../../domain/post.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { postsQueryKey } from './list-posts.ts';

const versionsQueryKey = (postId: number) => [...postsQueryKey, 'versions', postId] as const;

/** POST /api/posts/:id/rewrite: a post in preview written again, alone, with the studio's note (issue 24). */
export function useRewritePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: number; note: string }) => apiRequest<Post>(`/api/posts/${id}/rewrite`, { method: 'POST', body: { note } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postsQueryKey }),
  });
}

/** GET /api/posts/:id/versions: the post's earlier texts, newest first. */
export function usePostVersions(postId: number) {
  return useQuery({
    queryKey: versionsQueryKey(postId),
    queryFn: async () => (await apiRequest<{ items?: PostTextVersion[] }>(`/api/posts/${postId}/versions`)).items ?? [],
  });
}

/** POST /api/posts/:id/versions/:versionId/restore: an earlier text back (the one it replaces is kept). */
export function useRestoreVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, versionId, confirmFacts }: { id: number; versionId: number; confirmFacts?: boolean }) =>
      apiRequest<Post>(`/api/posts/${id}/versions/${versionId}/restore`, { method: 'POST', body: confirmFacts ? { confirm_facts: true } : {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postsQueryKey }),
  });
}
