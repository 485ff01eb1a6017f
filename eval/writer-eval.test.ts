import { afterEach, describe, expect, it } from 'vitest';
import type { AiConfig } from '../src/server/config.ts';
import { type OpenAiStub, type OpenAiStubRequest, askedPosts, createOpenAiStub, postsAnswer } from '../src/server/test-support/openai-stub.ts';
import { type EvalResult, evaluateWriter, formatTable } from './writer-eval.ts';
import { EVAL_PROJECTS } from './writer-projects.ts';

/**
 * The evaluation against a real local OpenAI-compatible server (test-support/openai-stub.ts) answering as four
 * kinds of model would, and with the template writer: each model's fault must show in the table.
 */
let stub: OpenAiStub | undefined;
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

type Written = (language: string, title: string, location: string) => { instagram: string; linkedin: string };

/** A model that writes only what it was given (the title and the place), in the language asked. */
const grounded: Written = (language, title, location) => {
  const where = location === '' ? '' : { es: `, en ${location}`, en: ` in ${location}`, cat: `, a ${location}` }[language];
  const words = {
    es: {
      instagram: `${title}${where}. Una obra pensada para quienes la usan cada día, con luz natural y materiales sencillos. #arquitectura`,
      more: 'Os contamos cómo la hemos trabajado con el equipo y con quienes la encargaron, paso a paso y sin prisa.',
    },
    en: {
      instagram: `${title}${where}. A building made for the people who use it every day, with daylight and plain materials. #architecture`,
      more: 'We tell how we worked on it with the team and with those who asked for it, step by step and without hurry.',
    },
    cat: {
      instagram: `${title}${where}. Una obra pensada per a les persones que la fan servir cada dia, amb llum natural i materials senzills. #arquitectura`,
      more: "Us expliquem com l'hem treballada amb l'equip i amb qui la va encarregar, pas a pas i sense pressa.",
    },
  }[language as 'es']!;
  return { instagram: words.instagram, linkedin: `${words.instagram.replace(/ #\S+$/, '')}\n\n${words.more}\n\n#arquitectura` };
};

function model(write: Written) {
  return (request: OpenAiStubRequest) => {
    const asked = askedPosts(request);
    const location = projectField(request, 'location');
    return postsAnswer(
      asked.images.map((images, index) => ({
        ...write(asked.language, asked.title, location),
        alt_texts: Array.from({ length: images }, (_, image) => `${asked.title}: ${['imagen', 'image', 'imatge'][index % 3]} ${image + 1}`),
      })),
    );
  };
}

function projectField(request: OpenAiStubRequest, field: string): string {
  const content = request.body?.messages?.find((message: { role: string }) => message.role === 'user')?.content;
  const text = typeof content === 'string' ? content : content?.find((part: { type: string }) => part.type === 'text')?.text;
  return (JSON.parse(text ?? '{}') as { project?: Record<string, unknown> }).project?.[field]?.toString() ?? '';
}

/** With EVAL_WRITER_PRINT=1, each model's table is printed (the README and the issue quote them). */
function show(model: string, result: EvalResult): void {
  if (process.env.EVAL_WRITER_PRINT) console.log(`\n${model}\n\n${formatTable(result)}`);
}

async function openAiConfig(handler: (request: OpenAiStubRequest) => ReturnType<typeof postsAnswer>): Promise<AiConfig> {
  stub = await createOpenAiStub({ handler, apiKey: 'sk-eval' });
  return { kind: 'openai', baseUrl: stub.url, apiKey: 'sk-eval', model: 'stub-model', sendImages: true, timeoutMs: 10_000 };
}

describe('the writer evaluation', () => {
  it('has at least 12 projects in es, en and cat, every category, 1 to 4 posts, with and without images', async () => {
    const { CATEGORIES } = await import('../src/domain/project.ts');
    expect(EVAL_PROJECTS.length).toBeGreaterThanOrEqual(12);
    expect(new Set(EVAL_PROJECTS.map((entry) => entry.language))).toEqual(new Set(['es', 'en', 'cat']));
    expect(new Set(EVAL_PROJECTS.map((entry) => entry.project.category))).toEqual(new Set(CATEGORIES));
    expect(new Set(EVAL_PROJECTS.map((entry) => entry.posts.length))).toEqual(new Set([1, 2, 3, 4]));
    const posts = EVAL_PROJECTS.flatMap((entry) => entry.posts);
    expect(posts.some((images) => images === 0) && posts.some((images) => images > 0)).toBe(true);
  });

  it('finds nothing to fix in a grounded model writing in the language asked', async () => {
    const result = await evaluateWriter(await openAiConfig(model(grounded)));
    show('grounded model', result);
    expect(result.total).toMatchObject({ failed: 0, facts: 0, aiTells: 0, wrongLanguage: 0, cutToFit: 0, withinLimits: result.total.texts });
    expect(result.total.asked).toBe(result.total.texts);
    expect(result.total.described).toBe(result.total.images);
    expect(stub!.requests).toHaveLength(EVAL_PROJECTS.length);
  });

  it('counts the figures and awards a model invents', async () => {
    const inventing: Written = (language, title, location) => {
      const text = grounded(language, title, location);
      const claim = { es: ' Son 240 m² y ganó el Premio FAD.', en: ' It has 240 m² and won the Premio FAD.', cat: ' Són 240 m² i va guanyar el Premio FAD.' }[
        language as 'es'
      ];
      return { instagram: text.instagram.replace('. ', `.${claim} `), linkedin: text.linkedin.replace('. ', `.${claim} `) };
    };
    const result = await evaluateWriter(await openAiConfig(model(inventing)));
    show('inventing model', result);
    expect(result.total.failed).toBe(0);
    for (const row of result.rows) {
      expect(row.facts, row.key).toBeGreaterThanOrEqual(2 * row.texts);
      for (const text of row.details) expect(text.facts.join(' | '), `${row.key} ${text.network}`).toMatch(/240 m².*FAD/);
    }
    expect(formatTable(result)).toMatch(/\| total \(13\)/);
  });

  it('shows as failed every project a model writes in another language than asked', async () => {
    const wrong: Written = (language, title, location) => grounded(language === 'en' ? 'es' : 'en', title, location);
    const result = await evaluateWriter(await openAiConfig(model(wrong)));
    show('wrong-language model', result);
    expect(result.total.failed).toBe(EVAL_PROJECTS.length);
    for (const row of result.rows) expect(row.failure, row.key).toMatch(/^GENERATION_AI_FAILED: .*written in (English|Spanish), not in/);
    expect(formatTable(result)).toContain(`${EVAL_PROJECTS.length} FAILED`);
  });

  it('shows the texts a model wrote over a limit within it, and counts them as cut to fit', async () => {
    const long: Written = (language, title, location) => {
      const text = grounded(language, title, location);
      const body = text.linkedin.replace(/\n\n#\S+$/, '');
      let linkedin = body;
      while (linkedin.length < 3_500) linkedin += `\n\n${body}`;
      return { instagram: `${text.instagram} #uno #dos #tres #cuatro #cinco #seis #siete`, linkedin: `${linkedin}\n\n#arquitectura` };
    };
    const result = await evaluateWriter(await openAiConfig(model(long)));
    show('over-limit model', result);
    expect(result.total).toMatchObject({ failed: 0, withinLimits: result.total.texts, cutToFit: result.total.texts });
  });

  it('goes on after a service that never answers, with the failure in the row', async () => {
    stub = await createOpenAiStub({ handler: () => ({ hang: true }) });
    const config: AiConfig = { kind: 'openai', baseUrl: stub.url, apiKey: 'sk-eval', model: 'stub-model', sendImages: false, timeoutMs: 200 };
    const result = await evaluateWriter(config, EVAL_PROJECTS.slice(0, 2));
    expect(result.total.failed).toBe(2);
    for (const row of result.rows) expect(row.failure, row.key).toMatch(/^GENERATION_AI_FAILED: /);
  });

  it('runs the template writer with no facts and no text in the wrong language', async () => {
    const result = await evaluateWriter({ kind: 'template' });
    show('template writer', result);
    expect(result.total).toMatchObject({ failed: 0, facts: 0, wrongLanguage: 0, cutToFit: 0, withinLimits: result.total.texts });
    expect(result.total.described).toBe(result.total.images);
    // The English studio's Spanish description, quoted as written: in its own language, not a wrong one.
    expect(result.rows.find((row) => row.key === 'en-interior-bar')!.quotedLanguage).toBeGreaterThan(0);
  });
});
