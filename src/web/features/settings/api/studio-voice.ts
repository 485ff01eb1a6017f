import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PutStudioVoice, StudioVoice, VoiceSuggestions } from '../../../../domain/voice.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const studioVoiceQueryKey = (owner: string | null) => ['studio-voice', owner ?? 'mine'] as const;

const ownerQuery = (owner: string | null) => (owner ? `?${new URLSearchParams({ owner })}` : '');

/** GET /api/studio-voice: a customer's own voice, or (an administrator) a customer's. */
export function useStudioVoice(owner: string | null) {
  return useQuery({ queryKey: studioVoiceQueryKey(owner), queryFn: () => apiRequest<StudioVoice>(`/api/studio-voice${ownerQuery(owner)}`) });
}

/** GET /api/studio-voice/suggestions: the owner's most recent published posts, to choose the examples from. */
export function useVoiceSuggestions(owner: string | null) {
  return useQuery({
    queryKey: [...studioVoiceQueryKey(owner), 'suggestions'],
    queryFn: () => apiRequest<VoiceSuggestions>(`/api/studio-voice/suggestions${ownerQuery(owner)}`),
  });
}

/** PUT /api/studio-voice: the whole voice, replacing the one before. */
export function useSaveStudioVoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PutStudioVoice) => apiRequest<StudioVoice>('/api/studio-voice', { method: 'PUT', body: input }),
    onSuccess: (answer, input) => queryClient.setQueryData(studioVoiceQueryKey(input.owner_id ?? null), answer),
  });
}
