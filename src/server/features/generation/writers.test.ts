import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GenerationStatus } from '../../../domain/generation.ts';
import type { Project } from '../../../domain/project.ts';
import type { PostWriter } from '../../adapters/ai/post-writer.ts';
import { createOpenAiWriter } from '../../adapters/ai/openai-writer.ts';
import { createWebhookWriter } from '../../adapters/ai/webhook-writer.ts';
import { createLaunchableProject } from '../../test-support/launchable-project.ts';
import { type OpenAiStub, type OpenAiStubHandler, askedPosts, createOpenAiStub, postsAnswer } from '../../test-support/openai-stub.ts';
import { type TestApp, createTestApp, createTestUser, signIn } from '../../test-support/test-app.ts';

/**
 * The generation with the two writers that call out (issue 6): an OpenAI-compatible chat API and an
 * external workflow's webhook, each a real HTTP server on this machine, including their failures.
 */
async function appWith(writer: PostWriter): Promise<{ t: TestApp; cookie: string }> {
  const t = await createTestApp({ writer });
  const user = await createTestUser(t, { email: 'estudio@writers.test', role: 'customer', language: 'cat' });
  return { t, cookie: await signIn(t, user.email, user.password) };
}

async function launchAndRun(t: TestApp, cookie: string, fields: Record<string, unknown>, imageCount: number) {
  const made = await createLaunchableProject(t, cookie, { fields, imageCount });
  const launched = await t.app.inject({ method: 'POST', url: `/api/projects/${made.id}/launch`, headers: { cookie } });
  expect(launched.statusCode, launched.body).toBe(202);
  await t.worker.runDueJobs();
  const project = (await t.app.inject({ method: 'GET', url: `/api/projects/${made.id}`, headers: { cookie } })).json<Project>();
  const status = (await t.app.inject({ method: 'GET', url: `/api/projects/${made.id}/generation`, headers: { cookie } })).json<GenerationStatus>();
  const posts = await t.database.db
    .selectFrom('posts')
    .select(['id', 'text', 'linkedin_text', 'sequence'])
    .where('project_id', '=', made.id)
    .orderBy('sequence')
    .execute();
  const altTexts = await t.database.db
    .selectFrom('post_images')
    .select('alt_text')
    .where('post_id', 'in', posts.map((post) => post.id).concat(0))
    .orderBy('post_id')
    .orderBy('position')
    .execute();
  return {
    project,
    status,
    texts: posts.map((post) => post.text),
    linkedinTexts: posts.map((post) => post.linkedin_text),
    altTexts: altTexts.map((row) => row.alt_text),
  };
}

describe('generating with an OpenAI-compatible chat API', () => {
  let stub: OpenAiStub;
  let answer: OpenAiStubHandler | undefined;
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    stub = await createOpenAiStub({
      apiKey: 'sk-test-key',
      handler: (request) =>
        answer
          ? answer(request)
          : postsAnswer(
              askedPosts(request).images.map((images, index) => ({
                instagram: `Publicació ${index + 1} de la casa #fusta`,
                linkedin: `Publicació ${index + 1} de la casa, amb més detall per a LinkedIn #fusta`,
                alt_texts: Array.from({ length: images }, (_, image) => `Façana de fusta ${index + 1}.${image + 1}`),
              })),
            ),
    });
    ({ t, cookie } = await appWith(createOpenAiWriter({ baseUrl: stub.url, apiKey: 'sk-test-key', model: 'gpt-test', timeoutMs: 1_500, sendImages: true })));
  });
  afterEach(() => {
    answer = undefined;
  });
  afterAll(async () => {
    await t.close();
    await stub.close();
  });

  it("sends the project's prompt as the instructions and the images, and keeps the texts the model wrote", async () => {
    const prompt = await t.app.inject({
      method: 'POST',
      url: '/api/prompts',
      headers: { cookie },
      payload: { title: 'To proper', description: 'Escriu com un arquitecte proper, sense emojis.' },
    });
    expect(prompt.statusCode, prompt.body).toBe(201);
    const result = await launchAndRun(t, cookie, { publications: 2, prompt_id: prompt.json().id }, 3);
    expect(result.project.state).toBe('preview');
    expect(result.texts).toEqual(['Publicació 1 de la casa #fusta', 'Publicació 2 de la casa #fusta']);
    // A text for each network and the descriptions the model wrote from the images it saw (decision 034).
    expect(result.linkedinTexts).toEqual([
      'Publicació 1 de la casa, amb més detall per a LinkedIn #fusta',
      'Publicació 2 de la casa, amb més detall per a LinkedIn #fusta',
    ]);
    expect(result.altTexts).toEqual(['Façana de fusta 1.1', 'Façana de fusta 1.2', 'Façana de fusta 2.1']);
    const request = stub.requests.at(-1)!;
    expect(request.headers.authorization).toBe('Bearer sk-test-key');
    expect(request.body.model).toBe('gpt-test');
    expect(request.body.messages.find((message: { role: string }) => message.role === 'system').content).toContain(
      'Escriu com un arquitecte proper, sense emojis.',
    );
    expect(askedPosts(request)).toMatchObject({ count: 2, language: 'cat' });
    const user = request.body.messages.find((message: { role: string }) => message.role === 'user');
    const images = (user.content as { type: string; image_url?: { url: string } }[]).filter((part) => part.type === 'image_url');
    expect(images).toHaveLength(3);
    expect(images[0]!.image_url!.url).toMatch(/^data:image\/jpeg;base64,/);
  });

  it('returns the project to draft with the reason when the API fails, and writes no post', async () => {
    answer = () => ({ status: 500, json: { error: { message: 'The server had an error', type: 'server_error' } } });
    const result = await launchAndRun(t, cookie, {}, 1);
    expect(result.project.state).toBe('draft');
    expect(result.texts).toEqual([]);
    expect(result.status.status).toBe('failed');
    expect(result.status.error?.code).toBe('GENERATION_AI_FAILED');
    expect(result.status.error?.message).not.toContain('sk-test-key');
  });

  it('fails the same way when the API does not answer in time', async () => {
    answer = () => ({ hang: true });
    const result = await launchAndRun(t, cookie, {}, 1);
    expect(result.project.state).toBe('draft');
    expect(result.status.error?.code).toBe('GENERATION_AI_FAILED');
  });
});

describe('generating through a workflow webhook', () => {
  let server: Server;
  let url: string;
  let reply: (body: { posts: { images: string[] }[] }) => { status: number; body: string };
  const received: { project: { title: string }; language: string; posts: { images: string[] }[] }[] = [];
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        received.push(body);
        const answer = reply(body);
        response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook/create-publications`;
    ({ t, cookie } = await appWith(createWebhookWriter({ url, timeoutMs: 2_000 })));
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it("posts the project with each post's image addresses and keeps the texts it reads back", async () => {
    reply = (body) => ({
      status: 200,
      body: JSON.stringify({ posts: body.posts.map((post, index) => ({ text: `Post ${index + 1} amb ${post.images.length} imatges` })) }),
    });
    const result = await launchAndRun(t, cookie, { publications: 2, title: 'Escola a Olot' }, 3);
    expect(result.texts).toEqual(['Post 1 amb 2 imatges', 'Post 2 amb 1 imatges']);
    const sent = received.at(-1)!;
    expect(sent.project.title).toBe('Escola a Olot');
    expect(sent.language).toBe('cat');
    expect(sent.posts[0]!.images[0]).toMatch(/^http:\/\/localhost:3000\/media\/projects\/\d+\/[0-9a-f]{32}\.jpg$/);
  });

  it('returns the project to draft with "Error calling webhook" when the workflow answers 500', async () => {
    reply = () => ({ status: 500, body: '{"message":"Workflow failed"}' });
    const result = await launchAndRun(t, cookie, {}, 1);
    expect(result.project.state).toBe('draft');
    expect(result.status.error?.code).toBe('GENERATION_WEBHOOK_FAILED');
    expect(result.status.error?.message).toContain('Error calling webhook');
  });

  it('fails the same way when the workflow answers something that is not posts', async () => {
    reply = () => ({ status: 200, body: '{"ok":true}' });
    const result = await launchAndRun(t, cookie, {}, 1);
    expect(result.status.error?.code).toBe('GENERATION_WEBHOOK_FAILED');
    expect(result.texts).toEqual([]);
  });
});
