import { describe, expect, it } from 'vitest';
import { countCharacters, countHashtags, instagramTextProblem } from '../../../domain/post.ts';
import { cutAtWord, fitForInstagram } from './fit-for-instagram.ts';

/** Every writer's text goes through fitForInstagram: cut, never refused, when it is too long. */
const tags = (count: number, word = 'tema') => Array.from({ length: count }, (_, index) => `#${word}${index + 1}`).join(' ');

describe('fitForInstagram', () => {
  it('gives back a text that fits exactly as it is', () => {
    const text = `Una casa junto al mar.\n\n${tags(5)}`;
    expect(fitForInstagram(text)).toBe(text);
    const full = 'a'.repeat(2200);
    expect(fitForInstagram(full)).toBe(full);
  });

  it('cuts long prose at a word with an ellipsis and keeps the closing hashtags', () => {
    const prose = 'La luz entra por el patio y recorre las estancias. '.repeat(60).trim();
    const fitted = fitForInstagram(`${prose}\n\n#arquitectura #CasaPatio`);
    expect(countCharacters(fitted)).toBeLessThanOrEqual(2200);
    expect(fitted.endsWith('…\n\n#arquitectura #CasaPatio')).toBe(true);
    expect(fitted.startsWith('La luz entra por el patio')).toBe(true);
    expect(fitted).not.toMatch(/\s…/u);
  });

  it("keeps the first 5 of the closing hashtags, Instagram's limit, and drops the rest (decision 014)", () => {
    const fitted = fitForInstagram(`Una casa.\n\n${tags(12)}`);
    expect(fitted).toBe('Una casa.\n\n#tema1 #tema2 #tema3 #tema4 #tema5');
  });

  it('counts the hashtags inside the prose too: they come first', () => {
    const fitted = fitForInstagram(`Casa ${tags(3, 'dentro')} junto al mar.\n\n${tags(5)}`);
    expect(countHashtags(fitted)).toBe(5);
    expect(fitted).toBe('Casa #dentro1 #dentro2 #dentro3 junto al mar.\n\n#tema1 #tema2');
  });

  it('keeps the words of prose hashtags beyond 5 but not their #', () => {
    const fitted = fitForInstagram(`Palabras: ${tags(8)} y fin.`);
    expect(countHashtags(fitted)).toBe(5);
    expect(fitted).toBe('Palabras: #tema1 #tema2 #tema3 #tema4 #tema5 tema6 tema7 tema8 y fin.');
  });

  it('gives up closing hashtags only when they would leave little prose', () => {
    const prose = 'palabra '.repeat(400).trim();
    const longTags = Array.from({ length: 5 }, (_, index) => `#${'etiqueta'.repeat(60)}${index}`).join(' ');
    const fitted = fitForInstagram(`${prose}\n\n${longTags}`);
    expect(instagramTextProblem(fitted)).toBeUndefined();
    const [keptProse = ''] = fitted.split('\n\n');
    expect(countCharacters(keptProse)).toBeGreaterThanOrEqual(300);
    expect(countHashtags(fitted)).toBeGreaterThan(0);
    expect(countHashtags(fitted)).toBeLessThan(5);
  });

  it('cuts a text that is only one enormous hashtag rather than leaving nothing', () => {
    const fitted = fitForInstagram(`#${'a'.repeat(3000)}`);
    expect(instagramTextProblem(fitted)).toBeUndefined();
    expect(fitted.length).toBeGreaterThan(2000);
  });

  it('counts characters as the networks do: an emoji is one', () => {
    const text = `${'🏠'.repeat(2200)}`;
    expect(fitForInstagram(text)).toBe(text);
    expect(countCharacters(fitForInstagram(`${'🏠 '.repeat(1500)}`))).toBeLessThanOrEqual(2200);
  });
});

describe('cutAtWord', () => {
  it('leaves a short text alone', () => {
    expect(cutAtWord('Casa del mar', 20)).toBe('Casa del mar');
  });

  it('cuts after a whole word, with no comma or colon hanging before the ellipsis', () => {
    expect(cutAtWord('Piedra, madera, cal y vidrio', 16)).toBe('Piedra, madera…');
    expect(cutAtWord('Materiales: piedra y cal', 13)).toBe('Materiales…');
  });

  it('cuts inside a word only when no word ends near the limit', () => {
    expect(cutAtWord('Supercalifragilistico', 10)).toBe('Supercali…');
    expect(countCharacters(cutAtWord('x'.repeat(50), 10))).toBe(10);
  });
});
