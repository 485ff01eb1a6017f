import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, htmlLangOf } from '../../../../domain/languages.ts';

type Texts = Record<string, unknown>;
// Eager and by name (Vite's glob imports), so that only these parts of `posts` and `errors` are bundled.
const REVIEW = import.meta.glob<Texts>('../../../i18n/locales/*/review.json', { import: 'default', eager: true });
const PREVIEW = import.meta.glob<Texts>('../../../i18n/locales/*/posts.json', { import: 'preview', eager: true });
const PICTURE = import.meta.glob<Texts>('../../../i18n/locales/*/posts.json', { import: 'picture', eager: true });
const LINK_ERRORS = {
  REVIEW_LINK_NOT_FOUND: import.meta.glob<string>('../../../i18n/locales/*/errors.json', { import: 'REVIEW_LINK_NOT_FOUND', eager: true }),
  REVIEW_LINK_EXPIRED: import.meta.glob<string>('../../../i18n/locales/*/errors.json', { import: 'REVIEW_LINK_EXPIRED', eager: true }),
  REVIEW_LINK_REVOKED: import.meta.glob<string>('../../../i18n/locales/*/errors.json', { import: 'REVIEW_LINK_REVOKED', eager: true }),
  REVIEW_LINK_USED: import.meta.glob<string>('../../../i18n/locales/*/errors.json', { import: 'REVIEW_LINK_USED', eager: true }),
};

function textsOf(language: Language) {
  const file = (namespace: string) => `../../../i18n/locales/${language}/${namespace}.json`;
  return {
    review: REVIEW[file('review')]!,
    posts: { preview: PREVIEW[file('posts')]!, picture: PICTURE[file('posts')]! },
    errors: Object.fromEntries(Object.entries(LINK_ERRORS).map(([code, texts]) => [code, texts[file('errors')]!])),
  };
}

/**
 * The review page's texts, in the script itself (no request before the first words): its own namespace
 * (`review`), the previews' texts of `posts` and the link errors of `errors`, taken from the app's files
 * by name so that the rest of those namespaces stays out of the bundle. Three languages, a few KB.
 */
export const REVIEW_RESOURCES = Object.fromEntries(LANGUAGES.map((language) => [language, textsOf(language)]));

/** An i18next of its own, synchronous, in `language`; the document's lang follows it. */
export function createReviewI18n(language: Language = DEFAULT_LANGUAGE): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: REVIEW_RESOURCES,
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    ns: ['review', 'posts', 'errors'],
    defaultNS: 'review',
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  const applyHtmlLang = (next: string) => {
    if (typeof document !== 'undefined') document.documentElement.lang = htmlLangOf(next as Language);
  };
  applyHtmlLang(language);
  instance.on('languageChanged', applyHtmlLang);
  return instance;
}
