import { useQuery } from '@tanstack/react-query';
import type { User } from '../../../../domain/user.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * The signed-in customer's approval mode (decision 040), read from GET /api/me/profile under the key
 * Profile reads it with (features/profile/api/get-profile.ts): one request serves both pages.
 */
export function useMyApprovalMode(enabled: boolean) {
  return useQuery({
    queryKey: ['profile'],
    queryFn: () => apiRequest<User>('/api/me/profile'),
    select: (user: User) => user.approval,
    enabled,
  });
}
