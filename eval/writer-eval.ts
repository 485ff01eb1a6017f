import { performance } from 'node:perf_hooks';
import { setTimeout } from 'node:timers/promises';
import sharp from 'sharp';
import { findAiTells } from '../src/domain/ai-tells.ts';
import { factCheckerOf, projectFactTexts } from '../src/domain/facts.ts';
import { joinKeywords } from '../src/domain/keywords.ts';
import type { Language } from '../src/domain/languages.ts';
import { ALT_TEXT_LIMIT, TEXT_LIMITS, countCharacters, instagramTextProblem } from '../src/domain/post.ts';
import type { AiConfig } from '../src/server/config.ts';
import { createPostWriter } from '../src/server/adapters/ai/create-post-writer.ts';
import { detectLanguage } from '../src/server/adapters/ai/detect-language.ts';
import { type WriterImage, WriterError, type WrittenPost } from '../src/server/adapters/ai/post-writer.ts';
import { EVAL_PROJECTS, type EvalProject } from './writer-projects.ts';

/**
 * The writer evaluation (issue 24 item 6): the configured writer writes the posts of fixed projects, and each
 * row counts what a studio would have to fix before publishing. Findings are counted, never thrown: only a
 * writer's failure makes `failed` non-zero (and the CLI's exit code).
 */
export interface EvalRow {
  key: string;
  language: Language;
  category: string;
  posts: number;
  images: number;
  /** The writer's error (WriterError's code and message) when it failed this project; the counts are 0 then. */
  failure?: string;
  /** Texts (2 a post: Instagram's and LinkedIn's) and how many are within their network's limits. */
  texts: number;
  withinLimits: number;
  /** Texts the service answered over a limit (its raw answer) that the writer cut to fit: 0 for the template. */
  cutToFit: number;
  /** Facts not in the project (domain/facts.ts) in the texts, and the AI tells in the asked language. */
  facts: number;
  aiTells: number;
  /** Texts detected in the asked language, in another, in the language of the studio's description (quoted), or unsure. */
  asked: number;
  wrongLanguage: number;
  quotedLanguage: number;
  unsureLanguage: number;
  /** Images with a description, and descriptions within ALT_TEXT_LIMIT. */
  described: number;
  altWithinLimit: number;
  milliseconds: number;
  /** Each text as written, with what was found, for reading a row closely (`--verbose`). */
  details: TextDetail[];
}

export interface TextDetail {
  post: number;
  network: 'instagram' | 'linkedin';
  text: string;
  language: Language | undefined;
  facts: string[];
  aiTells: string[];
}

export interface EvalResult {
  writer: AiConfig['kind'];
  rows: EvalRow[];
  total: Omit<EvalRow, 'key' | 'language' | 'category' | 'failure' | 'details'> & { failed: number };
}

/** Runs the evaluation with the writer `config` describes (loadConfig's `ai`, as the server builds it). */
export async function evaluateWriter(config: AiConfig, projects: readonly EvalProject[] = EVAL_PROJECTS): Promise<EvalResult> {
  const answers = recordServiceAnswers();
  try {
    // Built after the recorder is in place: the OpenAI SDK takes the global fetch when its client is made.
    const writer = await createPostWriter(config);
    const rows: EvalRow[] = [];
    for (const entry of projects) {
      const images = await fixtureImages(entry, writer.wantsImagePreviews);
      answers.clear();
      const started = performance.now();
      let written: WrittenPost[] | undefined;
      let failure: string | undefined;
      try {
        written = await writer.write({ project: entry.project, language: entry.language, instructions: '', posts: images.map((list) => ({ images: list })) });
      } catch (error) {
        if (!(error instanceof WriterError)) throw error;
        failure = `${error.code}: ${error.message}`;
      }
      const milliseconds = performance.now() - started;
      rows.push(rowOf(entry, written, failure, await answers.posts(), milliseconds));
    }
    return { writer: config.kind, rows, total: totalOf(rows) };
  } finally {
    answers.restore();
  }
}

function rowOf(entry: EvalProject, written: WrittenPost[] | undefined, failure: string | undefined, raw: RawPost[], milliseconds: number): EvalRow {
  const images = entry.posts.reduce((sum, count) => sum + count, 0);
  const row: EvalRow = {
    key: entry.key,
    language: entry.language,
    category: entry.project.category,
    posts: entry.posts.length,
    images,
    ...(failure === undefined ? {} : { failure }),
    texts: 0,
    withinLimits: 0,
    cutToFit: 0,
    facts: 0,
    aiTells: 0,
    asked: 0,
    wrongLanguage: 0,
    quotedLanguage: 0,
    unsureLanguage: 0,
    described: 0,
    altWithinLimit: 0,
    milliseconds,
    details: [],
  };
  if (written === undefined) return row;
  const factsOf = factCheckerOf(projectTextsOf(entry));
  const sourceLanguage = detectLanguage(entry.project.description);
  written.forEach((post, index) => {
    for (const network of ['instagram', 'linkedin'] as const) {
      const text = post[network];
      const language = detectLanguage(text);
      const facts = factsOf(text).map((fact) => fact.text);
      const aiTells = findAiTells(text, entry.language).map((tell) => tell.text);
      row.texts += 1;
      if (network === 'instagram' ? instagramTextProblem(text) === undefined : countCharacters(text) <= TEXT_LIMITS.linkedinCharacters) row.withinLimits += 1;
      const answered = raw[index]?.[network];
      if (answered !== undefined && overLimit(answered, network) && answered.trim() !== text) row.cutToFit += 1;
      row.facts += facts.length;
      row.aiTells += aiTells.length;
      if (language === undefined) row.unsureLanguage += 1;
      else if (language === entry.language) row.asked += 1;
      else if (language === sourceLanguage) row.quotedLanguage += 1;
      else row.wrongLanguage += 1;
      row.details.push({ post: index + 1, network, text, language, facts, aiTells });
    }
    const descriptions = post.altTexts.filter((text) => text.trim() !== '');
    row.described += Math.min(descriptions.length, entry.posts[index] ?? 0);
    row.altWithinLimit += descriptions.filter((text) => countCharacters(text) <= ALT_TEXT_LIMIT).length;
  });
  return row;
}

function overLimit(text: string, network: 'instagram' | 'linkedin'): boolean {
  return network === 'instagram' ? instagramTextProblem(text.trim()) !== undefined : countCharacters(text.trim()) > TEXT_LIMITS.linkedinCharacters;
}

/** The project's fields as the posts' facts check reads them (posts/post-view.ts's projectTextsOf). */
function projectTextsOf({ project }: EvalProject): string[] {
  return projectFactTexts({
    title: project.title,
    description: project.description,
    location: project.location,
    category: project.category,
    year: project.year,
    authors: project.authors,
    collaborators: project.collaborators,
    promoter: project.promoter,
    photo_credit: project.photoCredit,
    photo_credit_link: '',
    weblink: project.weblink,
    keywords: joinKeywords(project.keywords),
  });
}

function totalOf(rows: EvalRow[]): EvalResult['total'] {
  const sum = (pick: (row: EvalRow) => number) => rows.reduce((total, row) => total + pick(row), 0);
  return {
    failed: rows.filter((row) => row.failure !== undefined).length,
    posts: sum((row) => row.posts),
    images: sum((row) => row.images),
    texts: sum((row) => row.texts),
    withinLimits: sum((row) => row.withinLimits),
    cutToFit: sum((row) => row.cutToFit),
    facts: sum((row) => row.facts),
    aiTells: sum((row) => row.aiTells),
    asked: sum((row) => row.asked),
    wrongLanguage: sum((row) => row.wrongLanguage),
    quotedLanguage: sum((row) => row.quotedLanguage),
    unsureLanguage: sum((row) => row.unsureLanguage),
    described: sum((row) => row.described),
    altWithinLimit: sum((row) => row.altWithinLimit),
    milliseconds: sum((row) => row.milliseconds),
  };
}

/** Small JPEGs made now (no binary fixtures in git), one colour per image; the preview only for a writer that sends images. */
async function fixtureImages(entry: EvalProject, withPreviews: boolean): Promise<WriterImage[][]> {
  let number = 0;
  return Promise.all(
    entry.posts.map((count) =>
      Promise.all(
        Array.from({ length: count }, async () => {
          number += 1;
          const url = `https://images.alzado.invalid/eval/${entry.key}-${number}.jpg`;
          if (!withPreviews) return { url };
          const shade = (number * 40) % 256;
          const data = await sharp({ create: { width: 96, height: 72, channels: 3, background: { r: shade, g: 120, b: 255 - shade } } })
            .jpeg()
            .toBuffer();
          return { url, preview: { contentType: 'image/jpeg' as const, data } };
        }),
      ),
    ),
  );
}

/** A post as the service answered it, before the writer's checks and cuts. */
interface RawPost {
  instagram?: string;
  linkedin?: string;
}

/**
 * The services' raw answers (an OpenAI-compatible completion's message or a webhook's JSON), read from the
 * responses to the writer's requests, to count what the writer had to cut to fit. It wraps the global fetch
 * for the evaluation's run only; every response reaches the writer untouched (a clone is read).
 */
function recordServiceAnswers(): { posts(): Promise<RawPost[]>; clear(): void; restore(): void } {
  const original = globalThis.fetch;
  let bodies: Promise<string>[] = [];
  globalThis.fetch = async (input, init) => {
    const response = await original(input, init);
    bodies.push(
      response
        .clone()
        .text()
        .catch(() => ''),
    );
    return response;
  };
  return {
    // A body the writer left unread and the service never ends (it gave up on it) is not waited for long.
    posts: async () => (await Promise.all(bodies.map((body) => Promise.race([body, setTimeout(2_000, '', { ref: false })])))).flatMap(rawPostsOf),
    clear: () => {
      bodies = [];
    },
    restore: () => {
      globalThis.fetch = original;
    },
  };
}

/** The posts of a Chat Completions answer (its message's JSON) or of a webhook's answer; none when it is neither. */
function rawPostsOf(body: string): RawPost[] {
  const parsed = parseJson(body) as { choices?: { message?: { content?: unknown } }[]; posts?: unknown } | undefined;
  const content = parsed?.choices?.[0]?.message?.content;
  const answer = (typeof content === 'string' ? parseJson(content) : parsed) as { posts?: unknown } | undefined;
  if (!Array.isArray(answer?.posts)) return [];
  return answer.posts.map((post: { instagram?: unknown; linkedin?: unknown; text?: unknown }) => {
    const text = typeof post?.text === 'string' ? post.text : undefined;
    return {
      instagram: typeof post?.instagram === 'string' ? post.instagram : text,
      linkedin: typeof post?.linkedin === 'string' ? post.linkedin : text,
    };
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The table the CLI prints, as Markdown (it goes into the README as it is): a row per project and the total. */
export function formatTable(result: EvalResult): string {
  const header = [
    'project',
    'lang',
    'category',
    'posts',
    'images',
    'within limits',
    'cut to fit',
    'facts',
    'AI tells',
    'language ok/wrong/quoted/unsure',
    'alt texts',
    'alt ≤ 1,000',
    'ms',
    'writer',
  ];
  const cells = (row: Omit<EvalRow, 'key' | 'language' | 'category' | 'details'>, first: string[], writer: string) => [
    ...first,
    String(row.posts),
    String(row.images),
    `${row.withinLimits}/${row.texts}`,
    String(row.cutToFit),
    String(row.facts),
    String(row.aiTells),
    `${row.asked}/${row.wrongLanguage}/${row.quotedLanguage}/${row.unsureLanguage}`,
    `${row.described}/${row.images}`,
    String(row.altWithinLimit),
    String(Math.round(row.milliseconds)),
    writer,
  ];
  const lines = [
    header,
    ...result.rows.map((row) => cells(row, [row.key, row.language, row.category], row.failure === undefined ? 'ok' : `FAILED ${row.failure}`)),
    cells(result.total, [`total (${result.rows.length})`, '', ''], result.total.failed === 0 ? 'ok' : `${result.total.failed} FAILED`),
  ];
  const widths = header.map((_, column) => Math.max(3, ...lines.map((line) => (column === header.length - 1 ? 0 : line[column]!.length))));
  const format = (line: string[]) => `| ${line.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  return [format(lines[0]!), format(widths.map((width) => '-'.repeat(width))), ...lines.slice(1).map(format)].join('\n');
}
