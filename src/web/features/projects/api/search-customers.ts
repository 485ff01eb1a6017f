import { useQuery } from '@tanstack/react-query';
import type { UserPage } from '../../../../domain/user.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** The assign dialog's search starts at 3 characters (SPEC §5, §9). */
export const CUSTOMER_SEARCH_MIN_LENGTH = 3;

/** Customers whose first name, last name or e-mail match (admin only; GET /api/users). */
export function useCustomerSearch(search: string) {
  const term = search.trim();
  return useQuery({
    queryKey: ['users', 'customers', term],
    queryFn: () =>
      apiRequest<UserPage>(`/api/users?${new URLSearchParams({ role: 'customer', search: term, pageSize: '20', sort: 'last_name', order: 'asc' })}`),
    enabled: term.length >= CUSTOMER_SEARCH_MIN_LENGTH,
    staleTime: 30_000,
  });
}
