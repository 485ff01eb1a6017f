import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../lib/language-storage.ts';
import { i18nLoaded, initI18n } from './index.ts';
import { resources } from './resources.ts';

describe('language detection (SPEC §1)', () => {
  /** What the browser reports: navigator.languages and navigator.language agree in real browsers. */
  function browserLanguages(languages: string[]) {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
    vi.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0]!);
  }

  afterEach(() => {
    localStorage.clear();
    vi.restoreAllMocks();
    window.history.replaceState(null, '', '/');
  });

  it('falls back to Spanish for a browser language we do not have', () => {
    browserLanguages(['fr-FR']);
    const i18n = initI18n();
    expect(i18n.language).toBe('es');
    expect(document.documentElement.lang).toBe('es');
  });

  it('takes the browser language, counting ca-ES as cat, sets html lang ca and caches it in i18nextLng', () => {
    browserLanguages(['ca-ES', 'es']);
    const i18n = initI18n();
    expect(i18n.language).toBe('cat');
    expect(document.documentElement.lang).toBe('ca');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('cat');
  });

  it('prefers the query string, then local storage, over the browser', () => {
    browserLanguages(['es-ES']);
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    expect(initI18n().language).toBe('en');
    window.history.replaceState(null, '', '/?lng=cat');
    expect(initI18n().language).toBe('cat');
  });

  it('has the resources it is handed at once, without a request', () => {
    const i18n = initI18n({ detect: false, resources });
    expect(i18n.t('home.title', { lng: 'en' })).toBe('Home');
    expect(i18n.t('UNKNOWN', { ns: 'errors' })).toBe('Error desconocido');
  });

  it('loads the first namespaces in the language in use from the bundle, others when asked for, and a new language when switching', async () => {
    browserLanguages(['es-ES']);
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const i18n = initI18n();
    await i18nLoaded(i18n);
    expect(i18n.t('UNKNOWN', { ns: 'errors' })).toBe('Error desconocido');
    expect(i18n.hasResourceBundle('es', 'common')).toBe(true);
    expect(i18n.hasResourceBundle('es', 'projects')).toBe(false);
    expect(i18n.hasResourceBundle('en', 'common')).toBe(false);

    await i18n.loadNamespaces('projects');
    expect(i18n.hasResourceBundle('es', 'projects')).toBe(true);
    expect(i18n.hasResourceBundle('es', 'posts')).toBe(false);

    await i18n.changeLanguage('en');
    expect(i18n.t('home.title')).toBe('Home');
    expect(i18n.hasResourceBundle('en', 'projects')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'posts')).toBe(false);
    expect(i18n.hasResourceBundle('cat', 'common')).toBe(false);
    // Bundled: nothing went to /locales.
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
