import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import { z } from 'zod';
import type { Language } from '../../../domain/languages.ts';
import { aiTellsForPrompt } from '../../../domain/ai-tells.ts';
import { ALT_TEXT_LIMIT, TEXT_LIMITS, WRITING_GUIDES } from '../../../domain/post.ts';
import { describeUrl } from '../provider-http.ts';
import { type PostWriter, type WriteRequest, WriterError } from './post-writer.ts';
import { finishWrittenPosts } from './written-posts.ts';

/**
 * The writer for any OpenAI-compatible Chat Completions API (OpenAI, Azure's compatible endpoint,
 * Ollama, vLLM, LiteLLM ...): the project's prompt from My GPTs as the system message, the project's
 * fields as JSON (and the posts' images, when enabled) as the user message, structured output for the
 * answer. No retries here: the generation job decides whether to try again.
 */
export interface OpenAiWriterOptions {
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
  /** Send each post's images (reduced JPEGs) to the model; off for models without vision. */
  sendImages: boolean;
}

/** The answer's shape, which is also the JSON schema the model is held to (decision 034). */
const answerSchema = z.object({ posts: z.array(z.object({ instagram: z.string(), linkedin: z.string(), alt_texts: z.array(z.string()) })) });
const RESPONSE_FORMAT = zodResponseFormat(answerSchema, 'posts');

const LANGUAGE_NAMES: Record<Language, string> = { es: 'Spanish (Spain)', en: 'English', cat: 'Catalan' };

/** The instructions when the project has no prompt from My GPTs. */
export const DEFAULT_INSTRUCTIONS =
  'You are the social media editor of an architecture and design studio. You write engaging, precise posts that ' +
  "present the studio's projects to clients, peers and the public, in a warm professional tone, with a few fitting emojis " +
  'and relevant hashtags at the end.';

export function createOpenAiWriter(options: OpenAiWriterOptions): PostWriter {
  const client = new OpenAI({
    baseURL: options.baseUrl,
    apiKey: options.apiKey,
    // Only our configuration speaks: not OPENAI_ORG_ID or OPENAI_PROJECT_ID from the environment.
    organization: null,
    project: null,
    timeout: options.timeoutMs,
    maxRetries: 0,
  });
  return {
    kind: 'openai',
    wantsImagePreviews: options.sendImages,
    async write(request) {
      const content = await askModel(client, options, request);
      return postsOf(content, request, options.sendImages);
    },
  };
}

async function askModel(client: OpenAI, options: OpenAiWriterOptions, request: WriteRequest): Promise<string> {
  // The SDK's own timeout stops waiting for the headers; this one also covers reading the answer.
  const deadline = AbortSignal.timeout(options.timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, deadline]) : deadline;
  let completion: OpenAI.Chat.ChatCompletion;
  try {
    completion = await client.chat.completions.create(
      {
        model: options.model,
        messages: [
          { role: 'system', content: systemMessageOf(request, options.sendImages) },
          { role: 'user', content: userContentOf(request, options.sendImages) },
        ],
        response_format: RESPONSE_FORMAT,
      },
      { signal },
    );
  } catch (error) {
    // A stopped generation is not the service's failure: the job sees the abort as it is.
    if (request.signal?.aborted) throw request.signal.reason;
    throw failureOf(error, options, deadline.aborted);
  }
  const choice = completion.choices?.[0];
  if (choice?.message?.refusal) throw new WriterError('GENERATION_AI_FAILED', `The AI model refused to write the posts: ${shorten(choice.message.refusal)}`);
  if (choice?.finish_reason === 'length')
    throw new WriterError('GENERATION_AI_FAILED', 'The AI model stopped before finishing its answer (finish_reason "length")');
  const content = choice?.message?.content;
  if (typeof content !== 'string' || content.trim() === '') throw new WriterError('GENERATION_AI_FAILED', 'The AI service answered without any text');
  return content;
}

/** The project's instructions, then the rules every answer must keep. */
export function systemMessageOf(request: WriteRequest, seesImages = true): string {
  const count = request.posts.length;
  const language = LANGUAGE_NAMES[request.language];
  const rules = [
    `Write exactly ${count} social media ${count === 1 ? 'post' : 'posts'} about the project the user describes, in ${language}, each with a text for Instagram and a text for LinkedIn.`,
    `"instagram": at most ${TEXT_LIMITS.instagramCharacters.toLocaleString('en')} characters and at most ${TEXT_LIMITS.instagramHashtags} hashtags at the end (the project's first keywords make good ones); its first line is the hook, under ${WRITING_GUIDES.hookCharacters} characters, because Instagram cuts the caption there.`,
    `"linkedin": a longer professional text for peers and clients, about ${WRITING_GUIDES.linkedinCharacters.toLocaleString('en')} characters and never more than ${TEXT_LIMITS.linkedinCharacters.toLocaleString('en')}, short paragraphs, a first line under ${WRITING_GUIDES.hookCharacters} characters that makes people read on, the project's web link when there is one, and ${WRITING_GUIDES.linkedinHashtags} hashtags at the end.`,
    ...(request.rewrite
      ? rewriteRules(request.rewrite)
      : ['The posts are published one after another: each one tells something different, with its own opening.']),
    'State only facts the project gives: never a number, measure, year, percentage, price, name, firm, award or link that is not in it, and nothing about the images that you cannot see in them.',
    `Write as the studio would, plainly and specifically; never use these phrases and patterns, which make a text sound machine-written: ${aiTellsForPrompt(request.language).join('; ')}.`,
    seesImages
      ? `"alt_texts": one description per image of the post, in order, in ${language}, at most ${ALT_TEXT_LIMIT} characters (about 125 is best): what the image shows (the main subject, the setting, the materials, any meaningful text), without "Image of" and without guessing who people are.`
      : '"alt_texts": an empty list (the images are described elsewhere).',
    `Answer with JSON: {"posts": [{"instagram": "...", "linkedin": "...", "alt_texts": ["..."]}]}, exactly ${count} ${count === 1 ? 'entry' : 'entries'}, in the order of the posts.`,
  ];
  return [request.instructions.trim() || DEFAULT_INSTRUCTIONS, ...voiceParts(request.voice), `Rules:\n${rules.map((rule) => `- ${rule}`).join('\n')}`].join(
    '\n\n',
  );
}

/** One post written again: its place in the series, its texts now, and the studio's note. */
function rewriteRules(rewrite: NonNullable<WriteRequest['rewrite']>): string[] {
  return [
    `This is post ${rewrite.post} of a series of ${rewrite.of} published one after another: write it again, better than its current texts${rewrite.note ? `, as the studio asks: «${rewrite.note}»` : ''}.`,
    `Its current Instagram text: «${rewrite.current.instagram}»`,
    `Its current LinkedIn text: «${rewrite.current.linkedin}»`,
  ];
}

/** The studio's voice after the instructions: the examples teach a manner; their facts are other projects'. */
function voiceParts(voice: WriteRequest['voice']): string[] {
  const parts: string[] = [];
  const description = voice?.description.trim() ?? '';
  if (description !== '') parts.push(`The studio's voice: ${description}`);
  const examples = (voice?.examples ?? []).map((example) => example.trim()).filter((example) => example !== '');
  if (examples.length > 0)
    parts.push(
      `Examples of posts the studio wrote (follow their tone, length and manner, never their facts, which are other projects'):\n${examples.map((example) => `---\n${example}`).join('\n')}\n---`,
    );
  return parts;
}

/** The project as JSON (empty fields left out), then each post's images as data: URLs when enabled. */
function userContentOf(request: WriteRequest, sendImages: boolean): string | OpenAI.Chat.ChatCompletionContentPart[] {
  const project = Object.fromEntries(
    Object.entries(request.project).filter(([key, value]) => key !== 'id' && value !== '' && value !== null && !(Array.isArray(value) && value.length === 0)),
  );
  const posts = request.posts.map((post, index) => ({ post: index + 1, images: post.images.length }));
  const facts = JSON.stringify({ language: request.language, project, posts });
  if (!sendImages) return facts;
  const parts: OpenAI.Chat.ChatCompletionContentPart[] = [{ type: 'text', text: facts }];
  request.posts.forEach((post, index) => {
    const previews = post.images.flatMap((image) => (image.preview ? [image.preview] : []));
    if (previews.length === 0) return;
    parts.push({ type: 'text', text: `Images of post ${index + 1}:` });
    for (const preview of previews) {
      // Low detail: a 512-pixel look is enough to describe a building, at a fraction of the tokens.
      parts.push({ type: 'image_url', image_url: { url: `data:${preview.contentType};base64,${preview.data.toString('base64')}`, detail: 'low' } });
    }
  });
  return parts;
}

/** The posts of a structured answer, checked by `finishWrittenPosts`; a model that did not see the images gives no descriptions. */
function postsOf(content: string, request: WriteRequest, sawImages: boolean) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    throw new WriterError('GENERATION_AI_FAILED', 'The AI service did not answer with the JSON asked for');
  }
  const answer = answerSchema.safeParse(parsed);
  if (!answer.success)
    throw new WriterError('GENERATION_AI_FAILED', 'The AI service\'s answer is not {"posts": [{"instagram": ..., "linkedin": ..., "alt_texts": [...]}]}');
  const answered = answer.data.posts.map((post) => ({ instagram: post.instagram, linkedin: post.linkedin, altTexts: sawImages ? post.alt_texts : undefined }));
  return finishWrittenPosts(answered, request, (detail) => new WriterError('GENERATION_AI_FAILED', `The AI service's answer cannot be used: ${detail}`));
}

/** Every failure as a WriterError with a clear English message and the status; never the key. */
function failureOf(error: unknown, options: OpenAiWriterOptions, timedOut: boolean): WriterError {
  const service = describeUrl(options.baseUrl);
  if (timedOut || error instanceof APIConnectionTimeoutError) {
    return new WriterError('GENERATION_AI_FAILED', `The AI service did not answer within ${options.timeoutMs} ms (${service})`);
  }
  if (error instanceof APIConnectionError) {
    return new WriterError('GENERATION_AI_FAILED', `The AI service could not be reached (${connectionReason(error)}): ${service}`);
  }
  if (error instanceof APIError && error.status !== undefined) {
    const detail = error.error && typeof error.error === 'object' && 'message' in error.error ? String(error.error.message) : '';
    const said = detail ? `: ${shorten(redact(detail, options.apiKey))}` : '';
    return new WriterError('GENERATION_AI_FAILED', `${statusMeaning(error.status)} (HTTP ${error.status})${said}`, error.status);
  }
  return new WriterError('GENERATION_AI_FAILED', `The AI service's answer could not be read (${service})`);
}

function statusMeaning(status: number): string {
  if (status === 401) return 'The AI service refused the API key; check OPENAI_API_KEY';
  if (status === 403) return 'The AI service does not allow this key to use the model';
  if (status === 404) return 'The AI service does not know this model or address; check OPENAI_MODEL and OPENAI_BASE_URL';
  if (status === 429) return 'The AI service is rate limiting this key or its quota is used up; try again later';
  if (status >= 500) return 'The AI service failed; try again later';
  return 'The AI service refused the request';
}

function connectionReason(error: APIConnectionError): string {
  // fetch puts the reason (ECONNREFUSED, ENOTFOUND ...) one level below its own "fetch failed".
  const cause = (error as { cause?: { code?: string; message?: string; cause?: { code?: string; message?: string } } }).cause;
  return cause?.code ?? cause?.cause?.code ?? cause?.cause?.message ?? cause?.message ?? 'network error';
}

/** Services quote the key they refused (OpenAI shows its start and end): none of it goes further. */
function redact(text: string, apiKey: string): string {
  const withoutKey = apiKey.length >= 4 ? text.split(apiKey).join('[redacted]') : text;
  return withoutKey.replace(/\b(?:sk|rk|pk)-[\w*.-]*[\w*]|\bBearer\s+\S+/gu, '[redacted]');
}

function shorten(text: string): string {
  const oneLine = text.replace(/\s+/gu, ' ').trim();
  return oneLine.length > 300 ? `${oneLine.slice(0, 299)}…` : oneLine;
}
