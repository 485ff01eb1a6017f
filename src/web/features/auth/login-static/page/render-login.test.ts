import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../../../../domain/languages.ts';
import { translate } from '../../../../test-support/login-page-dom.ts';
import { DICTIONARIES_ID, RUNTIME_KEYS, RUNTIME_TEXTS_ID } from '../login-contract.ts';
import { renderLogin } from './render-login.ts';

const render = (language: Language) => renderLogin({ language, translate: translate(language), assets: '<style>body{}</style>' });
const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');
const dialogsOf = (page: Document) => [...page.querySelectorAll('template')].map((template) => template.content.querySelector('dialog')!);

describe('the prerendered login page', () => {
  it.each([
    ['es', 'es', 'Iniciar Sesión', 'Entrar'],
    ['en', 'en', 'Log in', 'Sign in'],
    ['cat', 'ca', 'Inicia la sessió', 'Entra'],
  ] as const)('is written in %s (lang="%s"), every text from the app’s translations', (language, htmlLang, title, submit) => {
    const page = parse(render(language).html);
    expect(page.documentElement.lang).toBe(htmlLang);
    expect(page.querySelectorAll('h1')).toHaveLength(1);
    expect(page.querySelector('h1')!.textContent).toBe(title);
    expect(page.querySelector('button[type="submit"]')!.textContent).toBe(submit);
    expect(page.querySelector('meta[name="description"]')!.getAttribute('content')).toBe(translate(language)('auth:login.subtitle'));
    // The runtime texts are the page's language's, for the script's messages before any switch.
    const runtime = JSON.parse(page.getElementById(RUNTIME_TEXTS_ID)!.textContent!) as Record<string, string>;
    expect(Object.keys(runtime).sort()).toEqual([...RUNTIME_KEYS].sort());
    expect(runtime['validation:emailRequired']).toBe(translate(language)('validation:emailRequired'));
  });

  it('has the app’s fields, links and buttons: labelled, with unique ids, one e-mail and one password field', () => {
    const page = parse(render('es').html);
    const ids = [page, ...dialogsOf(page)].flatMap((root) => [...root.querySelectorAll('[id]')].map((element) => element.id));
    expect(new Set(ids).size).toBe(ids.length);
    for (const input of [page, ...dialogsOf(page)].flatMap((root) => [...root.querySelectorAll('input')])) {
      const root = input.closest('dialog') ?? page;
      const label = root.querySelector(`label[for="${input.id}"]`);
      expect(label?.textContent, input.name).toMatch(/^(Email|Contraseña) \*$/);
      expect(input.required).toBe(true);
    }
    // Tests and password managers find the sign-in fields by name: one of each on the page.
    expect(page.querySelectorAll('input[name="email"]')).toHaveLength(1);
    expect(page.querySelectorAll('input[name="password"]')).toHaveLength(1);
    expect(page.querySelector('input[name="email"]')!.getAttribute('autocomplete')).toBe('username');
    expect(page.querySelector('input[name="password"]')!.getAttribute('autocomplete')).toBe('current-password');
    expect(page.querySelector('a[href="/"]')!.textContent).toBe('Volver a la web');
    expect(page.querySelector('[data-open-recovery]')!.textContent).toBe('¿Has olvidado la contraseña?');
    expect(page.querySelector('img[src="/logo.svg"]')!.getAttribute('alt')).toBe('Alzado');
    // The forms post rather than get, so that without the script no password ends up in an address.
    for (const form of page.querySelectorAll('form')) expect(form.getAttribute('method')).toBe('post');
  });

  it('names every button, the language menu by its visible code, and each dialog by its title', () => {
    const page = parse(render('es').html);
    for (const button of [page, ...dialogsOf(page)].flatMap((root) => [...root.querySelectorAll('button')]))
      expect((button.getAttribute('aria-label') ?? button.textContent)!.trim(), button.outerHTML).not.toBe('');
    expect(page.getElementById('language-button')!.textContent).toBe('Idioma: ES');
    expect(
      [...page.querySelectorAll('[role="menuitem"]')].map((item) => `${item.textContent}${item.getAttribute('aria-current') ? ' (current)' : ''}`),
    ).toEqual(['Español (current)', 'English', 'Català']);
    const dialogs = dialogsOf(page);
    expect(dialogs.map((dialog) => dialog.id)).toEqual(['login-failure', 'recovery']);
    for (const dialog of dialogs) expect(dialog.querySelector(`#${dialog.getAttribute('aria-labelledby')}`)).not.toBeNull();
    // Each waits in a template: closed, it is not in the document (its "Email" is not a second one).
    expect(page.querySelectorAll('dialog')).toHaveLength(0);
  });

  it('uses the same keys in every language, and leaves the dictionaries to the build', () => {
    const keys = LANGUAGES.map((language) => render(language).keys);
    expect(keys[1]).toEqual(keys[0]);
    expect(keys[2]).toEqual(keys[0]);
    expect(keys[0]).toEqual(expect.arrayContaining([...RUNTIME_KEYS, 'auth:login.title', 'common:showPassword']));
    expect(parse(render('es').html).getElementById(DICTIONARIES_ID)!.textContent).toBe('"__LOGIN_DICTIONARIES__"');
  });
});
