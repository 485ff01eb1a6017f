import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApprovePostInput, Post, RequestChangesInput } from '../../../../domain/post.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { postsQueryKey } from './list-posts.ts';

/**
 * The owner's decisions on posts awaiting their approval (issue 25, decision 040), one post or a
 * project's at once. Each carries the `updated_at` the owner read: a post changed since is refused
 * (409 POST_CHANGED). The lists and the calendar are read again either way.
 */
export function useApprovePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: ApprovePostInput }) => apiRequest<Post>(`/api/posts/${id}/approve`, { method: 'POST', body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: postsQueryKey }),
  });
}

export function useRequestChanges() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: RequestChangesInput }) =>
      apiRequest<Post>(`/api/posts/${id}/request-changes`, { method: 'POST', body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: postsQueryKey }),
  });
}

/** A project's posts awaiting approval, approved or sent back together: all of them or none. */
export type ProjectDecision = { projectId: number; posts: Pick<Post, 'id' | 'updated_at'>[] } & (
  { decision: 'approve' } | { decision: 'requestChanges'; comment: string }
);

export function useDecideProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProjectDecision) => {
      const posts = input.posts.map(({ id, updated_at }) => ({ id, updated_at }));
      return input.decision === 'approve'
        ? apiRequest<{ posts: Post[] }>(`/api/projects/${input.projectId}/approve`, { method: 'POST', body: { posts } })
        : apiRequest<{ posts: Post[] }>(`/api/projects/${input.projectId}/request-changes`, { method: 'POST', body: { posts, comment: input.comment } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: postsQueryKey }),
  });
}
