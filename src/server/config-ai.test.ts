import { describe, expect, it } from 'vitest';
import { createPostWriter } from './adapters/ai/create-post-writer.ts';
import { ConfigError, loadConfig } from './config.ts';

/** Who writes the posts (issue 6): AI_WRITER and the variables of each writer. */
function refusal(environment: NodeJS.ProcessEnv): string {
  try {
    loadConfig(environment);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('loadConfig accepted the environment');
}

describe('AI configuration', () => {
  it('writes with the built-in template by default, with nothing else needed', async () => {
    const { ai } = loadConfig({});
    expect(ai).toEqual({ kind: 'template' });
    expect((await createPostWriter(ai)).kind).toBe('template');
  });

  it('does not let an OPENAI_API_KEY from the shell switch the writer on its own', () => {
    expect(loadConfig({ OPENAI_API_KEY: 'sk-from-the-shell' }).ai).toEqual({ kind: 'template' });
  });

  it('reads the OpenAI-compatible writer with its defaults', async () => {
    const { ai } = loadConfig({ AI_WRITER: 'openai', OPENAI_API_KEY: 'sk-test' });
    expect(ai).toEqual({ kind: 'openai', baseUrl: 'https://api.openai.com/v1', apiKey: 'sk-test', model: 'gpt-4o-mini', sendImages: true, timeoutMs: 60_000 });
    const writer = await createPostWriter(ai);
    expect(writer.kind).toBe('openai');
    expect(writer.wantsImagePreviews).toBe(true);
  });

  it('reads another OpenAI-compatible server, model, image choice and time limit', async () => {
    const { ai } = loadConfig({
      AI_WRITER: 'openai',
      OPENAI_API_KEY: 'ollama',
      OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1/',
      OPENAI_MODEL: 'llava:13b',
      OPENAI_SEND_IMAGES: 'false',
      AI_TIMEOUT_MS: '120000',
    });
    expect(ai).toEqual({ kind: 'openai', baseUrl: 'http://127.0.0.1:11434/v1', apiKey: 'ollama', model: 'llava:13b', sendImages: false, timeoutMs: 120_000 });
    expect((await createPostWriter(ai)).wantsImagePreviews).toBe(false);
  });

  it('reads the webhook writer, with or without a secret', async () => {
    const { ai } = loadConfig({
      AI_WRITER: 'webhook',
      AI_WEBHOOK_URL: 'https://n8n.studio.es/webhook/posts',
      AI_WEBHOOK_SECRET: 'shared',
      AI_TIMEOUT_MS: '30000',
    });
    expect(ai).toEqual({ kind: 'webhook', url: 'https://n8n.studio.es/webhook/posts', secret: 'shared', timeoutMs: 30_000 });
    expect((await createPostWriter(ai)).kind).toBe('webhook');
    expect(loadConfig({ AI_WRITER: 'webhook', AI_WEBHOOK_URL: 'https://n8n.studio.es/webhook/posts' }).ai).toMatchObject({ secret: undefined });
  });

  it.each([
    [{ AI_WRITER: 'openai' }, 'OPENAI_API_KEY must be set when AI_WRITER=openai'],
    [{ AI_WRITER: 'webhook' }, 'AI_WEBHOOK_URL must be set when AI_WRITER=webhook'],
    [{ AI_WRITER: 'gpt' }, 'AI_WRITER: must be template, openai or webhook'],
    [{ AI_WRITER: 'openai', OPENAI_API_KEY: 'sk-x', OPENAI_BASE_URL: 'api.openai.com' }, 'OPENAI_BASE_URL: must be an absolute http(s) URL'],
    [{ AI_WRITER: 'webhook', AI_WEBHOOK_URL: 'ftp://n8n.studio.es/hook' }, 'AI_WEBHOOK_URL: must be an absolute http(s) URL'],
    [{ OPENAI_SEND_IMAGES: 'perhaps' }, 'OPENAI_SEND_IMAGES'],
    [{ AI_TIMEOUT_MS: '0' }, 'AI_TIMEOUT_MS'],
  ])('refuses %o with a sentence naming the variable', (environment, message) => {
    expect(refusal(environment)).toContain(message);
  });

  it('never repeats a key or a secret in a refusal', () => {
    const message = refusal({ AI_WRITER: 'openai', OPENAI_API_KEY: 'sk-secret-value', OPENAI_BASE_URL: 'nowhere', AI_WEBHOOK_SECRET: 'hook-secret-value' });
    expect(message).not.toContain('sk-secret-value');
    expect(message).not.toContain('hook-secret-value');
  });
});
