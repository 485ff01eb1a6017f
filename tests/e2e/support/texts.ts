import fs from 'node:fs';
import path from 'node:path';

/** The app's languages, and the browser locale a journey in each one uses. */
export const LANGUAGES = ['es', 'en', 'cat'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LOCALES: Record<Language, string> = { es: 'es-ES', en: 'en-US', cat: 'ca-ES' };

/**
 * A text of the app, from its own dictionaries, with {{name}} filled in: a journey run in each language
 * finds what the user reads without a copy of every translation.
 */
export function text(language: Language, namespace: string, key: string, values: Record<string, string | number> = {}): string {
  const file = path.resolve('src/web/i18n/locales', language, `${namespace}.json`);
  const found = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], JSON.parse(fs.readFileSync(file, 'utf8')));
  if (typeof found !== 'string') throw new Error(`${language}/${namespace}:${key} is not a text`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
}
