import path from 'node:path';
import { vi } from 'vitest';
import { readResources } from '../../../scripts/landing-vite-plugin.ts';
import { loginTranslator } from '../../../scripts/login-vite-plugin.ts';
import type { Language } from '../../domain/languages.ts';
import { renderLogin } from '../features/auth/login-static/page/render-login.ts';

export const translate = loginTranslator(readResources(path.resolve('src/web/i18n/locales')));

/** The page as the build renders it in `language`, parsed into jsdom's document (its scripts do not run). */
export function showLoginPage(language: Language = 'es', dictionaries: Partial<Record<Language, string>> = {}): void {
  const { html } = renderLogin({ language, translate: translate(language), assets: '' });
  const parsed = new DOMParser().parseFromString(html.replace('"__LOGIN_DICTIONARIES__"', JSON.stringify(dictionaries)), 'text/html');
  document.documentElement.lang = parsed.documentElement.lang;
  document.body.innerHTML = parsed.body.innerHTML;
}

/** jsdom has no <dialog> behaviour: open and close as a browser does, with its close event. */
export function polyfillDialog(): void {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

/** fetch answering each request from `answer` (a JSON body and a status), recording what was asked. */
export function stubFetch(answer: (url: string, init?: RequestInit) => { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>) {
  const calls: { url: string; body?: unknown }[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const { status, body } = await answer(url, init);
    return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}

/** Lets pending promises (the stubbed requests) settle. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
