import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { promptsQueryKey } from './list-prompts.ts';

/** DELETE /api/prompts/:id (its author or an admin); projects keep their copy of its text. */
export function useDeletePrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<void>(`/api/prompts/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promptsQueryKey }),
  });
}
