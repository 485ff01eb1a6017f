import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Prompt, PromptInput } from '../../../../domain/prompt.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { promptsQueryKey } from './list-prompts.ts';

/** PATCH /api/prompts/:id with the fields that changed (its author or an admin). */
export function useUpdatePrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: Partial<PromptInput> }) =>
      apiRequest<Prompt>(`/api/prompts/${id}`, { method: 'PATCH', body: changes }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promptsQueryKey }),
  });
}
