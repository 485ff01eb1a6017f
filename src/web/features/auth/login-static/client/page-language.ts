import { toLanguage } from '../../../../../domain/languages.ts';
import { type PageLanguage, createPageLanguage as createStaticPageLanguage } from '../../../../lib/static-page/page-language.ts';
import { DICTIONARIES_ID, RUNTIME_TEXTS_ID } from '../login-contract.ts';
import { LANGUAGE_STORAGE_KEY, writeStorage } from '../../../../lib/language-storage.ts';

export type { PageLanguage };

/**
 * The login page's language (web/lib/static-page): the server sends the page in the visitor's language
 * with that language's runtime texts; a choice is stored as i18next does, so the app starts in it.
 */
export function createPageLanguage(): PageLanguage {
  return createStaticPageLanguage({
    ids: { runtimeTexts: RUNTIME_TEXTS_ID, dictionaries: DICTIONARIES_ID },
    initial: toLanguage(document.documentElement.lang) ?? 'es',
    remember: (language) => writeStorage(() => localStorage, LANGUAGE_STORAGE_KEY, language),
  });
}
