import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateMe, User } from '../../../../domain/user.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionQueryKey } from '../../../lib/session.ts';
import { profileQueryKey } from './get-profile.ts';

/** PATCH /api/me: profile fields and/or a new password; the answer says whether the password changed. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateMe) => apiRequest<{ user: User; passwordChanged: boolean | null }>('/api/me', { method: 'PATCH', body: changes }),
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: profileQueryKey }), queryClient.invalidateQueries({ queryKey: sessionQueryKey })]);
    },
  });
}
