import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListProjectsQuery, ProjectPage } from '../../../../domain/project.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Every projects query starts with this key: lists, single projects. A change invalidates them all. */
export const projectsQueryKey = ['projects'] as const;

/** One page of projects, filtered, sorted and paged by the server; the previous page stays on screen while the next loads. */
export function useProjects(query: ListProjectsQuery) {
  return useQuery({
    queryKey: [...projectsQueryKey, 'list', query],
    queryFn: () => {
      const search = new URLSearchParams({ page: String(query.page), pageSize: String(query.pageSize), sort: query.sort, order: query.order });
      if (query.state) search.set('state', query.state);
      return apiRequest<ProjectPage>(`/api/projects?${search}`);
    },
    placeholderData: keepPreviousData,
  });
}
