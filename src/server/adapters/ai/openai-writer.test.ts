import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { countCharacters, instagramTextProblem } from '../../../domain/post.ts';
import { plainImage } from '../../test-support/images.ts';
import { type OpenAiStub, type OpenAiStubHandler, chatCompletion, createOpenAiStub, openAiError, postsAnswer } from '../../test-support/openai-stub.ts';
import { DEFAULT_INSTRUCTIONS, type OpenAiWriterOptions, createOpenAiWriter } from './openai-writer.ts';
import { type WriteRequest, type WriterImage, WriterError } from './post-writer.ts';

/** The OpenAI-compatible writer (issue 6) against a local Chat Completions server over real HTTP. */
const API_KEY = 'sk-test-4f9a1c0ffee0123456789abcdef';

let stub: OpenAiStub | undefined;
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

async function startStub(handler?: OpenAiStubHandler): Promise<OpenAiStub> {
  stub = await createOpenAiStub({ handler, apiKey: API_KEY });
  return stub;
}

function writerFor(url: string, options: Partial<OpenAiWriterOptions> = {}) {
  return createOpenAiWriter({ baseUrl: url, apiKey: API_KEY, model: 'gpt-4o-mini', timeoutMs: 5_000, sendImages: true, ...options });
}

async function image(name: string): Promise<WriterImage> {
  const data = await sharp(await plainImage('png', 40, 30))
    .jpeg()
    .toBuffer();
  return { url: `https://media.alzado.example/${name}.jpg`, preview: { contentType: 'image/jpeg', data } };
}

async function request(overrides: Partial<WriteRequest> = {}): Promise<WriteRequest> {
  return {
    project: {
      id: 12,
      title: 'Casa del Patio',
      description: 'Una vivienda organizada alrededor de un patio.',
      keywords: ['arquitectura', 'patio'],
      category: 'residencial',
      location: 'Sant Cugat',
      year: 2023,
      authors: 'Ana Pérez',
      collaborators: '',
      promoter: '',
      photoCredit: 'Adrià Goula',
      weblink: 'https://www.estudio.es/casa',
    },
    language: 'cat',
    instructions: 'Escriu com un arquitecte proper, amb frases curtes.',
    posts: [{ images: [await image('a'), await image('b')] }, { images: [await image('c')] }],
    ...overrides,
  };
}

/** A post as the model answers it: the Instagram text, LinkedIn's longer one, and `images` descriptions. */
function answered(instagram: string, images: number, linkedin = `${instagram} (LinkedIn)`) {
  return { instagram, linkedin, alt_texts: Array.from({ length: images }, (_, index) => `Descripció ${index + 1}`) };
}

async function failure(promise: Promise<unknown>): Promise<WriterError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(WriterError);
  return error as WriterError;
}

describe('OpenAI-compatible writer', () => {
  it('asks the chat API with the key, the model, the structured format, the instructions and the images', async () => {
    const { url, requests } = await startStub(() => postsAnswer([answered('Primer post #arquitectura', 2), answered('Segon post', 1)]));
    const writer = writerFor(url);
    expect(writer.kind).toBe('openai');
    expect(writer.wantsImagePreviews).toBe(true);
    const sent = await request();

    await expect(writer.write(sent)).resolves.toEqual([
      { instagram: 'Primer post #arquitectura', linkedin: 'Primer post #arquitectura (LinkedIn)', altTexts: ['Descripció 1', 'Descripció 2'] },
      { instagram: 'Segon post', linkedin: 'Segon post (LinkedIn)', altTexts: ['Descripció 1'] },
    ]);

    expect(requests).toHaveLength(1);
    const [{ path, headers, body }] = requests as [(typeof requests)[number]];
    expect(path).toBe('/v1/chat/completions');
    expect(headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(body.model).toBe('gpt-4o-mini');
    expect(body.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: {
        name: 'posts',
        strict: true,
        schema: { type: 'object', required: ['posts'], properties: { posts: { type: 'array', items: { required: ['instagram', 'linkedin', 'alt_texts'] } } } },
      },
    });
    const [system, user] = body.messages;
    expect(system.role).toBe('system');
    expect(system.content.startsWith('Escriu com un arquitecte proper, amb frases curtes.\n\nRules:')).toBe(true);
    expect(system.content).toContain('Write exactly 2 social media posts');
    expect(system.content).toContain('in Catalan');
    expect(system.content).toContain('"instagram": at most 2,200 characters and at most 5 hashtags');
    expect(system.content).toContain('never more than 3,000');
    expect(system.content).toContain('"alt_texts": one description per image of the post, in order, in Catalan');

    expect(user.role).toBe('user');
    const facts = JSON.parse(user.content[0].text);
    expect(facts).toEqual({
      language: 'cat',
      project: {
        title: 'Casa del Patio',
        description: 'Una vivienda organizada alrededor de un patio.',
        keywords: ['arquitectura', 'patio'],
        category: 'residencial',
        location: 'Sant Cugat',
        year: 2023,
        authors: 'Ana Pérez',
        photoCredit: 'Adrià Goula',
        weblink: 'https://www.estudio.es/casa',
      },
      posts: [
        { post: 1, images: 2 },
        { post: 2, images: 1 },
      ],
    });
    const parts = user.content.slice(1);
    expect(parts.map((part: { type: string; text?: string }) => part.text ?? part.type)).toEqual([
      'Images of post 1:',
      'image_url',
      'image_url',
      'Images of post 2:',
      'image_url',
    ]);
    const firstImage = parts[1].image_url;
    expect(firstImage.url).toBe(`data:image/jpeg;base64,${sent.posts[0]!.images[0]!.preview!.data.toString('base64')}`);
    expect(firstImage.detail).toBe('low');
    expect(await sharp(Buffer.from(firstImage.url.split(',')[1], 'base64')).metadata()).toMatchObject({ format: 'jpeg', width: 40 });
  });

  it("tells the model the studio's voice after the instructions: its description, then the posts it wrote", async () => {
    const { url, requests } = await startStub(() => postsAnswer([answered('Primer', 2), answered('Segon', 1)]));
    const voice = {
      description: 'Frases curtes, sense superlatius. Mai "espectacular".',
      examples: ['La llum del matí entra pel pati.\n\n#arquitectura', '  ', 'Una escala de fusta que uneix tres generacions.'],
    };
    await writerFor(url).write(await request({ voice }));
    const system: string = requests[0]!.body.messages[0].content;
    expect(
      system.startsWith(
        'Escriu com un arquitecte proper, amb frases curtes.\n\nThe studio\'s voice: Frases curtes, sense superlatius. Mai "espectacular".\n\n',
      ),
    ).toBe(true);
    expect(system).toContain(
      "Examples of posts the studio wrote (follow their tone, length and manner, never their facts, which are other projects'):\n" +
        '---\nLa llum del matí entra pel pati.\n\n#arquitectura\n---\nUna escala de fusta que uneix tres generacions.\n---\n\nRules:\n',
    );
    // A voice of examples only has no empty description line; none at all leaves the message as it was.
    await writerFor(url).write(await request({ voice: { description: ' ', examples: ['Només un exemple.'] } }));
    expect(requests[1]!.body.messages[0].content).toContain('frases curtes.\n\nExamples of posts the studio wrote');
    expect(requests[1]!.body.messages[0].content).not.toContain("The studio's voice");
    await writerFor(url).write(await request({ voice: { description: '', examples: [] } }));
    expect(requests[2]!.body.messages[0].content.startsWith('Escriu com un arquitecte proper, amb frases curtes.\n\nRules:')).toBe(true);
  });

  it('uses its own instructions when the project has none, and sends no image when images are off', async () => {
    const { url, requests } = await startStub(() => postsAnswer(['One']));
    const writer = writerFor(url, { sendImages: false });
    expect(writer.wantsImagePreviews).toBe(false);
    await writer.write(await request({ instructions: '   ', language: 'en', posts: [{ images: [{ url: 'https://media.alzado.example/a.jpg' }] }] }));
    const [system, user] = requests[0]!.body.messages;
    expect(system.content.startsWith(`${DEFAULT_INSTRUCTIONS}\n\nRules:`)).toBe(true);
    expect(system.content).toContain('Write exactly 1 social media post about');
    expect(system.content).toContain('in English');
    expect(typeof user.content).toBe('string');
    expect(JSON.parse(user.content).posts).toEqual([{ post: 1, images: 1 }]);
    expect(JSON.stringify(requests[0]!.body)).not.toContain('image_url');
  });

  it("keeps a model's first 5 hashtags, Instagram's limit: the closing ones beyond go, those in the prose keep their word (decision 014)", async () => {
    const answer = 'Una casa a #Lleida, de #pedra i fusta.\n\n#arquitectura #pati #llum #calç #disseny #interiorisme';
    const { url } = await startStub(() => postsAnswer([answered(answer, 2), answered(`${'#etiqueta '.repeat(7)}al final`, 1)]));
    const [first, second] = (await writerFor(url).write(await request())).map((post) => post.instagram);
    expect(first).toBe('Una casa a #Lleida, de #pedra i fusta.\n\n#arquitectura #pati #llum');
    expect(second).toBe(`${'#etiqueta '.repeat(5)}${'etiqueta '.repeat(2)}al final`);
  });

  it('cuts a text that is too long for Instagram instead of failing', async () => {
    const long = `${'La llum entra pel pati. '.repeat(150)}\n\n#arquitectura #pati`;
    const { url } = await startStub(() => postsAnswer([answered(long, 2, `${'a '.repeat(1600)}`), answered('Segon', 1)]));
    const written = await writerFor(url).write(await request());
    const [first, second] = written.map((post) => post.instagram);
    // LinkedIn's text is cut to its own 3,000, not Instagram's 2,200.
    expect(countCharacters(written[0]!.linkedin)).toBeLessThanOrEqual(3000);
    expect(countCharacters(written[0]!.linkedin)).toBeGreaterThan(2900);
    expect(countCharacters(long)).toBeGreaterThan(2200);
    expect(instagramTextProblem(first!)).toBeUndefined();
    expect(first!.endsWith('…\n\n#arquitectura #pati')).toBe(true);
    expect(second).toBe('Segon');
  });

  it.each([
    [
      401,
      openAiError(
        `Incorrect API key provided: ${API_KEY}. You can find your API key at https://platform.openai.com/account/api-keys.`,
        'invalid_request_error',
        'invalid_api_key',
      ),
      'OPENAI_API_KEY',
    ],
    [429, openAiError('Rate limit reached for gpt-4o-mini', 'requests', 'rate_limit_exceeded'), 'rate limiting'],
    [500, openAiError('The server had an error while processing your request.', 'server_error'), 'failed; try again later'],
    [404, openAiError('The model `gpt-9` does not exist', 'invalid_request_error', 'model_not_found'), 'OPENAI_MODEL'],
  ])('turns HTTP %i into GENERATION_AI_FAILED with its status, once, without the key', async (status, json, meaning) => {
    const { url, requests } = await startStub(() => ({ status, json }));
    const error = await failure(writerFor(url).write(await request()));
    expect(error.code).toBe('GENERATION_AI_FAILED');
    expect(error.status).toBe(status);
    expect(error.message).toContain(`HTTP ${status}`);
    expect(error.message).toContain(meaning);
    expect(error.message).not.toContain(API_KEY);
    expect(error.message).not.toContain('sk-test');
    // No automatic retries: the job decides.
    expect(requests).toHaveLength(1);
  });

  it('gets as many posts as it asks for from the stub left as it is (what the generation tests use)', async () => {
    const { url } = await startStub();
    const written = await writerFor(url).write(await request());
    expect(written.map((post) => post.instagram)).toEqual([
      "Publicació 1 de 2 sobre Casa del Patio: una obra pensada per a les persones que l'habiten. #arquitectura",
      "Publicació 2 de 2 sobre Casa del Patio: una obra pensada per a les persones que l'habiten. #arquitectura",
    ]);
    expect(written.map((post) => post.altTexts.length)).toEqual([2, 1]);
    expect(written[0]!.linkedin).toContain('amb més calma');
  });

  it.each([
    ['Instagram', { instagram: 'Una casa de pedra al costat del bosc, pensada per a la família.', linkedin: 'Una casa de pedra i fusta.' }, 'Spanish'],
    ['LinkedIn', { instagram: 'Una casa de piedra junto al bosque.', linkedin: 'A stone house by the forest, designed for a family of five.' }, 'English'],
  ])('fails a post whose %s text is surely in another language than asked', async (network, texts, written) => {
    const { url } = await startStub(() => postsAnswer([{ ...texts, alt_texts: [] }]));
    const error = await failure(writerFor(url, { sendImages: false }).write(await request({ language: 'es', posts: [{ images: [] }] })));
    expect(error.code).toBe('GENERATION_AI_FAILED');
    expect(error.message).toContain(`post 1's ${network} text is written in ${written === 'Spanish' ? 'Catalan' : written}, not in Spanish`);
  });

  it("describes the images from the project's fields when the model does not see them", async () => {
    const { url } = await startStub(() => postsAnswer(['Un', 'Dos']));
    const written = await writerFor(url, { sendImages: false }).write(await request());
    expect(written.map((post) => post.altTexts)).toEqual([
      [
        'Casa del Patio, un projecte residencial a Sant Cugat (2023): imatge 1 de 3. Fotografia: Adrià Goula.',
        'Casa del Patio, un projecte residencial a Sant Cugat (2023): imatge 2 de 3. Fotografia: Adrià Goula.',
      ],
      ['Casa del Patio, un projecte residencial a Sant Cugat (2023): imatge 3 de 3. Fotografia: Adrià Goula.'],
    ]);
  });

  it('says when the stub refuses a wrong key (the real check, not a canned answer)', async () => {
    const { url } = await startStub();
    const error = await failure(
      createOpenAiWriter({ baseUrl: url, apiKey: 'sk-wrong-key-000000', model: 'm', timeoutMs: 5_000, sendImages: false }).write(await request()),
    );
    expect(error.status).toBe(401);
    expect(error.message).not.toContain('sk-wrong');
  });

  it.each([
    ['not JSON', chatCompletion('Here are your posts: 1. Casa…'), 'did not answer with the JSON asked for'],
    ['JSON of another shape', chatCompletion(JSON.stringify({ items: ['a', 'b'] })), 'is not {"posts"'],
    ['the old one-text shape', chatCompletion(JSON.stringify({ posts: [{ text: 'Bé' }, { text: 'Dos' }] })), 'is not {"posts"'],
    ['the wrong number of posts', chatCompletion(JSON.stringify({ posts: [answered('Only one', 2)] })), 'answered 1 posts instead of 2'],
    ['an empty Instagram text', chatCompletion(JSON.stringify({ posts: [answered('Bé', 2), answered('  ', 1)] })), 'post 2 has no Instagram text'],
    ['an empty LinkedIn text', chatCompletion(JSON.stringify({ posts: [answered('Bé', 2, ' '), answered('Dos', 1)] })), 'post 1 has no LinkedIn text'],
    [
      'a missing description',
      chatCompletion(JSON.stringify({ posts: [answered('Bé', 1), answered('Dos', 1)] })),
      'post 1 has 1 image descriptions for 2 images',
    ],
    [
      'an empty description',
      chatCompletion(JSON.stringify({ posts: [answered('Bé', 2), { ...answered('Dos', 1), alt_texts: [' '] }] })),
      'post 2 has 0 image descriptions for 1 images',
    ],
    ['no text', chatCompletion(null), 'without any text'],
    ['a refusal', chatCompletion(null, { refusal: 'I cannot help with that.' }), 'refused to write the posts: I cannot help with that.'],
    ['an answer cut at the token limit', chatCompletion('{"posts": [{"text": "Prim', { finishReason: 'length' }), 'stopped before finishing'],
  ])('fails with GENERATION_AI_FAILED on %s', async (_case, json, message) => {
    const { url } = await startStub(() => ({ json }));
    const error = await failure(writerFor(url).write(await request()));
    expect(error.code).toBe('GENERATION_AI_FAILED');
    expect(error.message).toContain(message);
  });

  it('fails with GENERATION_AI_FAILED when the answer is not JSON at all', async () => {
    const { url } = await startStub(() => ({ status: 200, text: '<html>Bad gateway</html>' }));
    const error = await failure(writerFor(url).write(await request()));
    expect(error.code).toBe('GENERATION_AI_FAILED');
  });

  it('gives up after its time limit when the service never answers', async () => {
    const { url } = await startStub(() => ({ hang: true }));
    const started = Date.now();
    const error = await failure(writerFor(url, { timeoutMs: 300 }).write(await request()));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(error.code).toBe('GENERATION_AI_FAILED');
    expect(error.message).toBe(`The AI service did not answer within 300 ms (${url})`);
    expect(error.status).toBeUndefined();
  });

  it('says the service could not be reached when nothing listens there', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const error = await failure(writerFor(`http://127.0.0.1:${port}/v1`).write(await request()));
    expect(error.code).toBe('GENERATION_AI_FAILED');
    expect(error.message).toMatch(/^The AI service could not be reached \(ECONNREFUSED\): http:\/\/127\.0\.0\.1:\d+\/v1$/u);
    expect(error.message).not.toContain(API_KEY);
  });

  it('stops when the generation is stopped, with the abort rather than a failure of the service', async () => {
    const { url } = await startStub(() => ({ hang: true }));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const outcome = await writerFor(url)
      .write(await request({ signal: controller.signal }))
      .catch((error: unknown) => error);
    expect(outcome).not.toBeInstanceOf(WriterError);
    expect((outcome as Error).name).toBe('AbortError');
  });
});
