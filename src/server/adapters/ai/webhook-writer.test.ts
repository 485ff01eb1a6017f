import { createHmac } from 'node:crypto';
import { type IncomingHttpHeaders, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { instagramTextProblem } from '../../../domain/post.ts';
import { type WriteRequest, WriterError } from './post-writer.ts';
import { createWebhookWriter } from './webhook-writer.ts';

/** The webhook writer (issue 6) against a local workflow over real HTTP. */
interface Received {
  method: string;
  headers: IncomingHttpHeaders;
  body: string;
}
type Answer = (received: Received, response: ServerResponse) => void;

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

async function startWorkflow(answer: Answer): Promise<{ url: string; received: Received[] }> {
  const received: Received[] = [];
  server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const request = { method: incoming.method ?? '', headers: incoming.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(request);
      answer(request, response);
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook/generate-posts?token=secret-path`, received };
}

function json(status: number, value: unknown): Answer {
  return (_received, response) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(typeof value === 'string' ? value : JSON.stringify(value));
  };
}

const request: WriteRequest = {
  project: {
    id: 12,
    title: 'Casa del Patio',
    description: 'Una vivienda.',
    keywords: ['patio'],
    category: 'residencial',
    location: 'Sant Cugat',
    year: 2023,
    authors: 'Ana Pérez',
    collaborators: '',
    promoter: '',
    photoCredit: '',
    weblink: 'https://www.estudio.es/casa',
  },
  language: 'es',
  instructions: 'Tono cercano.',
  posts: [
    {
      images: [
        { url: 'https://media.alzado.example/a.jpg', preview: { contentType: 'image/jpeg', data: Buffer.from('not sent') } },
        { url: 'https://media.alzado.example/b.jpg' },
      ],
    },
    { images: [{ url: 'https://media.alzado.example/c.jpg' }] },
  ],
};

async function failure(promise: Promise<unknown>): Promise<WriterError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(WriterError);
  expect((error as WriterError).code).toBe('GENERATION_WEBHOOK_FAILED');
  expect((error as WriterError).message).toMatch(/^Error calling webhook: /u);
  // The workflow's address (and the token in it) stays out of messages shown to users.
  expect((error as WriterError).message).not.toContain('secret-path');
  return error as WriterError;
}

describe('webhook writer', () => {
  it('posts the project, language, instructions and image addresses, and reads the posts back: a text per network and the descriptions', async () => {
    const { url, received } = await startWorkflow(
      json(200, {
        posts: [
          { instagram: 'Primero #patio', linkedin: ' Primero, más largo. #patio ', alt_texts: ['Fachada', 'Patio'] },
          { instagram: ' Segundo ', linkedin: 'Segundo en LinkedIn', alt_texts: ['Escalera'] },
        ],
      }),
    );
    const writer = createWebhookWriter({ url, timeoutMs: 5_000 });
    expect(writer.kind).toBe('webhook');
    expect(writer.wantsImagePreviews).toBe(false);

    await expect(writer.write(request)).resolves.toEqual([
      { instagram: 'Primero #patio', linkedin: 'Primero, más largo. #patio', altTexts: ['Fachada', 'Patio'] },
      { instagram: 'Segundo', linkedin: 'Segundo en LinkedIn', altTexts: ['Escalera'] },
    ]);

    expect(received).toHaveLength(1);
    expect(received[0]!.method).toBe('POST');
    expect(received[0]!.headers['content-type']).toBe('application/json');
    expect(received[0]!.headers['x-alzado-signature']).toBeUndefined();
    expect(JSON.parse(received[0]!.body)).toEqual({
      project: request.project,
      language: 'es',
      instructions: 'Tono cercano.',
      posts: [{ images: ['https://media.alzado.example/a.jpg', 'https://media.alzado.example/b.jpg'] }, { images: ['https://media.alzado.example/c.jpg'] }],
    });
  });

  it("sends the studio's voice with the project, and leaves it out when the studio has none", async () => {
    const { url, received } = await startWorkflow(json(200, { posts: [{ text: 'Uno' }, { text: 'Dos' }] }));
    const voice = { description: 'Cercano, sin superlativos.', examples: ['Una casa que mira al patio.', 'Madera y cal.'] };
    await createWebhookWriter({ url, timeoutMs: 5_000 }).write({ ...request, voice });
    const body = JSON.parse(received[0]!.body);
    expect(body.voice).toEqual(voice);
    expect(body.instructions).toBe('Tono cercano.');
    await createWebhookWriter({ url, timeoutMs: 5_000 }).write(request);
    expect(Object.keys(JSON.parse(received[1]!.body))).toEqual(['project', 'language', 'instructions', 'posts']);
  });

  it('signs the exact body with HMAC-SHA256 of the secret', async () => {
    const { url, received } = await startWorkflow(json(200, { posts: [{ text: 'Uno' }, { text: 'Dos' }] }));
    await createWebhookWriter({ url, timeoutMs: 5_000, secret: 'shared-secret' }).write(request);
    const { headers, body } = received[0]!;
    expect(headers['x-alzado-signature']).toBe(`sha256=${createHmac('sha256', 'shared-secret').update(body).digest('hex')}`);
    expect(headers['x-alzado-signature']).not.toBe(`sha256=${createHmac('sha256', 'another-secret').update(body).digest('hex')}`);
  });

  it("keeps a workflow's first 5 hashtags, Instagram's limit (decision 014)", async () => {
    const { url } = await startWorkflow(json(200, { posts: [{ text: 'Una casa.\n\n#uno #dos #tres #cuatro #cinco #seis #siete' }, { text: 'Dos #a' }] }));
    const [first, second] = (await createWebhookWriter({ url, timeoutMs: 5_000 }).write(request)).map((post) => post.instagram);
    expect(first).toBe('Una casa.\n\n#uno #dos #tres #cuatro #cinco');
    expect(second).toBe('Dos #a');
  });

  it('cuts a text too long for Instagram instead of failing', async () => {
    const { url } = await startWorkflow(json(200, { posts: [{ text: 'Palabra '.repeat(300) }, { text: 'Dos' }] }));
    const [first] = await createWebhookWriter({ url, timeoutMs: 5_000 }).write(request);
    expect(instagramTextProblem(first!.instagram)).toBeUndefined();
    // The one text of the old shape goes to both networks: LinkedIn's 3,000 leave it whole.
    expect(first!.linkedin).toBe('Palabra '.repeat(300).trim());
  });

  it("takes the old one-text answer for both networks, and describes the images from the project's fields when it gives no descriptions", async () => {
    const { url } = await startWorkflow(json(200, { posts: [{ text: 'Uno' }, { text: 'Dos' }] }));
    const [first, second] = await createWebhookWriter({ url, timeoutMs: 5_000 }).write(request);
    expect(first).toEqual({
      instagram: 'Uno',
      linkedin: 'Uno',
      altTexts: [
        'Casa del Patio, un proyecto residencial en Sant Cugat (2023): imagen 1 de 3.',
        'Casa del Patio, un proyecto residencial en Sant Cugat (2023): imagen 2 de 3.',
      ],
    });
    expect(second!.altTexts).toEqual(['Casa del Patio, un proyecto residencial en Sant Cugat (2023): imagen 3 de 3.']);
  });

  it.each([500, 404, 401])('fails with the status when the workflow answers HTTP %i', async (status) => {
    const { url } = await startWorkflow(json(status, { message: 'Workflow could not be started' }));
    const error = await failure(createWebhookWriter({ url, timeoutMs: 5_000 }).write(request));
    expect(error.message).toBe(`Error calling webhook: it answered HTTP ${status}`);
    expect(error.status).toBe(status);
  });

  it('does not follow a redirect with the signed body', async () => {
    const { url, received } = await startWorkflow((_received, response) => {
      response.writeHead(307, { location: 'http://127.0.0.1:9/elsewhere' });
      response.end();
    });
    const error = await failure(createWebhookWriter({ url, timeoutMs: 5_000, secret: 's' }).write(request));
    expect(error.status).toBe(307);
    expect(received).toHaveLength(1);
  });

  it.each([
    ['not JSON', 'Workflow was started', 'its answer is not JSON'],
    ['another shape', { data: ['Uno', 'Dos'] }, 'its answer is not {"posts"'],
    ['an empty text', { posts: [{ text: 'Uno' }, { text: '   ' }] }, 'post 2 has no Instagram text'],
    ['an empty LinkedIn text', { posts: [{ text: 'Uno' }, { instagram: 'Dos', linkedin: '' }] }, 'post 2 has no LinkedIn text'],
    [
      'a missing description',
      {
        posts: [
          { text: 'Uno', alt_texts: ['Fachada'] },
          { text: 'Dos', alt_texts: ['Patio'] },
        ],
      },
      'post 1 has 1 image descriptions for 2 images',
    ],
    ['an Instagram text alone', { posts: [{ instagram: 'Uno' }, { instagram: 'Dos' }] }, 'its answer is not {"posts"'],
    ['too few posts', { posts: [{ text: 'Uno' }] }, 'it answered 1 posts instead of 2'],
    ['too many posts', { posts: [{ text: 'Uno' }, { text: 'Dos' }, { text: 'Tres' }] }, 'it answered 3 posts instead of 2'],
  ])('fails when the answer is %s', async (_case, body, message) => {
    const { url } = await startWorkflow(json(200, body));
    const error = await failure(createWebhookWriter({ url, timeoutMs: 5_000 }).write(request));
    expect(error.message).toContain(message);
    expect(error.status).toBe(200);
  });

  it('gives up after its time limit when the workflow never answers', async () => {
    const { url } = await startWorkflow(() => undefined);
    const started = Date.now();
    const error = await failure(createWebhookWriter({ url, timeoutMs: 300 }).write(request));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(error.message).toBe('Error calling webhook: no answer within 300 ms');
    expect(error.status).toBeUndefined();
  });

  it('gives up after its time limit when the answer starts and never ends', async () => {
    const { url } = await startWorkflow((_received, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"posts": [');
    });
    const error = await failure(createWebhookWriter({ url, timeoutMs: 300 }).write(request));
    expect(error.message).toBe('Error calling webhook: no answer within 300 ms');
  });

  it('says the workflow could not be reached when nothing listens there', async () => {
    const { url } = await startWorkflow(() => undefined);
    server!.closeAllConnections();
    await new Promise((resolve) => server!.close(resolve));
    server = undefined;
    const error = await failure(createWebhookWriter({ url, timeoutMs: 5_000 }).write(request));
    expect(error.message).toBe('Error calling webhook: it could not be reached (ECONNREFUSED)');
  });

  it('stops when the generation is stopped, with the abort rather than a failure of the workflow', async () => {
    const { url } = await startWorkflow(() => undefined);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const outcome = await createWebhookWriter({ url, timeoutMs: 5_000 })
      .write({ ...request, signal: controller.signal })
      .catch((error: unknown) => error);
    expect(outcome).not.toBeInstanceOf(WriterError);
    expect((outcome as Error).name).toBe('AbortError');
  });
});
