import i18next, { type TFunction } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../domain/languages.ts';
import cat from './locales/cat/email.json' with { type: 'json' };
import en from './locales/en/email.json' with { type: 'json' };
import es from './locales/es/email.json' with { type: 'json' };
import catPublishing from './locales/cat/publishing.json' with { type: 'json' };
import enPublishing from './locales/en/publishing.json' with { type: 'json' };
import esPublishing from './locales/es/publishing.json' with { type: 'json' };

/** Server-side texts (e-mails) in the recipient's language, with the same fallback as the app. */
export const serverResources = {
  es: { email: es, publishing: esPublishing },
  en: { email: en, publishing: enPublishing },
  cat: { email: cat, publishing: catPublishing },
} as const;

const instance = i18next.createInstance();
void instance.init({
  resources: serverResources,
  supportedLngs: [...LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  ns: ['email', 'publishing'],
  defaultNS: 'email',
  initAsync: false,
  interpolation: { escapeValue: false },
});

export function translatorFor(language: Language): TFunction<'email'> {
  return instance.getFixedT(language, 'email');
}

/** The publishing feature's texts (the failure e-mail). */
export function publishingTranslatorFor(language: Language): TFunction<'publishing'> {
  return instance.getFixedT(language, 'publishing');
}
