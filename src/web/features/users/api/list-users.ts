import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListUsersQuery, UserPage } from '../../../../domain/user.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const usersQueryKey = ['users'] as const;

/** One page of users, paged and sorted by the server; the previous page stays on screen while the next loads. */
export function useUsers(query: ListUsersQuery) {
  return useQuery({
    queryKey: [...usersQueryKey, query],
    queryFn: () => {
      const search = new URLSearchParams({ page: String(query.page), pageSize: String(query.pageSize), sort: query.sort, order: query.order });
      return apiRequest<UserPage>(`/api/users?${search}`);
    },
    placeholderData: keepPreviousData,
  });
}
