import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUser, User } from '../../../../domain/user.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { usersQueryKey } from './list-users.ts';

/**
 * Creates the user, then asks for their welcome e-mail (POST /api/create-user-template). A failed
 * welcome e-mail is only logged: the user exists either way (SPEC §7).
 */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateUser) => {
      const user = await apiRequest<User>('/api/users', { method: 'POST', body: input });
      await apiRequest('/api/create-user-template', {
        method: 'POST',
        body: { email: user.email, firstName: user.first_name, lastName: user.last_name },
      }).catch((error: unknown) => console.warn('The welcome e-mail could not be sent', error));
      return user;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
