import type { Language } from '../../../domain/languages.ts';
import { ALT_TEXT_LIMIT } from '../../../domain/post.ts';
import { CATEGORIES, type Category } from '../../../domain/project.ts';
import { cutAtWord } from './fit-for-instagram.ts';
import type { WriterProject } from './post-writer.ts';
import { TEMPLATE_PHRASES } from './template-phrases.ts';

/**
 * Descriptions of a post's images from the project's own fields (decision 034): the template never sees
 * an image, so it says whose image it is and where it stands in the series, never what it shows.
 * "Casa Montseny, un proyecto residencial en Girona (2023): imagen 2 de 6. Fotografía: Adrià Goula."
 */
const IMAGE_OF: Record<Language, { image: (number: number, total: number) => string; in: string }> = {
  es: { image: (number, total) => `imagen ${number} de ${total}`, in: 'en' },
  en: { image: (number, total) => `image ${number} of ${total}`, in: 'in' },
  cat: { image: (number, total) => `imatge ${number} de ${total}`, in: 'a' },
};

/** `first`: how many images the posts before this one carry; `count`: this post's; `total`: the project's in all its posts. */
export function templateAltTexts(project: WriterProject, language: Language, images: { first: number; count: number; total: number }): string[] {
  const phrases = TEMPLATE_PHRASES[language];
  const words = IMAGE_OF[language];
  const title = oneLine(project.title) || phrases.untitled;
  const category = (CATEGORIES as readonly string[]).includes(project.category) ? phrases.categories[project.category as Category].aProject : '';
  const location = oneLine(project.location);
  const subject = `${title}${category ? `, ${category}` : ''}${location ? ` ${words.in} ${location}` : ''}${project.year ? ` (${project.year})` : ''}`;
  const credit = oneLine(project.photoCredit);
  const { total } = images;
  return Array.from({ length: images.count }, (_, index) => {
    const text = `${subject}: ${words.image(images.first + index + 1, total)}.${credit ? ` ${phrases.labels.photography}: ${credit}.` : ''}`;
    return cutAtWord(text, ALT_TEXT_LIMIT);
  });
}

function oneLine(value: string): string {
  return value
    .replace(/\s+/gu, ' ')
    .trim()
    .replace(/[\s.,;:]+$/u, '');
}
