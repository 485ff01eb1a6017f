import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Results } from '../../../domain/results.ts';
import { apiRequest } from '../../lib/api-client.ts';

export interface ResultsFilter {
  period: string;
  customer?: string | undefined;
}

export function resultsSearch(filter: ResultsFilter): string {
  const search = new URLSearchParams({ period: filter.period });
  if (filter.customer) search.set('customer', filter.customer);
  return search.toString();
}

/** GET /api/results (decision 046): the period's figures as the user may see them. */
export function useResults(filter: ResultsFilter) {
  return useQuery({
    queryKey: ['results', filter.period, filter.customer ?? null],
    queryFn: () => apiRequest<Results>(`/api/results?${resultsSearch(filter)}`),
    placeholderData: keepPreviousData,
  });
}
