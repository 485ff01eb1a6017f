import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../domain/errors.ts';
import { LANGUAGES } from '../../domain/languages.ts';

/** Every key of every namespace exists, non-empty, in es, en and cat: the web's and the server's e-mails. */
const LOCALE_ROOTS = ['src/web/i18n/locales', 'src/server/i18n/locales'];

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value === 'string') return { [prefix]: value };
  return Object.entries(value as Record<string, unknown>).reduce<Record<string, string>>(
    (keys, [key, child]) => ({ ...keys, ...flatten(child, prefix ? `${prefix}.${key}` : key) }),
    {},
  );
}

function readNamespace(root: string, language: string, namespace: string): Record<string, string> {
  return flatten(JSON.parse(fs.readFileSync(path.join(root, language, namespace), 'utf8')));
}

describe.each(LOCALE_ROOTS)('translations in %s', (root) => {
  const namespaces = fs.readdirSync(path.join(root, 'es'));

  it('have the same namespaces in every language', () => {
    for (const language of LANGUAGES) expect(fs.readdirSync(path.join(root, language)).sort()).toEqual([...namespaces].sort());
  });

  it.each(namespaces)('%s has every key, non-empty, in es, en and cat', (namespace) => {
    const keySets = LANGUAGES.map((language) => readNamespace(root, language, namespace));
    const allKeys = new Set(keySets.flatMap((keys) => Object.keys(keys)));
    for (const [index, keys] of keySets.entries()) {
      const missing = [...allKeys].filter((key) => !(key in keys) || keys[key]!.trim() === '');
      expect(missing, `missing or empty in ${LANGUAGES[index]}/${namespace}`).toEqual([]);
    }
  });

  it('use the same interpolation variables in every language', () => {
    for (const namespace of namespaces) {
      const es = readNamespace(root, 'es', namespace);
      for (const language of LANGUAGES) {
        const other = readNamespace(root, language, namespace);
        for (const [key, text] of Object.entries(es)) {
          const variables = (value: string) => [...value.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
          expect(variables(other[key] ?? ''), `${language}/${namespace}:${key}`).toEqual(variables(text));
        }
      }
    }
  });
});

describe('error codes', () => {
  it('each has a translated message', () => {
    for (const language of LANGUAGES) {
      const errors = readNamespace('src/web/i18n/locales', language, 'errors.json');
      expect(ERROR_CODES.filter((code) => !errors[code])).toEqual([]);
    }
  });
});

describe('SPEC texts', () => {
  const web = (language: string, namespace: string) => readNamespace('src/web/i18n/locales', language, `${namespace}.json`);
  it('are exact in the language SPEC gives them in', () => {
    expect(web('es', 'validation')).toMatchObject({
      emailRequired: 'El email es requerido',
      emailInvalid: 'Email inválido',
      passwordRequired: 'La contraseña es requerida',
      passwordTooShortLogin: 'La contraseña debe tener al menos 6 caracteres',
    });
    expect(web('es', 'errors')).toMatchObject({ UNKNOWN: 'Error desconocido', NOT_AUTHENTICATED: 'No hay sesión activa' });
    expect(web('en', 'validation')).toMatchObject({
      passwordTooShort: 'Password must be at least 6 characters long',
      passwordsDoNotMatch: 'Passwords do not match',
    });
    expect(web('en', 'auth')).toMatchObject({
      'recovery.sent': 'Recovery email sent correctly',
      'reset.success': 'Password updated successfully',
      'reset.failure': 'Error when updating password, contact with support',
      'login.failedTitle': 'Dont match any user',
    });
    expect(web('en', 'common')).toMatchObject({
      'logoutConfirm.message': 'Are you sure you want to log out?',
      'home.title': 'Home',
      'pagination.pageOf': 'Page {{page}} of {{pages}}',
      'pagination.showing': 'Showing {{from}} to {{to}} - {{total}} results',
    });
    expect(web('es', 'common')).toMatchObject({ 'actions.goToPanel': 'Ir al Panel', 'nav.login': 'Iniciar Sesión' });
  });
});
