import { useMutation } from '@tanstack/react-query';
import type { SocialNetwork } from '../../../../domain/social.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * POST /api/social/:network/authorize: the provider's consent page, with a state the server bound to
 * this session. The browser then goes there; the provider sends it back to /auth/:network/callback.
 */
export function useStartAuthorization() {
  return useMutation({
    mutationFn: (network: SocialNetwork) => apiRequest<{ url: string }>(`/api/social/${network}/authorize`, { method: 'POST' }),
  });
}
