import { z } from 'zod';
import { VOICE_DESCRIPTION_LIMIT, VOICE_EXAMPLES_LIMIT } from './limits.ts';

/**
 * The studio's voice (issue 24 item 4, decision 037): each customer's short description of how the studio
 * writes (what to say, what never to say) and up to 5 of their published posts as examples, given to the
 * `openai` and `webhook` writers with the project's prompt. An example keeps its post's id and the text as
 * it was chosen, so deleting or editing that post later does not change the voice.
 */
export { VOICE_DESCRIPTION_LIMIT, VOICE_EXAMPLES_LIMIT };

/** How many of the customer's most recent published posts are offered to choose from. */
export const VOICE_SUGGESTIONS_LIMIT = 20;

export const voiceExampleSchema = z.object({ post_id: z.number().int(), text: z.string() });

/** GET/PUT /api/studio-voice answer: whose voice it is, its description and examples (none by default). */
export const studioVoiceSchema = z.object({
  owner_id: z.string(),
  description: z.string(),
  examples: z.array(voiceExampleSchema),
  /** null until it is first saved. */
  updated_at: z.string().nullable(),
});
export type StudioVoice = z.infer<typeof studioVoiceSchema>;

/** GET /api/studio-voice and its suggestions: whose (an administrator may ask for a customer's). */
export const studioVoiceQuerySchema = z.object({ owner: z.string().min(1).max(100).optional() });

/**
 * PUT /api/studio-voice: the whole voice, replacing the one before. Examples are post ids, in order: one
 * already in the voice keeps the text it was chosen with; a new one must be a published post of the owner.
 */
export const putStudioVoiceSchema = z
  .object({
    owner_id: z.string().min(1).max(100).optional(),
    description: z.string({ error: 'invalid' }).trim().max(VOICE_DESCRIPTION_LIMIT, 'voiceDescriptionTooLong'),
    examples: z.array(z.number({ error: 'invalid' }).int('invalid').positive('invalid')).max(VOICE_EXAMPLES_LIMIT, 'voiceExamplesTooMany'),
  })
  .superRefine((value, context) => {
    const seen = new Set<number>();
    for (const [index, postId] of value.examples.entries()) {
      if (seen.has(postId)) context.addIssue({ code: 'custom', path: ['examples', index], message: 'voiceExampleDuplicate' });
      seen.add(postId);
    }
  });
export type PutStudioVoice = z.infer<typeof putStudioVoiceSchema>;

/** One of the owner's published posts offered as an example: the text the voice would keep. */
export const voiceSuggestionSchema = z.object({
  post_id: z.number().int(),
  text: z.string(),
  project_title: z.string(),
  published_at: z.string(),
});
export type VoiceSuggestion = z.infer<typeof voiceSuggestionSchema>;

/** GET /api/studio-voice/suggestions: the owner's most recent published posts, newest first. */
export const voiceSuggestionsSchema = z.object({ owner_id: z.string(), items: z.array(voiceSuggestionSchema) });
export type VoiceSuggestions = z.infer<typeof voiceSuggestionsSchema>;

/** The text of a published post that speaks for the studio: Instagram's, or LinkedIn's when it went out there alone. */
export function voiceTextOf(post: { text: string; linkedin_text: string | null; toInstagram: boolean }): string {
  return post.toInstagram && post.text.trim() !== '' ? post.text : (post.linkedin_text ?? post.text);
}
