import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Language } from '../../../../domain/languages.ts';
import type { User } from '../../../../domain/user.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionQueryKey } from '../../../lib/session.ts';
import { profileQueryKey } from './get-profile.ts';

/** Saves the interface language to the signed-in user's profile. */
export function useUpdateLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: Language) => apiRequest<{ user: User }>('/api/me', { method: 'PATCH', body: { language } }),
    // The profile page reads its own query: it shows the new language at once, not after a reload.
    onSuccess: ({ user }) => {
      queryClient.setQueryData(sessionQueryKey, user);
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
    },
  });
}
