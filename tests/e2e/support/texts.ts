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
  return dictionaryText('src/web/i18n/locales', language, namespace, key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
}

/** An e-mail's text as a pattern, from the server's dictionaries: each {{value}} stands for any text. */
export function emailPattern(language: Language, key: string): RegExp {
  const template = dictionaryText('src/server/i18n/locales', language, 'email', key);
  return new RegExp(
    `^${template
      .split(/\{\{\w+\}\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.+')}$`,
  );
}

function dictionaryText(folder: string, language: Language, namespace: string, key: string): string {
  const file = path.resolve(folder, language, `${namespace}.json`);
  const found = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], JSON.parse(fs.readFileSync(file, 'utf8')));
  if (typeof found !== 'string') throw new Error(`${folder}: ${language}/${namespace}:${key} is not a text`);
  return found;
}
