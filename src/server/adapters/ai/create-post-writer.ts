import type { AiConfig } from '../../config.ts';
import { createOpenAiWriter } from './openai-writer.ts';
import type { PostWriter } from './post-writer.ts';
import { createTemplateWriter } from './template-writer.ts';
import { createWebhookWriter } from './webhook-writer.ts';

/** The writer the configuration chooses (AI_WRITER); main.ts calls this, tests build theirs directly. */
export function createPostWriter(config: AiConfig): PostWriter {
  switch (config.kind) {
    case 'openai':
      return createOpenAiWriter(config);
    case 'webhook':
      return createWebhookWriter(config);
    case 'template':
      return createTemplateWriter();
  }
}
