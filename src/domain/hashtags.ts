import { TEXT_LIMITS, countHashtags } from './post.ts';

/**
 * Keywords as hashtags (`#` followed by letters, digits or underscores, as `countHashtags` and the
 * networks read them): accents kept, several words joined in camel case ("casa patio" → #CasaPatio),
 * each tag once whatever its capitals. A keyword with no letter gives no tag, because Instagram does not
 * link a hashtag made only of digits (#2024).
 *
 * At most Instagram's limit (5, decision 014), counting the hashtags `alongside` already has (the text
 * they close): the first keywords in the studio's order become hashtags, the rest are left out, since
 * the studio lists the keywords that matter most first and a closing line of plain words reads as noise.
 */
export function hashtagsOf(keywords: string[], alongside = ''): string[] {
  const room = Math.max(0, TEXT_LIMITS.instagramHashtags - countHashtags(alongside));
  const seen = new Set<string>();
  const hashtags: string[] = [];
  for (const keyword of keywords) {
    if (hashtags.length >= room) break;
    const tag = hashtagOf(keyword);
    if (tag === undefined) continue;
    const key = tag.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    hashtags.push(tag);
  }
  return hashtags;
}

/** One keyword as a hashtag, or undefined when nothing of it can be one. */
export function hashtagOf(keyword: string): string | undefined {
  // NFC first, so an accent typed as a separate combining mark stays part of its letter.
  const words = keyword
    .normalize('NFC')
    .split(/[^\p{L}\p{N}_]+/u)
    .filter((word) => word !== '');
  if (words.length === 0) return undefined;
  const joined = words.length === 1 ? words.join('') : words.map(capitalised).join('');
  if (!/\p{L}/u.test(joined)) return undefined;
  return `#${joined}`;
}

function capitalised(word: string): string {
  const [first = '', ...rest] = word;
  return first.toUpperCase() + rest.join('');
}
