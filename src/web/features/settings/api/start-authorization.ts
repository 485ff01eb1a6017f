import { useMutation } from '@tanstack/react-query';
import type { InstagramLogin, SocialNetwork } from '../../../../domain/social.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * POST /api/social/:network/authorize: the provider's consent page, with a state the server bound to
 * this session. The browser then goes there; the provider sends it back to /auth/:network/callback
 * (Instagram Login, `login: 'instagram'`: Instagram's own window, back to /auth/instagram-login/callback).
 */
export function useStartAuthorization() {
  return useMutation({
    mutationFn: (input: SocialNetwork | { network: SocialNetwork; login?: InstagramLogin }) => {
      const { network, login } = typeof input === 'string' ? { network: input, login: undefined } : input;
      // Facebook Login is the server's default way: only Instagram Login is named.
      return apiRequest<{ url: string }>(`/api/social/${network}/authorize${login === 'instagram' ? '?login=instagram' : ''}`, { method: 'POST' });
    },
  });
}
