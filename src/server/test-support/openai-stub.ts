import { type IncomingHttpHeaders, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local OpenAI-compatible Chat Completions server for tests (STYLE 9: fakes are real servers): the
 * production writer talks to it over HTTP exactly as it would to api.openai.com. It records every
 * request and answers with the handler's answer; by default it writes as many posts as the request
 * asks for (read from the writer's user message), so a generation test needs no handler at all.
 */
export interface OpenAiStubRequest {
  method: string;
  /** e.g. /v1/chat/completions */
  path: string;
  headers: IncomingHttpHeaders;
  /** The body parsed as JSON (undefined when it is not JSON). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever the client sent
  body: any;
}

export interface OpenAiStubAnswer {
  status?: number;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as is, instead of `json`. */
  text?: string;
  /** Never answer (the client's time limit is what ends the request). */
  hang?: boolean;
}

export type OpenAiStubHandler = (request: OpenAiStubRequest) => OpenAiStubAnswer | Promise<OpenAiStubAnswer>;

export interface OpenAiStub {
  /** The base URL to configure, http://127.0.0.1:{port}/v1 */
  url: string;
  requests: OpenAiStubRequest[];
  close(): Promise<void>;
}

export async function createOpenAiStub(options: { handler?: OpenAiStubHandler; apiKey?: string } = {}): Promise<OpenAiStub> {
  const requests: OpenAiStubRequest[] = [];
  const handler = options.handler ?? writePostsAsAsked;
  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const request: OpenAiStubRequest = { method: incoming.method ?? 'GET', path: incoming.url ?? '/', headers: incoming.headers, body: parseJson(raw) };
      requests.push(request);
      void answer(request, response);
    });
  });

  async function answer(request: OpenAiStubRequest, response: ServerResponse): Promise<void> {
    if (request.method !== 'POST' || request.path !== '/v1/chat/completions') {
      return send(response, { status: 404, json: openAiError(`Unknown request URL: ${request.method} ${request.path}`, 'invalid_request_error') });
    }
    if (options.apiKey !== undefined && request.headers.authorization !== `Bearer ${options.apiKey}`) {
      return send(response, { status: 401, json: openAiError('Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key') });
    }
    try {
      send(response, await handler(request));
    } catch (error) {
      send(response, { status: 500, json: openAiError(`Stub handler failed: ${(error as Error).message}`, 'server_error') });
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        // Hanging answers keep their sockets open: end them, or close() would wait for them.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function send(response: ServerResponse, answer: OpenAiStubAnswer): void {
  if (answer.hang) return;
  const body = answer.text ?? JSON.stringify(answer.json ?? {});
  response.writeHead(answer.status ?? 200, { 'content-type': answer.text === undefined ? 'application/json' : 'text/plain' });
  response.end(body);
}

/** A Chat Completions answer whose message says `content`. */
export function chatCompletion(content: string | null, extra: { finishReason?: string; refusal?: string } = {}): object {
  return {
    id: 'chatcmpl-stub',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: 'stub-model',
    choices: [
      { index: 0, message: { role: 'assistant', content, refusal: extra.refusal ?? null }, finish_reason: extra.finishReason ?? 'stop', logprobs: null },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

/** A post as the writer asks a model for it (decision 034). */
export interface StubPost {
  instagram: string;
  linkedin: string;
  alt_texts: string[];
}

/** The structured answer the writer asks for; a string is the same text for both networks and no description. */
export function postsAnswer(posts: Array<string | StubPost>): OpenAiStubAnswer {
  const shaped = posts.map((post) => (typeof post === 'string' ? { instagram: post, linkedin: post, alt_texts: [] } : post));
  return { json: chatCompletion(JSON.stringify({ posts: shaped })) };
}

export function openAiError(message: string, type: string, code: string | null = null): object {
  return { error: { message, type, param: null, code } };
}

/**
 * The default handler, as a model would answer: one post per post asked for, naming the project, a text
 * for each network, and a description of each image when it was sent the images.
 */
export function writePostsAsAsked(request: OpenAiStubRequest): OpenAiStubAnswer {
  const asked = askedPosts(request);
  const words = STUB_WORDS[asked.language] ?? STUB_WORDS.es!;
  return postsAnswer(
    asked.images.map((images, index) => ({
      instagram: `${words.post(index + 1, asked.count, asked.title)} #arquitectura`,
      linkedin: `${words.post(index + 1, asked.count, asked.title)} ${words.more} #arquitectura`,
      alt_texts: asked.sawImages ? Array.from({ length: images }, (_, image) => words.image(image + 1, index + 1, asked.title)) : [],
    })),
  );
}

/** What the stub writes, in the language asked, as a model does (the writer checks the language). */
const STUB_WORDS: Record<
  string,
  { post: (number: number, count: number, title: string) => string; more: string; image: (number: number, post: number, title: string) => string }
> = {
  es: {
    post: (number, count, title) => `Publicación ${number} de ${count} sobre ${title}: una obra pensada para quienes la habitan.`,
    more: 'Aquí lo contamos con más calma para quienes siguen el estudio.',
    image: (number, post, title) => `Imagen ${number} de la publicación ${post} sobre ${title}`,
  },
  en: {
    post: (number, count, title) => `Post ${number} of ${count} about ${title}: a building made for the people who live in it.`,
    more: 'Here we tell it at more length for those who follow the studio.',
    image: (number, post, title) => `Image ${number} of post ${post} about ${title}`,
  },
  cat: {
    post: (number, count, title) => `Publicació ${number} de ${count} sobre ${title}: una obra pensada per a les persones que l'habiten.`,
    more: 'Aquí ho expliquem amb més calma per a qui segueix l’estudi.',
    image: (number, post, title) => `Imatge ${number} de la publicació ${post} sobre ${title}`,
  },
};

/** What the writer's user message asks for: its first text is the project as JSON, then the images when sent. */
export function askedPosts(request: OpenAiStubRequest): { count: number; title: string; language: string; images: number[]; sawImages: boolean } {
  const content = request.body?.messages?.find((message: { role: string }) => message.role === 'user')?.content;
  const text = typeof content === 'string' ? content : content?.find((part: { type: string }) => part.type === 'text')?.text;
  const asked = parseJson(text ?? '') as { language?: string; project?: { title?: string }; posts?: { images?: number }[] } | undefined;
  const images = asked?.posts?.map((post) => post.images ?? 0) ?? [0];
  const sawImages = Array.isArray(content) && content.some((part: { type: string }) => part.type === 'image_url');
  return { count: images.length, title: asked?.project?.title ?? 'the project', language: asked?.language ?? 'es', images, sawImages };
}

function parseJson(text: string): unknown {
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}
