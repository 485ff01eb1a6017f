import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Credentials } from '../../../../domain/auth.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { getSession, sessionQueryKey } from '../../../lib/session.ts';

/** Signs in, then loads the user (whose saved language the app applies). */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: Credentials) => {
      await apiRequest('/api/auth/sign-in/email', { method: 'POST', body: credentials });
      return getSession();
    },
    onSuccess: (user) => queryClient.setQueryData(sessionQueryKey, user),
  });
}
