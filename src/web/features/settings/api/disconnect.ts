import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SocialConnectionView, SocialNetwork } from '../../../../domain/social.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { socialConnectionQueryKey } from '../../../lib/social-connection.ts';

/** DELETE /api/social/:network: not connected any more (the server keeps the data). */
export function useDisconnect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (network: SocialNetwork) => apiRequest<SocialConnectionView>(`/api/social/${network}`, { method: 'DELETE' }),
    onSuccess: (view) => queryClient.setQueryData(socialConnectionQueryKey(view.network), view),
  });
}
