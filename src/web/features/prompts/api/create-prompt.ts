import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Prompt, PromptInput } from '../../../../domain/prompt.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { promptsQueryKey } from './list-prompts.ts';

/** POST /api/prompts: public when an admin creates it, private otherwise (the server decides). */
export function useCreatePrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PromptInput) => apiRequest<Prompt>('/api/prompts', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promptsQueryKey }),
  });
}
