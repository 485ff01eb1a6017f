import catAuth from './locales/cat/auth.json' with { type: 'json' };
import catCommon from './locales/cat/common.json' with { type: 'json' };
import catErrors from './locales/cat/errors.json' with { type: 'json' };
import catValidation from './locales/cat/validation.json' with { type: 'json' };
import enAuth from './locales/en/auth.json' with { type: 'json' };
import enCommon from './locales/en/common.json' with { type: 'json' };
import enErrors from './locales/en/errors.json' with { type: 'json' };
import enValidation from './locales/en/validation.json' with { type: 'json' };
import esAuth from './locales/es/auth.json' with { type: 'json' };
import esCommon from './locales/es/common.json' with { type: 'json' };
import esErrors from './locales/es/errors.json' with { type: 'json' };
import esValidation from './locales/es/validation.json' with { type: 'json' };

/** Every namespace of every language, bundled into the app (SPEC §1: not refetched by the browser). */
export const resources = {
  es: { common: esCommon, auth: esAuth, errors: esErrors, validation: esValidation },
  en: { common: enCommon, auth: enAuth, errors: enErrors, validation: enValidation },
  cat: { common: catCommon, auth: catAuth, errors: catErrors, validation: catValidation },
} as const;

export const NAMESPACES = ['common', 'auth', 'errors', 'validation'] as const;
