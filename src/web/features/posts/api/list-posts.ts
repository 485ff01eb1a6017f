import { type QueryClient, keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListPostsQuery, PostPage } from '../../../../domain/post.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { refetchUnlessJustRead } from '../../../lib/prefetched-list.ts';

/** Every posts query starts with this key: lists, accounts. A change or a live event invalidates them all. */
export const postsQueryKey = ['posts'] as const;

/**
 * One page of post cards (GET /api/posts), with the per-state counts for the chips and the studio's
 * today. The previous page stays on screen while the next loads. Off for roles that have no posts.
 */
export function usePosts(query: ListPostsQuery, enabled = true) {
  return useQuery({ ...listQuery(query), placeholderData: keepPreviousData, refetchOnMount: refetchUnlessJustRead, enabled });
}

/** The key a page of cards is kept under. */
export const postsListKey = (query: ListPostsQuery) => [...postsQueryKey, 'list', query];

function listQuery(query: ListPostsQuery) {
  return {
    queryKey: postsListKey(query),
    queryFn: () => {
      const search = new URLSearchParams({ page: String(query.page), pageSize: String(query.pageSize) });
      if (query.state) search.set('state', query.state);
      if (query.owner) search.set('owner', query.owner);
      return apiRequest<PostPage>(`/api/posts?${search}`);
    },
  };
}

/** Starts reading a page of post cards, e.g. the first one as the app opens on /preview-projects (posts-page.tsx). */
export function prefetchPosts(queryClient: QueryClient, query: ListPostsQuery): Promise<void> {
  return queryClient.prefetchQuery(listQuery(query));
}
