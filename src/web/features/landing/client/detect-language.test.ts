import { describe, expect, it } from 'vitest';
import { type LanguageSources, detectLanguage } from './detect-language.ts';

const nothing: LanguageSources = { search: '', cookie: '', localStorage: null, sessionStorage: null, navigatorLanguages: [], htmlLang: 'es' };

describe('the landing’s language detection (SPEC §1, as the app detects it)', () => {
  it('falls back to Spanish', () => {
    expect(detectLanguage(nothing)).toBe('es');
    expect(detectLanguage({ ...nothing, navigatorLanguages: ['fr-FR', 'de'] })).toBe('es');
  });

  it('takes the first browser language it has, counting ca and ca-ES as cat', () => {
    expect(detectLanguage({ ...nothing, navigatorLanguages: ['ca-ES', 'es'] })).toBe('cat');
    expect(detectLanguage({ ...nothing, navigatorLanguages: ['ca'] })).toBe('cat');
    expect(detectLanguage({ ...nothing, navigatorLanguages: ['fr-FR', 'en-GB'] })).toBe('en');
  });

  it('prefers ?lng, then the cookie, then local and session storage, over the browser', () => {
    const all: LanguageSources = {
      search: '?lng=en',
      cookie: 'theme=dark; i18next=cat',
      localStorage: 'es',
      sessionStorage: 'en',
      navigatorLanguages: ['ca-ES'],
      htmlLang: 'es',
    };
    expect(detectLanguage(all)).toBe('en');
    expect(detectLanguage({ ...all, search: '' })).toBe('cat');
    expect(detectLanguage({ ...all, search: '', cookie: '' })).toBe('es');
    expect(detectLanguage({ ...all, search: '', cookie: '', localStorage: null })).toBe('en');
    expect(detectLanguage({ ...all, search: '?lng=fr', cookie: '', localStorage: null, sessionStorage: null })).toBe('cat');
  });

  it('reads the html tag last', () => {
    expect(detectLanguage({ ...nothing, htmlLang: 'ca' })).toBe('cat');
  });
});
