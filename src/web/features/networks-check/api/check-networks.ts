import { useQuery } from '@tanstack/react-query';
import type { NetworksCheckReport } from '../../../../domain/networks-check.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const networksCheckQueryKey = ['networks-check'] as const;

/** GET /api/networks-check: the networks answer each time, so it is run when the page opens and on request, not in the background. */
export function useNetworksCheck() {
  return useQuery({
    queryKey: networksCheckQueryKey,
    queryFn: () => apiRequest<NetworksCheckReport>('/api/networks-check'),
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });
}
