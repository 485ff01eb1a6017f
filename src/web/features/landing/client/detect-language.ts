import type { Language } from '../../../../domain/languages.ts';
import { LANGUAGE_STORAGE_KEY, cookieLanguage, firstLanguage, readStorage } from '../../../lib/language-storage.ts';

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

/** The first source naming a language we have (ca and ca-ES count as cat), else Spanish. */
export function detectLanguage(sources: LanguageSources): Language {
  return firstLanguage([
    new URLSearchParams(sources.search).get('lng'),
    cookieLanguage(sources.cookie),
    sources.localStorage,
    sources.sessionStorage,
    ...sources.navigatorLanguages,
    sources.htmlLang,
  ]);
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
