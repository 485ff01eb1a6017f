import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OAuthCallback, SocialConnectionView, SocialNetwork } from '../../../../domain/social.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { socialConnectionQueryKey } from '../../../lib/social-connection.ts';

/**
 * POST /api/social/:network/callback with the code and state the provider returned. Sent by fetch from
 * the callback page: the provider's redirect itself carries no SameSite=Strict cookie, this request does.
 */
export function useCompleteAuthorization(network: SocialNetwork) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OAuthCallback) => apiRequest<SocialConnectionView | undefined>(`/api/social/${network}/callback`, { method: 'POST', body: input }),
    onSuccess: (view) => {
      if (view) queryClient.setQueryData(socialConnectionQueryKey(network), view);
    },
  });
}
