import { useQuery } from '@tanstack/react-query';
import type { Home } from '../../../../domain/home.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const homeQueryKey = ['home'] as const;

/** The dashboard of /home (GET /api/home): each section as the user's role sees it. */
export function useHome() {
  return useQuery({ queryKey: homeQueryKey, queryFn: () => apiRequest<Home>('/api/home') });
}
