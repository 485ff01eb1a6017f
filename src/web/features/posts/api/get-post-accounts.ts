import { useQuery } from '@tanstack/react-query';
import type { PostAccounts } from '../../../../domain/post.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { postsQueryKey } from './list-posts.ts';

export const postAccountsQueryKey = (postId: number) => [...postsQueryKey, 'accounts', postId] as const;

/**
 * GET /api/posts/:id/accounts: the accounts the post goes to, its owner's (not the viewer's, who may be
 * an admin). The previews show them as the author; the publish dialog enables only connected networks.
 */
export function usePostAccounts(postId: number | null) {
  return useQuery({
    queryKey: postAccountsQueryKey(postId ?? 0),
    queryFn: () => apiRequest<PostAccounts>(`/api/posts/${postId}/accounts`),
    enabled: postId !== null,
    staleTime: 30_000,
  });
}
