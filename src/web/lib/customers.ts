import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { UserPage } from '../../domain/user.ts';
import { apiRequest } from './api-client.ts';

/** The server searches from this many characters (SPEC §5's assign search). */
export const CUSTOMER_SEARCH_MIN_LENGTH = 3;
/** A studio's customers fit in one page of this size; past it, typing searches the server. */
const CUSTOMERS_PAGE_SIZE = 100;

/**
 * Customers for an administrator's pickers (the calendar's filter, the queue editor): the first hundred
 * by last name, or those matching the search once it has three characters (GET /api/users).
 */
export function useCustomers(search: string, enabled = true) {
  const term = search.trim().length >= CUSTOMER_SEARCH_MIN_LENGTH ? search.trim() : '';
  return useQuery({
    queryKey: ['users', 'customers', 'picker', term],
    queryFn: () => {
      const query = new URLSearchParams({ role: 'customer', pageSize: String(CUSTOMERS_PAGE_SIZE), sort: 'last_name', order: 'asc' });
      if (term) query.set('search', term);
      return apiRequest<UserPage>(`/api/users?${query}`);
    },
    enabled,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
