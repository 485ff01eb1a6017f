import { DEFAULT_LANGUAGE, type Language, toLanguage } from '../../../../../domain/languages.ts';

/** The local-storage key the app's i18next caches the chosen language under (SPEC §1). */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

/** Where a language may be found, as the app's i18next detector reads them. */
export interface LanguageSources {
  /** navigator.language: the browser's first language. */
  browserLanguage: string;
  /** location.search, for ?lng= */
  search: string;
  /** document.cookie, for the i18next cookie */
  cookie: string;
  localStorage: string | null;
  sessionStorage: string | null;
  /** navigator.languages, in order of preference */
  browserLanguages: readonly string[];
}

/**
 * The login page's language. SPEC §2 "Login": on load it follows the browser's language when that is
 * es, en or cat (the app's login page switched to it once loaded); otherwise the app's detection
 * (SPEC §1, src/web/i18n/index.ts): ?lng, the i18next cookie, local then session storage, the browser's
 * other languages; else Spanish. `ca` and `ca-ES` count as `cat`.
 */
export function chooseLoginLanguage(sources: LanguageSources): Language {
  const cookie = sources.cookie
    .split(';')
    .map((pair) => pair.trim().split('='))
    .find(([name]) => name === 'i18next')?.[1];
  const candidates = [
    sources.browserLanguage,
    new URLSearchParams(sources.search).get('lng'),
    cookie ? safeDecode(cookie) : undefined,
    sources.localStorage,
    sources.sessionStorage,
    ...sources.browserLanguages,
  ];
  for (const candidate of candidates) {
    const language = toLanguage(candidate);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

function safeDecode(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/** Storage that may be disabled (private modes, blocked cookies) reads as empty instead of throwing. */
export function readStorage(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(storage: () => Storage, key: string, value: string | null): void {
  try {
    if (value === null) storage().removeItem(key);
    else storage().setItem(key, value);
  } catch {
    // not available: nothing is remembered beyond this page
  }
}

/** This browser's sources. */
export function browserLanguageSources(): LanguageSources {
  return {
    browserLanguage: navigator.language,
    search: location.search,
    cookie: document.cookie,
    localStorage: readStorage(() => localStorage, LANGUAGE_STORAGE_KEY),
    sessionStorage: readStorage(() => sessionStorage, LANGUAGE_STORAGE_KEY),
    browserLanguages: navigator.languages ?? [],
  };
}
