import { useQuery } from '@tanstack/react-query';
import type { PromptPage } from '../../../../domain/prompt.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** The form's prompt picker: the user's own prompts and the public ones, by title (at most 100). */
export function usePromptOptions() {
  return useQuery({
    queryKey: ['prompts', 'options'],
    queryFn: () => apiRequest<PromptPage>(`/api/prompts?${new URLSearchParams({ page: '1', pageSize: '100', sort: 'title', order: 'asc' })}`),
    staleTime: 60_000,
  });
}
