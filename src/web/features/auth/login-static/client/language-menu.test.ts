import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settle, showLoginPage, stubFetch, translate } from '../../../../test-support/login-page-dom.ts';
import { renderLogin } from '../page/render-login.ts';
import { setUpLanguageMenu } from './language-menu.ts';
import { type PageLanguage, createPageLanguage } from './page-language.ts';

const button = () => document.getElementById('language-button') as HTMLButtonElement;
const menu = () => document.getElementById('language-menu')!;
const item = (language: string) => menu().querySelector<HTMLButtonElement>(`[data-language="${language}"]`)!;
const key = (target: EventTarget, name: string) => target.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true }));

/** English, as the build's dictionary for the page holds it: every key the page uses. */
const english = Object.fromEntries(renderLogin({ language: 'en', translate: translate('en'), assets: '' }).keys.map((name) => [name, translate('en')(name)]));

describe('the language menu of the login page', () => {
  let page: PageLanguage;
  beforeEach(() => {
    localStorage.clear();
    showLoginPage('es', { en: '/assets/login-en-1.json' });
    page = createPageLanguage();
    setUpLanguageMenu(page);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('opens from its button, moves with the arrows and closes with Escape, giving focus back', () => {
    expect(menu().hidden).toBe(true);
    button().click();
    expect(menu().hidden).toBe(false);
    expect(button().getAttribute('aria-expanded')).toBe('true');
    key(menu(), 'ArrowDown');
    expect(document.activeElement).toBe(item('es'));
    key(menu(), 'ArrowUp');
    expect(document.activeElement).toBe(item('cat'));
    key(menu(), 'Escape');
    expect(menu().hidden).toBe(true);
    expect(document.activeElement).toBe(button());
  });

  it('switches the whole page to the language chosen and remembers it as the app does', async () => {
    const calls = stubFetch(() => ({ status: 200, body: english }));
    button().click();
    item('en').click();
    await settle();
    await settle();
    expect(calls.map((call) => call.url)).toEqual(['/assets/login-en-1.json']);
    expect(menu().hidden).toBe(true);
    expect(document.documentElement.lang).toBe('en');
    expect(document.querySelector('h1')!.textContent).toBe('Log in');
    expect(document.querySelector<HTMLInputElement>('input[name="email"]')!.placeholder).toBe('you@studio.com');
    expect(button().textContent).toBe('Language: EN');
    expect(item('en').getAttribute('aria-current')).toBe('true');
    expect(item('es').hasAttribute('aria-current')).toBe(false);
    expect(page.t('validation:emailRequired')).toBe('Email is required');
    // The dialogs waiting in their templates too.
    const recovery = (document.getElementById('recovery-template') as HTMLTemplateElement).content;
    expect(recovery.querySelector('#recovery-title')!.textContent).toBe('Recover your password');
    expect(recovery.querySelector('.modal-close')!.getAttribute('aria-label')).toBe('Close');
    expect(localStorage.getItem('i18nextLng')).toBe('en');
  });

  it('stays in its language when the dictionary cannot be fetched', async () => {
    stubFetch(() => ({ status: 503 }));
    await page.change('en');
    expect(document.querySelector('h1')!.textContent).toBe('Iniciar Sesión');
    expect(page.current()).toBe('es');
  });
});
