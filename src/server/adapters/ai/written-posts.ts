import type { Language } from '../../../domain/languages.ts';
import { ALT_TEXT_LIMIT, TEXT_LIMITS, countCharacters } from '../../../domain/post.ts';
import { cutAtWord, fitForInstagram } from './fit-for-instagram.ts';
import type { WriteRequest, WrittenPost, WriterError } from './post-writer.ts';
import { templateAltTexts } from './template-alt-texts.ts';

const LANGUAGE_NAMES_EN: Record<Language, string> = { es: 'Spanish', en: 'English', cat: 'Catalan' };

/** A post as a model or a workflow answers it, before it is checked. */
export interface AnsweredPost {
  instagram: string;
  linkedin: string;
  /** Absent when the writer could not see the images: the project's own fields describe them then. */
  altTexts: string[] | undefined;
}

/**
 * The one check of an answer, for every writer that is not the template (decision 034): as many posts as
 * asked, each with both texts and one description per image, or the generation fails with `code`; then
 * each text is made to fit its network (a text over a limit is never sent there) and each description to
 * ALT_TEXT_LIMIT. A text surely written in another language than asked fails too. `fail` makes the writer's error of a detail ("it answered 1 posts instead of 2").
 */
export async function finishWrittenPosts(answered: AnsweredPost[], request: WriteRequest, fail: (detail: string) => WriterError): Promise<WrittenPost[]> {
  const count = request.posts.length;
  // The detector's data is loaded with the first answer to check, not at the server's start.
  const { detectLanguage } = await import('./detect-language.ts');
  if (answered.length !== count) throw fail(`it answered ${answered.length} posts instead of ${count}`);
  const total = request.posts.reduce((sum, post) => sum + post.images.length, 0);
  let before = 0;
  return answered.map((post, index) => {
    const number = index + 1;
    const images = request.posts[index]!.images.length;
    const instagram = post.instagram.trim();
    const linkedin = post.linkedin.trim();
    if (instagram === '') throw fail(`post ${number} has no Instagram text`);
    if (linkedin === '') throw fail(`post ${number} has no LinkedIn text`);
    // Only a language told apart surely counts: a short or mixed text is given the benefit of the doubt.
    for (const [network, text] of [
      ['Instagram', instagram],
      ['LinkedIn', linkedin],
    ] as const) {
      const written = detectLanguage(text);
      if (written !== undefined && written !== request.language) {
        throw fail(`post ${number}'s ${network} text is written in ${LANGUAGE_NAMES_EN[written]}, not in ${LANGUAGE_NAMES_EN[request.language]}`);
      }
    }
    const described = post.altTexts?.map((text) => text.trim());
    if (described && (described.length !== images || described.some((text) => text === ''))) {
      throw fail(`post ${number} has ${described.filter((text) => text !== '').length} image descriptions for ${images} images`);
    }
    const altTexts = described ?? templateAltTexts(request.project, request.language, { first: before, count: images, total });
    before += images;
    return {
      instagram: fitForInstagram(instagram),
      linkedin: countCharacters(linkedin) > TEXT_LIMITS.linkedinCharacters ? cutAtWord(linkedin, TEXT_LIMITS.linkedinCharacters) : linkedin,
      altTexts: altTexts.map((text) => cutAtWord(text, ALT_TEXT_LIMIT)),
    };
  });
}
