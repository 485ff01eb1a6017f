import { TEXT_LIMITS } from './post.ts';

/**
 * Keywords as hashtags (`#` followed by letters, digits or underscores, as `countHashtags` and the
 * networks read them): accents kept, several words joined in camel case ("casa patio" → #CasaPatio),
 * each tag once whatever its capitals, at most Instagram's 30. A keyword with no letter gives no tag,
 * because Instagram does not link a hashtag made only of digits (#2024).
 */
export function hashtagsOf(keywords: string[]): string[] {
  const seen = new Set<string>();
  const hashtags: string[] = [];
  for (const keyword of keywords) {
    const tag = hashtagOf(keyword);
    if (tag === undefined) continue;
    const key = tag.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    hashtags.push(tag);
    if (hashtags.length === TEXT_LIMITS.instagramHashtags) break;
  }
  return hashtags;
}

/** One keyword as a hashtag, or undefined when nothing of it can be one. */
export function hashtagOf(keyword: string): string | undefined {
  // NFC first, so an accent typed as a separate combining mark stays part of its letter.
  const words = keyword.normalize('NFC').split(/[^\p{L}\p{N}_]+/u).filter((word) => word !== '');
  if (words.length === 0) return undefined;
  const joined = words.length === 1 ? words.join('') : words.map(capitalised).join('');
  if (!/\p{L}/u.test(joined)) return undefined;
  return `#${joined}`;
}

function capitalised(word: string): string {
  const [first = '', ...rest] = word;
  return first.toUpperCase() + rest.join('');
}
