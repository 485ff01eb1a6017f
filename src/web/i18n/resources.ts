import catAuth from './locales/cat/auth.json';
import catCommon from './locales/cat/common.json';
import catErrors from './locales/cat/errors.json';
import catValidation from './locales/cat/validation.json';
import enAuth from './locales/en/auth.json';
import enCommon from './locales/en/common.json';
import enErrors from './locales/en/errors.json';
import enValidation from './locales/en/validation.json';
import esAuth from './locales/es/auth.json';
import esCommon from './locales/es/common.json';
import esErrors from './locales/es/errors.json';
import esValidation from './locales/es/validation.json';

/** Every namespace of every language, bundled into the app (SPEC §1: not refetched by the browser). */
export const resources = {
  es: { common: esCommon, auth: esAuth, errors: esErrors, validation: esValidation },
  en: { common: enCommon, auth: enAuth, errors: enErrors, validation: enValidation },
  cat: { common: catCommon, auth: catAuth, errors: catErrors, validation: catValidation },
} as const;

export const NAMESPACES = ['common', 'auth', 'errors', 'validation'] as const;
