import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListPromptsQuery, PromptPage } from '../../../../domain/prompt.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Every prompts query starts with this key (the project form's picker too): a change refreshes them all. */
export const promptsQueryKey = ['prompts'] as const;

/** One page of the user's prompts and the public ones, sorted and paged by the server. */
export function usePrompts(query: ListPromptsQuery) {
  return useQuery({
    queryKey: [...promptsQueryKey, 'list', query],
    queryFn: () => {
      const search = new URLSearchParams({ page: String(query.page), pageSize: String(query.pageSize), sort: query.sort, order: query.order });
      return apiRequest<PromptPage>(`/api/prompts?${search}`);
    },
    placeholderData: keepPreviousData,
  });
}
