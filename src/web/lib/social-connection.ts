import { useQuery } from '@tanstack/react-query';
import type { SocialConnectionView, SocialNetwork } from '../../domain/social.ts';
import { apiRequest } from './api-client.ts';

/**
 * GET /api/social/:network: the connection's client view, checked with the provider on the server.
 * Shared because more than one screen needs it: Settings shows it, the callback page refreshes it, and
 * the publish dialog enables a network's checkbox only when it is connected.
 */
export const socialConnectionQueryKey = (network: SocialNetwork) => ['social', network] as const;

export function getSocialConnection(network: SocialNetwork): Promise<SocialConnectionView> {
  return apiRequest<SocialConnectionView>(`/api/social/${network}`);
}

/** Checked on load (SPEC §4); kept for a minute so that moving between screens does not ask again. */
export function useSocialConnection(network: SocialNetwork) {
  return useQuery({ queryKey: socialConnectionQueryKey(network), queryFn: () => getSocialConnection(network), staleTime: 60_000 });
}
