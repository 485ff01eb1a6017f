import { TEXT_LIMITS, countCharacters, countHashtags, instagramTextProblem } from '../../../domain/post.ts';

/**
 * Every writer's texts go through here, so whatever wrote them (a template, a model, a workflow), each
 * one can go to Instagram: `TEXT_LIMITS` (2,200 characters, 5 hashtags: decision 014). A text that
 * already fits comes back unchanged. Otherwise the closing run of hashtags is kept apart. The first
 * hashtags are kept, those in the prose first: closing ones beyond the limit are dropped, prose ones
 * beyond it keep their word without the `#` (the sentence still reads). Then the prose is cut at a word
 * with "…"; the closing hashtags give way only when little prose would be left.
 */
const HASHTAG = /#[\p{L}\p{N}_]+/gu;
const TRAILING_HASHTAGS = /(?:\s*#[\p{L}\p{N}_]+)+\s*$/u;
/** Prose kept, at least, before the closing hashtags are given up to make room for it. */
const MIN_PROSE_CHARACTERS = 300;
const SEPARATOR = '\n\n';

export function fitForInstagram(text: string): string {
  if (instagramTextProblem(text) === undefined) return text;
  const trailing = TRAILING_HASHTAGS.exec(text);
  let prose = (trailing ? text.slice(0, trailing.index) : text).trim();
  let hashtags: string[] = trailing ? (trailing[0].match(HASHTAG) ?? []) : [];

  const proseHashtags = countHashtags(prose);
  hashtags = hashtags.slice(0, Math.max(0, TEXT_LIMITS.instagramHashtags - proseHashtags));
  if (proseHashtags > TEXT_LIMITS.instagramHashtags) prose = untagBeyond(prose, TEXT_LIMITS.instagramHashtags);

  const limit = TEXT_LIMITS.instagramCharacters;
  const proseBudget = () => limit - (hashtags.length > 0 ? countCharacters(SEPARATOR + hashtags.join(' ')) : 0);
  while (hashtags.length > 0 && proseBudget() < Math.min(MIN_PROSE_CHARACTERS, countCharacters(prose))) hashtags.pop();
  prose = cutAtWord(prose, proseBudget());
  const fitted = joinParts([prose, hashtags.join(' ')]);
  // Only a text that is one enormous hashtag leaves nothing: then it is cut like prose.
  return fitted !== '' ? fitted : cutAtWord(text.trim(), limit);
}

/** Paragraphs, the empty ones left out. */
export function joinParts(parts: string[]): string {
  return parts
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(SEPARATOR);
}

/** At most `max` characters, cut after a whole word when one ends near the limit, ending in "…". */
export function cutAtWord(text: string, max: number): string {
  const characters = [...text];
  if (characters.length <= max) return text;
  if (max <= 1) return max === 1 ? '…' : '';
  const head = characters.slice(0, max - 1).join('');
  const lastSpace = head.search(/\s\S*$/u);
  const cut = lastSpace >= head.length * 0.6 ? head.slice(0, lastSpace) : head;
  // No comma, colon or opening bracket left hanging before the ellipsis.
  return `${cut.replace(/[\s,;:·([{\-–—]+$/u, '')}…`;
}

/** The text with only its first `keep` hashtags still hashtags; the later ones lose their `#`. */
function untagBeyond(text: string, keep: number): string {
  let seen = 0;
  return text.replace(HASHTAG, (tag) => (++seen <= keep ? tag : tag.slice(1)));
}
