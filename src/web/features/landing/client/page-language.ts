import { DEFAULT_LANGUAGE } from '../../../../domain/languages.ts';
import { type PageLanguage, createPageLanguage as createStaticPageLanguage } from '../../../lib/static-page/page-language.ts';
import { DICTIONARIES_ID, RUNTIME_TEXTS_ID } from '../landing-contract.ts';
import { LANGUAGE_STORAGE_KEY, writeStorage } from '../../../lib/language-storage.ts';

export type { PageLanguage };

/**
 * The landing's language (web/lib/static-page): the HTML arrives in Spanish with the Spanish texts the
 * script writes itself; a choice is stored where the app reads it, and the language buttons show it.
 */
export function createPageLanguage(): PageLanguage {
  const page = createStaticPageLanguage({
    ids: { runtimeTexts: RUNTIME_TEXTS_ID, dictionaries: DICTIONARIES_ID },
    initial: DEFAULT_LANGUAGE,
    remember: (language) => writeStorage(() => localStorage, LANGUAGE_STORAGE_KEY, language),
  });
  // First of the listeners, as before the other parts rewrite their texts.
  page.onChange(() => {
    for (const button of document.querySelectorAll<HTMLElement>('[data-language]')) {
      button.setAttribute('aria-pressed', String(button.dataset.language === page.current()));
    }
  });
  return page;
}
