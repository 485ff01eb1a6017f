import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readResources, translatorFor } from '../../../../../scripts/landing-vite-plugin.ts';
import { CHAT_URL_PLACEHOLDER } from '../../../../domain/chat-link.ts';
import { LANGUAGES } from '../../../../domain/languages.ts';
import { RUNTIME_KEYS, RUNTIME_TEXTS_ID, SECTION_IDS } from '../landing-contract.ts';
import { renderLanding } from './render-landing.ts';

const translate = translatorFor(readResources(path.resolve('src/web/i18n/locales')));
const render = (language: (typeof LANGUAGES)[number] = 'es') => renderLanding({ language, translate: translate(language), year: 2026 });
const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');
const textOf = (document: Document, selector: string) => document.querySelector(selector)?.textContent?.replace(/\u00a0/g, ' ');

describe('the prerendered landing page', () => {
  const { html, keys } = render();
  const page = parse(html);

  it('is Spanish, with one h1 and headings that do not skip a level', () => {
    expect(page.documentElement.lang).toBe('es');
    expect(page.querySelectorAll('h1')).toHaveLength(1);
    expect(page.querySelector('h1')!.textContent).toBe('Tus proyectos, publicados con el mismo cuidado con que los diseñas');
    const levels = [...page.querySelectorAll('h1, h2, h3')].map((heading) => Number(heading.tagName[1]));
    levels.forEach((level, index) => index > 0 && expect(level - levels[index - 1]!).toBeLessThanOrEqual(1));
    expect(page.title).toContain('Alzado');
    expect(page.querySelector('meta[name="description"]')!.getAttribute('content')).toMatch(/Instagram y LinkedIn/);
  });

  it('describes every illustration, and marks the logos as decoration beside their text', () => {
    for (const image of page.querySelectorAll('img')) {
      expect(image.hasAttribute('alt')).toBe(true);
      expect(image.getAttribute('width')).toMatch(/^\d+$/);
      if (image.getAttribute('src') === '/logo.svg') expect(image.closest('a')!.textContent!.trim()).toBe('Alzado');
      else expect(image.getAttribute('alt')!.length).toBeGreaterThan(20);
    }
    expect(page.querySelectorAll('.steps img')).toHaveLength(4);
  });

  it('labels every form control and gives each element a unique id', () => {
    const ids = [...page.querySelectorAll('[id]')].map((element) => element.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const control of page.querySelectorAll('input, textarea')) {
      const label = control.id ? page.querySelector(`label[for="${control.id}"]`) : control.closest('label');
      expect(label?.textContent?.trim(), control.outerHTML).toBeTruthy();
    }
    for (const described of page.querySelectorAll('[aria-describedby]')) {
      expect(page.getElementById(described.getAttribute('aria-describedby')!), described.id).not.toBeNull();
    }
  });

  it('links the navigation to sections that exist', () => {
    const targets = [...page.querySelectorAll('.site-nav a')].map((link) => link.getAttribute('href'));
    expect(targets).toEqual([`#${SECTION_IDS.features}`, `#${SECTION_IDS.pricing}`, `#${SECTION_IDS.faq}`, `#${SECTION_IDS.contact}`]);
    for (const target of targets) expect(page.querySelector(target!)).not.toBeNull();
    expect(page.querySelector('[data-session-link]')!.getAttribute('href')).toBe('/login');
    expect([...page.querySelectorAll('.site-footer nav a')].map((link) => link.getAttribute('href'))).toEqual(['/documentation', '/privacy', '/legal']);
  });

  it('shows annual prices first, the savings of 15 posts at 20 €/h, and no price for Consultoría', () => {
    expect(page.querySelector<HTMLInputElement>('input[name="billing"][value="annual"]')!.checked).toBe(true);
    expect(textOf(page, '[data-plan-price="basic"]')).toBe('12 €');
    expect(textOf(page, '[data-plan-billing="basic"]')).toBe('144 € facturados al año');
    expect(textOf(page, '[data-plan-price="professional"]')).toBe('16 €');
    expect(textOf(page, '[data-plan-billing="professional"]')).toBe('192 € facturados al año');
    expect(textOf(page, '#plan-consulting')).toBe('Consultoría');
    expect(page.querySelector('[aria-labelledby="plan-consulting"] [data-plan-price]')).toBeNull();
    expect(page.body.textContent).toContain('Hasta 10 publicaciones al mes');
    expect(page.body.textContent).toContain('Impuestos no incluidos.');
    expect(page.querySelector<HTMLInputElement>('#savings-posts')!.outerHTML).toMatch(/min="1" max="60" step="1" value="15"/);
    expect(page.querySelector<HTMLInputElement>('#savings-price')!.outerHTML).toMatch(/min="5" max="50" step="1" value="20"/);
    expect(textOf(page, '[data-savings="monthly"]')).toBe('180 €');
    expect(textOf(page, '[data-savings="annual"]')).toBe('2160 €');
  });

  it('carries the Spanish texts its script writes, and a placeholder for the server’s chat link', () => {
    const runtime = JSON.parse(page.getElementById(RUNTIME_TEXTS_ID)!.textContent!);
    expect(Object.keys(runtime).sort()).toEqual([...RUNTIME_KEYS].sort());
    expect(runtime['validation:privacyPolicyRequired']).toBe('Debes aceptar la política de privacidad para continuar.');
    expect(runtime['landing:contact.error']).toBe('Error al enviar el mensaje. Por favor, inténtalo de nuevo.');
    expect(page.querySelector('[data-chat]')!.getAttribute('data-chat-url')).toBe(CHAT_URL_PLACEHOLDER);
    expect(keys).toEqual(expect.arrayContaining([...RUNTIME_KEYS]));
  });

  it.each(['en', 'cat'] as const)('has every one of its texts in %s too, so the script can switch to it', (language) => {
    expect(() => keys.map(translate(language))).not.toThrow();
    expect(render(language).keys).toEqual(keys);
  });
});
