import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => apiRequest('/api/auth/request-password-reset', { method: 'POST', body: { email } }),
  });
}
