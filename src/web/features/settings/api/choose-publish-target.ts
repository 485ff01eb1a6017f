import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SocialConnectionView, SocialNetwork } from '../../../../domain/social.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { socialConnectionQueryKey } from '../../../lib/social-connection.ts';

/** PUT /api/social/:network/target: the page or account this network's posts are published to. */
export function useChoosePublishTarget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ network, targetId }: { network: SocialNetwork; targetId: string }) =>
      apiRequest<SocialConnectionView>(`/api/social/${network}/target`, { method: 'PUT', body: { targetId } }),
    onSuccess: (view) => queryClient.setQueryData(socialConnectionQueryKey(view.network), view),
  });
}
