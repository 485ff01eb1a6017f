import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateUser, User } from '../../../../domain/user.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { usersQueryKey } from './list-users.ts';

/** Sends only the fields that changed (SPEC §5: "Update sends only fields provided"). */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateUser }) =>
      apiRequest<User>(`/api/users/${encodeURIComponent(id)}`, { method: 'PATCH', body: changes }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
