import { AWARD_TRIGGERS, AWARD_WORDS, COMMON_STARTERS, NAME_ARTICLES, NAME_CONNECTORS, NEVER_NAMES, TITLES } from './facts-words.ts';
import { type FoundLink, NUMBER, PROJECT_NUMBER, findLinks, normalisedLink, numberValues } from './facts-patterns.ts';
import type { Project } from './project.ts';

/**
 * The facts rule (issue 24 item 3): what a post's text states that its project does not say, so that
 * nobody publishes a surface, a year, an award or a name a writer invented. It errs towards silence on
 * ordinary words: the user confirms what it lists, and a list full of noise would be confirmed unread.
 */

export const FACT_KINDS = ['number', 'name', 'award', 'link'] as const;
export type FactKind = (typeof FACT_KINDS)[number];

/** One fact the project does not hold; `text` is `source.slice(start, end)`, in UTF-16 offsets. */
export interface UnsupportedFact {
  kind: FactKind;
  text: string;
  start: number;
  end: number;
}

/**
 * Every fact of `text` that `projectTexts` (the project's fields, see `projectFactTexts`) does not hold:
 * numbers with their units, proper names, awards and links, in the text's order, none overlapping another.
 * A number is held when the same value appears anywhere in the project (1.200, 1,200 and 1200 are one
 * value); a name when each of its words does, without case or accents; a link when the project has it,
 * or has a link to that site, without scheme, www. or final slash.
 */
export function factsNotInProject(text: string, projectTexts: readonly string[]): UnsupportedFact[] {
  return factCheckerOf(projectTexts)(text);
}

/**
 * `factsNotInProject` for many texts of one project: the project is read once (reading it is most of
 * the work for a post-sized text), then each text is checked against it.
 */
export function factCheckerOf(projectTexts: readonly string[]): (text: string) => UnsupportedFact[] {
  const project = readProject(projectTexts);
  return (text) => checkText(text, project);
}

function checkText(text: string, project: ReturnType<typeof readProject>): UnsupportedFact[] {
  const facts: UnsupportedFact[] = [];
  const fact = (kind: FactKind, start: number, end: number) => facts.push({ kind, text: text.slice(start, end), start, end });
  const mask = new Mask(text);

  for (const link of findLinks(text)) {
    mask.cover(link.start, link.end);
    if (!isLinkHeld(link, project)) fact('link', link.start, link.end);
  }
  for (const match of text.matchAll(HASHTAG)) {
    const start = match.index;
    const end = start + match[0].length;
    if (mask.covers(start, end)) continue;
    mask.cover(start, end);
    // A hashtag's words are the studio's keywords or themes; only a figure inside it is a claim (#2024).
    const figures = match[0].match(/\d+/g) ?? [];
    if (figures.some((figure) => !project.numbers.has(String(Number(figure))))) fact('number', start, end);
  }
  for (const match of text.matchAll(NUMBER)) {
    const start = match.index;
    const end = start + match[0].length;
    if (mask.covers(start, end) || /^\p{L}/u.test(text.slice(end))) continue; // 3D, 4K: not a figure
    mask.cover(start, end);
    const core = match.groups?.core ?? '';
    if (!numberValues(core).some((value) => project.numbers.has(value))) fact('number', start, end);
  }
  for (const name of findNames(mask.text, project)) fact(name.kind, name.start, name.end);

  return withoutOverlaps(facts);
}

/** The fields of a project that the facts rule reads; the category's label is the caller's, in the post's language. */
export function projectFactTexts(
  project: Pick<
    Project,
    | 'title'
    | 'description'
    | 'location'
    | 'category'
    | 'year'
    | 'authors'
    | 'collaborators'
    | 'promoter'
    | 'photo_credit'
    | 'photo_credit_link'
    | 'weblink'
    | 'keywords'
  >,
  categoryLabel = '',
): string[] {
  return [
    project.title,
    project.description,
    project.location,
    project.category,
    categoryLabel,
    project.year === null ? '' : String(project.year),
    project.authors,
    project.collaborators,
    project.promoter,
    project.photo_credit,
    project.photo_credit_link,
    project.weblink,
    project.keywords,
  ].filter((value) => value.trim() !== '');
}

interface ProjectFacts {
  numbers: Set<string>;
  words: Set<string>;
  /** Links without scheme, www. or final slash, and the site of each; e-mail addresses as written, in lower case. */
  links: Set<string>;
  /** Every run of letters, digits, dots and underscores, for @handles: the credit's "@foto_estudio" or a profile's address. */
  handles: Set<string>;
}

function readProject(projectTexts: readonly string[]): ProjectFacts {
  const project: ProjectFacts = { numbers: new Set(), words: new Set(), links: new Set(), handles: new Set() };
  for (const text of projectTexts) {
    for (const match of text.matchAll(PROJECT_NUMBER)) for (const value of numberValues(match[0])) project.numbers.add(value);
    // Each run of digits too, so "1:200" or "Casa11" hold their figures whatever the text around them.
    for (const digits of text.match(/\d+/g) ?? []) project.numbers.add(String(Number(digits)));
    for (const word of text.match(WORD) ?? []) {
      const normal = normalised(word);
      project.words.add(normal);
      for (const part of normal.split('-')) project.words.add(part);
    }
    for (const link of findLinks(text)) {
      const normal = normalisedLink(link.text);
      project.links.add(normal);
      if (link.kind === 'site') project.links.add(normal.split(/[/?#]/)[0] ?? normal);
    }
    for (const run of normalised(text).match(/[\p{L}\p{N}_.]+/gu) ?? []) project.handles.add(run.replace(/\.+$/, ''));
  }
  return project;
}

function isLinkHeld(link: FoundLink, project: ProjectFacts): boolean {
  if (link.kind === 'handle') return project.handles.has(normalised(link.text.slice(1)));
  return project.links.has(normalisedLink(link.text));
}

// ---- Names and awards --------------------------------------------------------------------------------

const HASHTAG = /(?<![\p{L}\p{N}_&])#[\p{L}\p{M}\p{N}_]+/gu;
const WORD = /(?<![\p{L}\p{M}\p{N}])\p{L}[\p{L}\p{M}\p{N}]*(?:[·\-‐][\p{L}\p{M}\p{N}]+)*/gu;

interface Word {
  text: string;
  normal: string;
  start: number;
  end: number;
}

function findNames(masked: string, project: ProjectFacts): { kind: FactKind; start: number; end: number }[] {
  const words: Word[] = [...masked.matchAll(WORD)].map((match) => ({
    text: match[0],
    normal: normalised(match[0]),
    start: match.index,
    end: match.index + match[0].length,
  }));
  const joined = (index: number) => index > 0 && index < words.length && JOINS_A_NAME.test(masked.slice(words[index - 1]!.end, words[index]!.start));
  const isConnector = (index: number) => isLowerCase(words[index]!) && NAME_CONNECTORS.has(words[index]!.normal);
  const isJoiner = (index: number) => isConnector(index) || (isLowerCase(words[index]!) && NAME_ARTICLES.has(words[index]!.normal));
  const isAwardTrigger = (index: number) => index >= 0 && index < words.length && isLowerCase(words[index]!) && AWARD_TRIGGERS.has(words[index]!.normal);
  const held = (from: number, to: number) => words.slice(from, to + 1).every((word, offset) => isJoiner(from + offset) || isWordHeld(word.normal, project));
  const names: { kind: FactKind; start: number; end: number }[] = [];

  let index = 0;
  while (index < words.length) {
    if (!isNameWord(words[index]!)) {
      index += 1;
      continue;
    }
    // The name runs over capitalised words, and over "de", "van der"… between two of them.
    let last = index;
    for (;;) {
      let next = last + 1;
      if (joined(next) && isConnector(next)) {
        next += 1;
        if (joined(next) && isJoiner(next)) next += 1;
      }
      if (joined(next) && isNameWord(words[next]!)) last = next;
      else break;
    }
    let first = index;
    index = last + 1;

    const firstWord = words[first]!;
    if (opensSentence(masked, firstWord.start)) {
      // Every sentence opens with a capital: its first word is a name only beside a name that is one.
      const keepsFirst = (AWARD_WORDS.has(firstWord.normal) && last > first) || isAcronym(firstWord);
      if (!keepsFirst) {
        let rest = first + 1;
        while (rest <= last && isJoiner(rest)) rest += 1;
        if (rest > last || held(rest, last)) continue;
        // "El Estudio X", "Obra de Norman Foster": the opening word is a common one; "Norman Foster" is whole.
        if (COMMON_STARTERS.has(firstWord.normal) || isJoiner(first + 1)) first = rest;
      }
    }

    // "el premio FAD", "premi de Arquitectura", "a RIBA award": the word beside the name makes it an award.
    let award = false;
    if (isAwardTrigger(first - 1) && joined(first)) {
      first -= 1;
      award = true;
    } else if (isAwardTrigger(first - 2) && joined(first - 1) && joined(first) && isConnector(first - 1)) {
      first -= 2;
      award = true;
    }
    if (isAwardTrigger(last + 1) && joined(last + 1)) {
      last += 1;
      award = true;
    }
    if (held(first, last)) continue;
    if (words.slice(first, last + 1).some((word) => AWARD_WORDS.has(word.normal))) award = true;
    names.push({ kind: award ? 'award' : 'name', start: words[first]!.start, end: words[last]!.end });
  }
  return names;
}

/** Spaces, an "&" or "+" (Herzog & de Meuron, Foster + Partners) or an elision (d'Arquitectura) keep a name going. */
const JOINS_A_NAME = /^(?:[ \t\u00A0]*[&+]?[ \t\u00A0]*|['’])$/u;

function isNameWord(word: Word): boolean {
  if (!/^[\p{Lu}\p{Lt}]/u.test(word.text) || NEVER_NAMES.has(word.normal) || TITLES.has(word.normal)) return false;
  // "MUY ESPECIAL", "THE team": capitals for emphasis, not a name; an acronym (RIBA, FAD) has at most 4 letters.
  return !(isAllCapitals(word) && (COMMON_STARTERS.has(word.normal) || word.text.length > 4));
}

function isLowerCase(word: Word): boolean {
  return /^\p{Ll}/u.test(word.text);
}

function isAllCapitals(word: Word): boolean {
  return word.text.length >= 2 && word.text === word.text.toUpperCase();
}

/** RIBA, FAD, COAC: an institution even where a sentence opens. */
function isAcronym(word: Word): boolean {
  return /^\p{Lu}{2,4}$/u.test(word.text) && !COMMON_STARTERS.has(word.normal);
}

function isWordHeld(normal: string, project: ProjectFacts): boolean {
  return project.words.has(normal) || normal.split('-').every((part) => project.words.has(part));
}

/**
 * Whether a word stands where any word is capitalised: the start of the text, of a line, or after a full
 * stop, "!", "?", ":", a separator ("|", "•", " · ") or an emoji (📍 Ruzafa), with spaces, quotes, brackets or
 * dashes between.
 */
function opensSentence(text: string, index: number): boolean {
  let at = index;
  while (at > 0) {
    const lowSurrogate = at >= 2 && /[\uDC00-\uDFFF]/.test(text[at - 1]!) && /[\uD800-\uDBFF]/.test(text[at - 2]!);
    const character = lowSurrogate ? text.slice(at - 2, at) : text[at - 1]!;
    if (character === '.' && TITLES.has(normalised(/\p{L}+$/u.exec(text.slice(Math.max(0, at - 6), at - 1))?.[0] ?? ''))) return false;
    if (character === '\n' || SENTENCE_BREAK.test(character)) return true;
    if (!BETWEEN_SENTENCE_AND_WORD.test(character)) return false;
    at -= character.length;
  }
  return true;
}

const SENTENCE_BREAK = /^(?:[.!?…:|•·]|\p{Extended_Pictographic}|\p{So}|\p{Sk}|[\uFE0F\u20E3\u200D])$/u;
const BETWEEN_SENTENCE_AND_WORD = /^[\s"'«»“”‘’()[\]¡¿*\-–—>_~]$/u;

// ---- Shared ------------------------------------------------------------------------------------------

/** Lower case, without accents; a Catalan "l·l" compares as "ll". */
function normalised(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/ŀ/g, 'l').replace(/·/g, '');
}

/** The text with what has been read already (links, hashtags, numbers) blanked out, at the same offsets. */
class Mask {
  text: string;
  constructor(text: string) {
    this.text = text;
  }
  cover(start: number, end: number): void {
    this.text = this.text.slice(0, start) + '\u0000'.repeat(end - start) + this.text.slice(end);
  }
  covers(start: number, end: number): boolean {
    return this.text.slice(start, end).includes('\u0000');
  }
}

function withoutOverlaps(facts: UnsupportedFact[]): UnsupportedFact[] {
  const sorted = [...facts].sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: UnsupportedFact[] = [];
  for (const fact of sorted) {
    const previous = kept.at(-1);
    if (previous === undefined || fact.start >= previous.end) kept.push(fact);
  }
  return kept;
}
