import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, type Language, htmlLangOf } from '../../../../domain/languages.ts';
import {
  REVIEW_LINK_EXPIRED as catExpired,
  REVIEW_LINK_NOT_FOUND as catNotFound,
  REVIEW_LINK_REVOKED as catRevoked,
  REVIEW_LINK_USED as catUsed,
} from '../../../i18n/locales/cat/errors.json';
import { picture as catPicture, preview as catPreview } from '../../../i18n/locales/cat/posts.json';
import catReview from '../../../i18n/locales/cat/review.json';
import {
  REVIEW_LINK_EXPIRED as enExpired,
  REVIEW_LINK_NOT_FOUND as enNotFound,
  REVIEW_LINK_REVOKED as enRevoked,
  REVIEW_LINK_USED as enUsed,
} from '../../../i18n/locales/en/errors.json';
import { picture as enPicture, preview as enPreview } from '../../../i18n/locales/en/posts.json';
import enReview from '../../../i18n/locales/en/review.json';
import {
  REVIEW_LINK_EXPIRED as esExpired,
  REVIEW_LINK_NOT_FOUND as esNotFound,
  REVIEW_LINK_REVOKED as esRevoked,
  REVIEW_LINK_USED as esUsed,
} from '../../../i18n/locales/es/errors.json';
import { picture as esPicture, preview as esPreview } from '../../../i18n/locales/es/posts.json';
import esReview from '../../../i18n/locales/es/review.json';

/**
 * The review page's texts, in the script itself (no request before the first words): its own namespace
 * (`review`), the previews' texts of `posts` and the link errors of `errors`, taken from the app's files
 * by name so that the rest of those namespaces stays out of the bundle. Three languages, a few KB.
 */
export const REVIEW_RESOURCES = {
  es: {
    review: esReview,
    posts: { preview: esPreview, picture: esPicture },
    errors: { REVIEW_LINK_NOT_FOUND: esNotFound, REVIEW_LINK_EXPIRED: esExpired, REVIEW_LINK_REVOKED: esRevoked, REVIEW_LINK_USED: esUsed },
  },
  en: {
    review: enReview,
    posts: { preview: enPreview, picture: enPicture },
    errors: { REVIEW_LINK_NOT_FOUND: enNotFound, REVIEW_LINK_EXPIRED: enExpired, REVIEW_LINK_REVOKED: enRevoked, REVIEW_LINK_USED: enUsed },
  },
  cat: {
    review: catReview,
    posts: { preview: catPreview, picture: catPicture },
    errors: { REVIEW_LINK_NOT_FOUND: catNotFound, REVIEW_LINK_EXPIRED: catExpired, REVIEW_LINK_REVOKED: catRevoked, REVIEW_LINK_USED: catUsed },
  },
} satisfies Record<Language, unknown>;

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
