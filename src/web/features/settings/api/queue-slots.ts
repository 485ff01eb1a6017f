import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SlotSuggestions } from '../../../../domain/best-times-schemas.ts';
import type { PutQueueSlots, QueueSlots } from '../../../../domain/queue.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const queueSlotsQueryKey = (owner: string | null) => ['queue-slots', owner ?? 'mine'] as const;

/** GET /api/queue-slots: a customer's own weekly slots, or (an administrator) a customer's. */
export function useQueueSlots(owner: string | null, enabled = true) {
  return useQuery({
    queryKey: queueSlotsQueryKey(owner),
    queryFn: () => apiRequest<QueueSlots>(`/api/queue-slots${owner ? `?${new URLSearchParams({ owner })}` : ''}`),
    enabled,
  });
}

/** PUT /api/queue-slots: the whole list, replacing the old one (the calendar reads its free slots anew when opened). */
export function useSaveQueueSlots() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PutQueueSlots) => apiRequest<QueueSlots>('/api/queue-slots', { method: 'PUT', body: input }),
    onSuccess: (answer, input) => queryClient.setQueryData(queueSlotsQueryKey(input.owner_id ?? null), answer),
  });
}

/** GET /api/queue-slots/suggestions: best time to post, from the owner's own results or the general advice (decision 048). */
export function useSlotSuggestions(owner: string | null) {
  return useQuery({
    queryKey: ['queue-slot-suggestions', owner ?? 'mine'] as const,
    queryFn: () => apiRequest<SlotSuggestions>(`/api/queue-slots/suggestions${owner ? `?${new URLSearchParams({ owner })}` : ''}`),
  });
}
