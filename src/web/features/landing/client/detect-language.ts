import { DEFAULT_LANGUAGE, type Language, toLanguage } from '../../../../domain/languages.ts';

/** Where a language may be found, in SPEC §1's order (the app's i18next detector reads the same). */
export interface LanguageSources {
  /** location.search, for ?lng= */
  search: string;
  /** document.cookie, for the i18next cookie */
  cookie: string;
  localStorage: string | null;
  sessionStorage: string | null;
  navigatorLanguages: readonly string[];
  htmlLang: string;
}

/** The storage key both the app and the landing cache the chosen language under (SPEC §1). */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

/** The first source naming a language we have (ca and ca-ES count as cat), else Spanish. */
export function detectLanguage(sources: LanguageSources): Language {
  const cookie = sources.cookie
    .split(';')
    .map((pair) => pair.trim().split('='))
    .find(([name]) => name === 'i18next')?.[1];
  const candidates = [
    new URLSearchParams(sources.search).get('lng'),
    cookie ? decodeURIComponent(cookie) : undefined,
    sources.localStorage,
    sources.sessionStorage,
    ...sources.navigatorLanguages,
    sources.htmlLang,
  ];
  for (const candidate of candidates) {
    const language = toLanguage(candidate);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

/** Storage that may be disabled (private modes, blocked cookies) reads as empty instead of throwing. */
export function readStorage(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(storage: () => Storage, key: string, value: string): void {
  try {
    storage().setItem(key, value);
  } catch {
    // not available: the choice lasts this page only
  }
}

export function detectBrowserLanguage(): Language {
  return detectLanguage({
    search: location.search,
    cookie: document.cookie,
    localStorage: readStorage(() => localStorage, LANGUAGE_STORAGE_KEY),
    sessionStorage: readStorage(() => sessionStorage, LANGUAGE_STORAGE_KEY),
    navigatorLanguages: navigator.languages?.length ? navigator.languages : [navigator.language],
    htmlLang: document.documentElement.lang,
  });
}
