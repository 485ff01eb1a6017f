import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readResources, translatorFor } from '../../../../../scripts/landing-vite-plugin.ts';
import type { Language } from '../../../../domain/languages.ts';
import { renderLanding } from '../page/render-landing.ts';
import type { PageLanguage } from './page-language.ts';
import { setUpSavingsCalculator } from './savings-calculator.ts';

const translate = translatorFor(readResources(path.resolve('src/web/i18n/locales')));
const textOf = (selector: string) => document.querySelector(selector)?.textContent?.replace(/\u00a0/g, ' ');
const scaleOf = (id: string) => [...document.querySelectorAll(`#${id} ~ .slider-scale span`)].map((span) => span.textContent!.replace(/\u00a0/g, ' '));

/** The prerendered (Spanish) page with its calculator running, and a way to switch its language as the page's buttons do. */
function setUp() {
  document.body.innerHTML = new DOMParser().parseFromString(
    renderLanding({ language: 'es', translate: translate('es'), year: 2026 }).html,
    'text/html',
  ).body.innerHTML;
  let language: Language = 'es';
  const listeners: Array<() => void> = [];
  const page: PageLanguage = {
    current: () => language,
    t: (key) => translate(language)(key),
    onChange: (listener) => (listeners.push(listener), () => {}),
    change: async (next) => {
      language = next;
      listeners.forEach((listener) => listener());
    },
  };
  setUpSavingsCalculator(page);
  return page;
}

afterEach(() => void (document.body.innerHTML = ''));

/** Issue 29, item 19: the savings calculator's figures, after a language switch. */
describe('the savings calculator', () => {
  it('writes the hourly price and the slider’s ends the same way in each language', async () => {
    const page = setUp();
    expect(textOf('#savings-price-value')).toBe('20 €/h');
    expect(scaleOf('savings-price')).toEqual(['5 €/h', '50 €/h']);
    await page.change('en');
    expect(textOf('#savings-price-value')).toBe('€20/h');
    expect(scaleOf('savings-price')).toEqual(['€5/h', '€50/h']);
    expect(scaleOf('savings-posts')).toEqual(['1', '60']);
    await page.change('cat');
    expect(textOf('#savings-price-value')).toBe('20 €/h');
    expect(scaleOf('savings-price')).toEqual(['5 €/h', '50 €/h']);
  });

  it('shows a year of twelve of the months it shows: 7 posts at 17 €/h save 71 € and 852 €', () => {
    setUp();
    const posts = document.querySelector<HTMLInputElement>('#savings-posts')!;
    const price = document.querySelector<HTMLInputElement>('#savings-price')!;
    posts.value = '7';
    price.value = '17';
    price.dispatchEvent(new Event('input', { bubbles: true }));
    expect(textOf('[data-savings="monthly"]')).toBe('71 €');
    expect(textOf('[data-savings="annual"]')).toBe('852 €');
  });
});
