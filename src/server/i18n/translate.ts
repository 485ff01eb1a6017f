import i18next, { type TFunction } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../domain/languages.ts';
import cat from './locales/cat/email.json' with { type: 'json' };
import en from './locales/en/email.json' with { type: 'json' };
import es from './locales/es/email.json' with { type: 'json' };

/** Server-side texts (e-mails) in the recipient's language, with the same fallback as the app. */
export const serverResources = { es: { email: es }, en: { email: en }, cat: { email: cat } } as const;

const instance = i18next.createInstance();
void instance.init({
  resources: serverResources,
  supportedLngs: [...LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  ns: ['email'],
  defaultNS: 'email',
  initAsync: false,
  interpolation: { escapeValue: false },
});

export function translatorFor(language: Language): TFunction<'email'> {
  return instance.getFixedT(language, 'email');
}
