import { DEFAULT_LANGUAGE, type Language, toLanguage } from '../../domain/languages.ts';

/**
 * Where a chosen language is kept between pages, shared by the app's i18next (src/web/i18n) and the two
 * prerendered pages (landing, login), which must not load i18next: the key, the cookie, and storage that
 * may be disabled (private modes, blocked cookies) read as empty instead of throwing.
 */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

export function readStorage(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

/** `null` forgets it. Storage not available: nothing is remembered beyond this page. */
export function writeStorage(storage: () => Storage, key: string, value: string | null): void {
  try {
    if (value === null) storage().removeItem(key);
    else storage().setItem(key, value);
  } catch {
    // not available
  }
}

/** The language i18next's cookie names (`i18next=`), decoded; a value that does not decode names none. */
export function cookieLanguage(cookie: string): string | undefined {
  const value = cookie
    .split(';')
    .map((pair) => pair.trim().split('='))
    .find(([name]) => name === 'i18next')?.[1];
  if (!value) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/** The first candidate naming a language we have (`ca` and `ca-ES` count as `cat`), else Spanish. */
export function firstLanguage(candidates: ReadonlyArray<string | null | undefined>): Language {
  for (const candidate of candidates) {
    const language = toLanguage(candidate);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}
