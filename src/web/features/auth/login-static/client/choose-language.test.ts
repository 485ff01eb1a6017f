import { describe, expect, it } from 'vitest';
import { type LanguageSources, chooseLoginLanguage } from './choose-language.ts';

const none: LanguageSources = { browserLanguage: '', search: '', cookie: '', localStorage: null, sessionStorage: null, browserLanguages: [] };

describe('the login page’s language', () => {
  it('is the browser’s own language when it is es, en or cat (ca-ES counts), whatever was chosen before', () => {
    const chosenBefore = { search: '?lng=en', cookie: 'i18next=en', localStorage: 'en', sessionStorage: 'en' };
    expect(chooseLoginLanguage({ ...none, ...chosenBefore, browserLanguage: 'es-ES', browserLanguages: ['es-ES'] })).toBe('es');
    expect(chooseLoginLanguage({ ...none, ...chosenBefore, browserLanguage: 'ca-ES', browserLanguages: ['ca-ES'] })).toBe('cat');
    expect(chooseLoginLanguage({ ...none, browserLanguage: 'en-GB' })).toBe('en');
  });

  it('otherwise follows the app’s order: ?lng, the i18next cookie, local storage, session storage, the browser’s other languages', () => {
    const foreign = { ...none, browserLanguage: 'de-DE', browserLanguages: ['de-DE', 'ca', 'en'] };
    expect(chooseLoginLanguage({ ...foreign, search: '?lng=en', cookie: 'i18next=cat', localStorage: 'es' })).toBe('en');
    expect(chooseLoginLanguage({ ...foreign, search: '?lng=fr', cookie: 'other=1; i18next=cat', localStorage: 'es' })).toBe('cat');
    expect(chooseLoginLanguage({ ...foreign, localStorage: 'en', sessionStorage: 'es' })).toBe('en');
    expect(chooseLoginLanguage({ ...foreign, localStorage: 'xx', sessionStorage: 'en' })).toBe('en');
    expect(chooseLoginLanguage(foreign)).toBe('cat');
  });

  it('is Spanish when nothing names one of ours, and survives a malformed cookie', () => {
    expect(chooseLoginLanguage(none)).toBe('es');
    expect(chooseLoginLanguage({ ...none, browserLanguage: 'fr', browserLanguages: ['fr', 'pt'], cookie: 'i18next=%E0%A4%A' })).toBe('es');
  });
});
