import { type QueryClient, keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListProjectsQuery, ProjectPage } from '../../../../domain/project.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Every projects query starts with this key: lists, single projects. A change invalidates them all. */
export const projectsQueryKey = ['projects'] as const;

function listQuery(query: ListProjectsQuery) {
  return {
    queryKey: [...projectsQueryKey, 'list', query],
    queryFn: () => {
      const search = new URLSearchParams({ page: String(query.page), pageSize: String(query.pageSize), sort: query.sort, order: query.order });
      if (query.state) search.set('state', query.state);
      return apiRequest<ProjectPage>(`/api/projects?${search}`);
    },
  };
}

/** How long a page prefetched when the app opened (prefetchProjects) counts as just read: the list does not ask for it again on mounting. */
const PREFETCH_FRESH_MS = 3_000;

/** One page of projects, filtered, sorted and paged by the server; the previous page stays on screen while the next loads. */
export function useProjects(query: ListProjectsQuery) {
  return useQuery({
    ...listQuery(query),
    placeholderData: keepPreviousData,
    // As TanStack Query does (a page read before is read again), except a page read a moment ago (the
    // one the app prefetched) that no change has invalidated since.
    refetchOnMount: (cached) => cached.state.isInvalidated || Date.now() - cached.state.dataUpdatedAt > PREFETCH_FRESH_MS,
  });
}

/** Starts reading a page of projects, e.g. the first one as the app opens on /projects (projects-page.tsx). */
export function prefetchProjects(queryClient: QueryClient, query: ListProjectsQuery): Promise<void> {
  return queryClient.prefetchQuery(listQuery(query));
}
