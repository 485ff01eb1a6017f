import { z } from 'zod';

/** "My GPTs" (SPEC §3 Prompt, §5 Prompt form): title and description required. */
export const promptInputSchema = z.object({
  title: z.string({ error: 'titleRequired' }).trim().min(1, 'titleRequired').max(200, 'tooLong'),
  description: z.string({ error: 'descriptionRequired' }).trim().min(1, 'descriptionRequired').max(20_000, 'tooLong'),
});
export type PromptInput = z.infer<typeof promptInputSchema>;

export const promptSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  /** Admins' prompts are public; everybody else's are private (SPEC §6). */
  is_private: z.boolean(),
  author: z.object({ id: z.string(), first_name: z.string(), last_name: z.string() }).nullable(),
  /** Whether the signed-in user may edit or delete it: its author, or an admin. */
  editable: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Prompt = z.infer<typeof promptSchema>;

export const PROMPT_SORT_FIELDS = ['title', 'created_at', 'updated_at'] as const;

/** GET /api/prompts: 5 a page by default (SPEC §9); pageSize up to 100 for the project form's picker. */
export const listPromptsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(5),
  sort: z.enum(PROMPT_SORT_FIELDS).default('created_at'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type ListPromptsQuery = z.infer<typeof listPromptsQuerySchema>;

export const promptPageSchema = z.object({ items: z.array(promptSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type PromptPage = z.infer<typeof promptPageSchema>;
