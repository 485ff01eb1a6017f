import type { Language } from '../../../../../domain/languages.ts';
import { LANGUAGE_STORAGE_KEY, cookieLanguage, firstLanguage, readStorage } from '../../../../lib/language-storage.ts';

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
  return firstLanguage([
    sources.browserLanguage,
    new URLSearchParams(sources.search).get('lng'),
    cookieLanguage(sources.cookie),
    sources.localStorage,
    sources.sessionStorage,
    ...sources.browserLanguages,
  ]);
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
