import { z } from 'zod';
import { SOCIAL_NETWORKS } from './social-networks.ts';

/** GET /api/queue-slots/suggestions (issue 26 item 4, decision 048): whose (an administrator names a customer). */
export const slotSuggestionsQuerySchema = z.object({ owner: z.string().min(1).max(100).optional() });

/** The answer: the owner, the first studio day looked at, and each suggestion with its reason and whether the queue has it already. */
export const slotSuggestionsSchema = z.object({
  owner_id: z.string(),
  since: z.string(),
  suggestions: z.array(
    z.object({
      network: z.enum(SOCIAL_NETWORKS),
      weekday: z.number().int(),
      time: z.string(),
      reason: z.enum(['own', 'general']),
      ratio: z.number().nullable(),
      posts: z.number().int().nullable(),
      /** The owner's queue has this weekday and time already. */
      added: z.boolean(),
    }),
  ),
});
export type SlotSuggestions = z.infer<typeof slotSuggestionsSchema>;
