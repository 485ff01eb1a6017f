import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '../../../../domain/user.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionQueryKey } from '../../../lib/session.ts';
import { profileQueryKey } from './get-profile.ts';

/** PUT /api/me/avatar: the new picture shows in the profile and the top navigation. */
export function useChangeAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return apiRequest<User>('/api/me/avatar', { method: 'PUT', body });
    },
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: profileQueryKey }), queryClient.invalidateQueries({ queryKey: sessionQueryKey })]);
    },
  });
}
