import fs from 'node:fs';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../domain/languages.ts';
import { RESULT_ERROR_CODES } from '../../domain/post.ts';
import { resources } from './resources.ts';

/**
 * Every reason code a publication result can carry reads as a sentence in es, en and cat: on the posts
 * page (posts `resultErrors`) and, word for word, in the e-mails (the server's publishing.json).
 */
const translator = i18next.createInstance();
void translator.init({ resources, fallbackLng: false, initAsync: false, interpolation: { escapeValue: false } });

const serverTexts = (language: string) =>
  (JSON.parse(fs.readFileSync(`src/server/i18n/locales/${language}/publishing.json`, 'utf8')) as { resultErrors: Record<string, string> }).resultErrors;

describe.each(LANGUAGES)('publication reasons in %s', (language) => {
  const t = translator.getFixedT(language, 'posts');

  it.each(RESULT_ERROR_CODES)('%s has a sentence naming the network, for one attempt and several', (code) => {
    for (const count of [1, 3]) {
      const sentence = t(`resultErrors.${code}`, { network: 'LinkedIn', count });
      expect(sentence).not.toContain('resultErrors');
      expect(sentence).toContain('LinkedIn');
      expect(sentence).not.toMatch(/\{\{/);
    }
  });

  it('has no text for a code that does not exist', () => {
    const keys = Object.keys(resources[language].posts.resultErrors).map((key) => key.replace(/_(one|other)$/, ''));
    expect(keys.filter((key) => !(RESULT_ERROR_CODES as readonly string[]).includes(key))).toEqual([]);
  });

  it('says them in the e-mails exactly as on the page', () => {
    expect(serverTexts(language)).toEqual(resources[language].posts.resultErrors);
  });
});
