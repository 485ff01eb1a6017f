import { eld } from 'eld/extrasmall';
import type { Language } from '../../../domain/languages.ts';

/**
 * The language a post is written in, to fail a generation written in another than asked and to report it
 * in the writer evaluation (issue 24 item 6). ELD (decision 035) with its smallest database: importing
 * this module loads it, about 0.3 s and 30 MB, so import it where it is used, not at start.
 *
 * Undefined when unsure: too few words once links, hashtags, mentions and emoji are set aside (hashtags
 * are often in another language than the prose, or in none), a language other than ours, or Spanish and
 * Catalan too close to tell apart (they share most short words).
 */
const ELD_TO_LANGUAGE: Record<string, Language> = { es: 'es', en: 'en', ca: 'cat' };
/** Below this, even a person hesitates: "Obra acabada." is Spanish and Catalan alike. */
const MIN_WORDS = 4;
const MIN_LETTERS = 20;
/** Below this score between Spanish and Catalan, ELD is unsure and the words that only one of them uses decide. */
const MIN_ES_CA_MARGIN = 0.05;
/** Words only Spanish or only Catalan writes (accents matter: "está" is Spanish, "està" Catalan). */
const ONLY_SPANISH = new Set(
  'y los con por para pero muy también está están este esta estos estas hay su sus nuestro nuestra nuestros nuestras hemos desde hasta donde cuando todo todos toda todas más sin ya'.split(
    ' ',
  ),
);
const ONLY_CATALAN = new Set(
  'i els amb per però molt també és està estan aquest aquesta aquests aquestes hi seu seva seus seves nostre nostra nostres hem des fins on quan tot tots tota totes més sense ja dels pels als'.split(
    ' ',
  ),
);
/** "l'equip", "d'obra", "s'obre": Catalan's elisions, which Spanish does not write. */
const CATALAN_ELISION = /(?<![\p{L}])[ldsnmt]['’](?=\p{L})/giu;

export function detectLanguage(text: string): Language | undefined {
  const prose = proseOf(text);
  const words = prose.match(/\p{L}+/gu) ?? [];
  const letters = words.reduce((sum, word) => sum + word.length, 0);
  if (words.length < MIN_WORDS || letters < MIN_LETTERS) return undefined;

  const result = eld.detect(prose);
  const language = ELD_TO_LANGUAGE[result.language];
  if (language === undefined || !result.isReliable()) return undefined;
  if (language === 'en') return language;
  const scores = result.getScores();
  const margin = (scores[result.language] ?? 0) - (scores[result.language === 'es' ? 'ca' : 'es'] ?? 0);
  const vote = catalanVote(prose);
  const voted: Language | undefined = vote > 0 ? 'cat' : vote < 0 ? 'es' : undefined;
  const clearly = Math.abs(vote) >= 2;
  // ELD sure: it stands unless the words clearly say the other. ELD unsure: the words decide, or no one.
  if (margin >= MIN_ES_CA_MARGIN) return voted !== undefined && voted !== language && clearly ? undefined : language;
  return voted === language || clearly ? voted : undefined;
}

/** Catalan's words and elisions less Spanish's words: above 0 the text reads Catalan, below it Spanish. */
function catalanVote(prose: string): number {
  const words = prose.toLowerCase().match(/\p{L}+/gu) ?? [];
  const catalan = words.filter((word) => ONLY_CATALAN.has(word)).length + (prose.match(CATALAN_ELISION) ?? []).length;
  const spanish = words.filter((word) => ONLY_SPANISH.has(word)).length;
  return catalan - spanish;
}

/** The text without what is not prose: links, e-mail addresses, #hashtags, @mentions, emoji. */
function proseOf(text: string): string {
  return text
    .replace(/\bhttps?:\/\/\S+|\bwww\.\S+/giu, ' ')
    .replace(/\S+@\S+\.\S+/gu, ' ')
    .replace(/[#@][\p{L}\p{N}_.]+/gu, ' ')
    .replace(/\p{Extended_Pictographic}|\uFE0F|\u200D/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
}
