import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { type PostWriter, type WriteRequest, WriterError } from './post-writer.ts';
import { type AnsweredPost, finishWrittenPosts } from './written-posts.ts';

/**
 * The writer that hands the project to an external workflow (an n8n or Make scenario, as the SPEC's
 * generation webhook was) and reads the posts back. It POSTs
 * `{ project, language, instructions, voice?, posts: [{ images: [url, ...] }] }` (`voice`: the studio's
 * `{ description, examples }`, when it has one) and expects, one per post in
 * order, `{ posts: [{ instagram, linkedin, alt_texts? }] }` (decision 034), or `{ posts: [{ text }] }` for
 * the same text on both networks as before; without `alt_texts` the project's fields describe the images.
 * With a secret, the body is signed:
 * `x-alzado-signature: sha256=<hex HMAC-SHA256 of the exact body>`.
 */
export interface WebhookWriterOptions {
  url: string;
  timeoutMs: number;
  secret?: string;
}

export const SIGNATURE_HEADER = 'x-alzado-signature';

const answerSchema = z.object({
  posts: z.array(
    z.union([
      z.object({ instagram: z.string(), linkedin: z.string(), alt_texts: z.array(z.string()).optional() }),
      z.object({ text: z.string(), alt_texts: z.array(z.string()).optional() }),
    ]),
  ),
});

export function createWebhookWriter(options: WebhookWriterOptions): PostWriter {
  return {
    kind: 'webhook',
    wantsImagePreviews: false,
    async write(request) {
      const body = JSON.stringify({
        project: request.project,
        language: request.language,
        instructions: request.instructions,
        // Left out when the studio has none, so a workflow written before it reads the same body.
        voice: request.voice,
        posts: request.posts.map((post) => ({ images: post.images.map((image) => image.url) })),
        // One post written again: its place, the note, its texts now (left out otherwise).
        rewrite: request.rewrite,
      });
      const { status, text } = await post(options, body, request.signal);
      return finishWrittenPosts(postsOf(text, status), request, (detail) => failure(detail, status));
    },
  };
}

export function signatureOf(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

async function post(options: WebhookWriterOptions, body: string, stop: WriteRequest['signal']): Promise<{ status: number; text: string }> {
  const deadline = AbortSignal.timeout(options.timeoutMs);
  const signal = stop ? AbortSignal.any([stop, deadline]) : deadline;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (options.secret) headers[SIGNATURE_HEADER] = signatureOf(body, options.secret);
  try {
    // No redirects: a signed POST goes where it was configured to go, or fails saying so.
    const response = await fetch(options.url, { method: 'POST', headers, body, redirect: 'manual', signal });
    const text = await response.text();
    if (response.status < 200 || response.status > 299) throw failure(`it answered HTTP ${response.status}`, response.status);
    return { status: response.status, text };
  } catch (error) {
    if (error instanceof WriterError) throw error;
    // A stopped generation is not the workflow's failure: the job sees the abort as it is.
    if (stop?.aborted) throw stop.reason;
    if (deadline.aborted) throw failure(`no answer within ${options.timeoutMs} ms`);
    throw failure(`it could not be reached (${networkReason(error)})`);
  }
}

/** The URL is left out of every message: a workflow's address often is its only secret. */
function failure(detail: string, status?: number): WriterError {
  return new WriterError('GENERATION_WEBHOOK_FAILED', `Error calling webhook: ${detail}`, status);
}

function postsOf(body: string, status: number): AnsweredPost[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw failure('its answer is not JSON', status);
  }
  const answer = answerSchema.safeParse(parsed);
  if (!answer.success) throw failure('its answer is not {"posts": [{"instagram": "...", "linkedin": "...", "alt_texts": ["..."]}]}', status);
  return answer.data.posts.map((post) =>
    'text' in post
      ? { instagram: post.text, linkedin: post.text, altTexts: post.alt_texts }
      : { instagram: post.instagram, linkedin: post.linkedin, altTexts: post.alt_texts },
  );
}

function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : 'unknown error');
}
