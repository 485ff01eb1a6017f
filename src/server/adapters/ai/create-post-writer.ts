import type { AiConfig } from '../../config.ts';
import type { PostWriter } from './post-writer.ts';
import { createTemplateWriter } from './template-writer.ts';
import { createWebhookWriter } from './webhook-writer.ts';

/**
 * The writer the configuration chooses (AI_WRITER); compose.ts calls this, tests build theirs directly.
 * The OpenAI SDK (about 200 modules, 3 MB) is loaded only when it is the one chosen.
 */
export async function createPostWriter(config: AiConfig): Promise<PostWriter> {
  switch (config.kind) {
    case 'openai': {
      const { createOpenAiWriter } = await import('./openai-writer.ts');
      return createOpenAiWriter(config);
    }
    case 'webhook':
      return createWebhookWriter(config);
    case 'template':
      return createTemplateWriter();
  }
}
