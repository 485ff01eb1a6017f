import { useQuery } from '@tanstack/react-query';
import type { User } from '../../../../domain/user.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const profileQueryKey = ['profile'] as const;

export function useProfile() {
  return useQuery({ queryKey: profileQueryKey, queryFn: () => apiRequest<User>('/api/me/profile') });
}
