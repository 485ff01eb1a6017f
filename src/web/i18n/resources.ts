import cat from './dictionaries/cat.ts';
import en from './dictionaries/en.ts';
import es from './dictionaries/es.ts';

/**
 * The back office's namespaces in every language at once, for tests (initI18n's `resources`) and the
 * texts they check. The app does not import this: it loads the language in use (bundled-dictionaries.ts).
 * The landing page's namespace is not here: it is rendered ahead of time on its own.
 */
export const resources = { es, en, cat } as const;
