import { type QueryClient, keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListProjectsQuery, ProjectPage } from '../../../../domain/project.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { refetchUnlessJustRead } from '../../../lib/prefetched-list.ts';

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

/** One page of projects, filtered, sorted and paged by the server; the previous page stays on screen while the next loads. */
export function useProjects(query: ListProjectsQuery) {
  return useQuery({
    ...listQuery(query),
    placeholderData: keepPreviousData,
    refetchOnMount: refetchUnlessJustRead,
  });
}

/** Starts reading a page of projects, e.g. the first one as the app opens on /projects (projects-page.tsx). */
export function prefetchProjects(queryClient: QueryClient, query: ListProjectsQuery): Promise<void> {
  return queryClient.prefetchQuery(listQuery(query));
}
