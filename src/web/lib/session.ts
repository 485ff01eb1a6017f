import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '../../domain/user.ts';
import { apiRequest, shouldRetry } from './api-client.ts';

export const sessionQueryKey = ['session'] as const;

/**
 * The session check: the signed-in user, or null when there is none. GET /api/session answers 200 null
 * to a visitor, so a signed-out page logs no failed request in the console (issue 21, item 8).
 */
export async function getSession(): Promise<CurrentUser | null> {
  return (await apiRequest<CurrentUser | null>('/api/session')) ?? null;
}

/**
 * Runs from the page with fetch, never from the navigation itself: the SameSite=Strict cookie is not
 * sent on a navigation that arrives from another site (an e-mail link, an OAuth redirect), but it is
 * sent on this same-origin request.
 */
export function useSession() {
  return useQuery({ queryKey: sessionQueryKey, queryFn: getSession, retry: shouldRetry, staleTime: 60_000 });
}

/**
 * Whether the signed-in user is an administrator, from the session the guards have already loaded (no
 * request of its own): what only administrators are told (configuration names, docs/networks.md).
 */
export function useIsAdministrator(): boolean {
  return useQuery({ queryKey: sessionQueryKey, queryFn: getSession, enabled: false }).data?.role === 'admin';
}
