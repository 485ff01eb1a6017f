import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SocialConnectionView, SocialNetwork } from '../../../../domain/social.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { socialConnectionQueryKey } from '../../../lib/social-connection.ts';

/**
 * GET /api/social/:network/pages: asks the provider for the pages to publish to. SPEC §4: fetched once,
 * when the list is opened, the network is connected and the pages are not loaded yet; the answer is the
 * connection's view with its pages, which replaces the one on screen. A failure is shown, not retried.
 */
export function usePublishablePages(network: SocialNetwork, enabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...socialConnectionQueryKey(network), 'pages'],
    queryFn: async () => {
      const view = await apiRequest<SocialConnectionView>(`/api/social/${network}/pages`);
      queryClient.setQueryData(socialConnectionQueryKey(network), view);
      return view;
    },
    enabled,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
