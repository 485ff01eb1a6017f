import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListPostsQuery, PostPage } from '../../../../domain/post.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Every posts query starts with this key: lists, accounts. A change or a live event invalidates them all. */
export const postsQueryKey = ['posts'] as const;

/**
 * One page of post cards (GET /api/posts), with the per-state counts for the chips and the studio's
 * today. The previous page stays on screen while the next loads. Off for roles that have no posts.
 */
export function usePosts(query: ListPostsQuery, enabled = true) {
  return useQuery({
    queryKey: [...postsQueryKey, 'list', query],
    queryFn: () => {
      const search = new URLSearchParams({ page: String(query.page), pageSize: String(query.pageSize) });
      if (query.state) search.set('state', query.state);
      if (query.owner) search.set('owner', query.owner);
      return apiRequest<PostPage>(`/api/posts?${search}`);
    },
    placeholderData: keepPreviousData,
    enabled,
  });
}
