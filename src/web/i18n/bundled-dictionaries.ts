import type { Language } from '../../domain/languages.ts';

export type Dictionaries = Record<string, unknown>;

/**
 * Each language's dictionaries, bundled into the build (SPEC §1) as a chunk of their own: a visitor
 * downloads the language the interface is in (and Spanish, the fallback), and another one only when
 * switching to it. A chunk once loaded is never fetched again.
 */
export const BUNDLED_DICTIONARIES: Record<Language, () => Promise<Dictionaries>> = {
  es: () => import('./dictionaries/es.ts').then((module) => module.default),
  en: () => import('./dictionaries/en.ts').then((module) => module.default),
  cat: () => import('./dictionaries/cat.ts').then((module) => module.default),
};
