import { describe, expect, it } from 'vitest';
import { hashtagOf, hashtagsOf } from './hashtags.ts';
import { countHashtags } from './post.ts';

/** Keywords become the hashtags of a post (issue 6): valid, once each, at most Instagram's 5 (issue 12). */
describe('hashtags', () => {
  it('puts # before a one-word keyword and keeps its spelling and accents', () => {
    expect(hashtagsOf(['arquitectura', 'Rehabilitación', 'Lleida', 'façana', 'piña'])).toEqual([
      '#arquitectura',
      '#Rehabilitación',
      '#Lleida',
      '#façana',
      '#piña',
    ]);
  });

  it('joins the words of a keyword in camel case, without spaces or punctuation', () => {
    expect(hashtagOf('casa patio')).toBe('#CasaPatio');
    expect(hashtagOf('  arquitectura   sostenible ')).toBe('#ArquitecturaSostenible');
    expect(hashtagOf('eco-friendly')).toBe('#EcoFriendly');
    expect(hashtagOf("l'Hospitalet de Llobregat")).toBe('#LHospitaletDeLlobregat');
    expect(hashtagOf('madera & vidrio!')).toBe('#MaderaVidrio');
    expect(hashtagOf('casa_2024')).toBe('#casa_2024');
  });

  it('does not double a # the studio typed itself', () => {
    expect(hashtagsOf(['#arquitectura', '##diseño'])).toEqual(['#arquitectura', '#diseño']);
  });

  it('keeps an accent typed as a separate combining mark inside the tag', () => {
    expect(hashtagOf('Rehabilitacio\u0301n')).toBe('#Rehabilitación');
  });

  it('gives no tag for a keyword with no letter (Instagram does not link #2024) or no characters a tag can hold', () => {
    expect(hashtagsOf(['2024', '  ', '!!!', '#', '—', 'año 2024'])).toEqual(['#Año2024']);
  });

  it('keeps each tag once whatever its capitals, the first spelling winning', () => {
    expect(hashtagsOf(['Madera', 'madera', 'casa patio', 'CasaPatio', 'casa-patio'])).toEqual(['#Madera', '#CasaPatio']);
  });

  it("gives at most Instagram's 5, the first keywords in the studio's order (decision 014)", () => {
    const keywords = Array.from({ length: 12 }, (_, index) => `tema${index + 1}`);
    expect(hashtagsOf(keywords)).toEqual(['#tema1', '#tema2', '#tema3', '#tema4', '#tema5']);
    // A keyword that gives no tag, or a repeated one, does not take a place.
    expect(hashtagsOf(['2024', 'Madera', 'madera', 'piedra', 'cal', 'vidrio', 'acero', 'barro'])).toEqual(['#Madera', '#piedra', '#cal', '#vidrio', '#acero']);
  });

  it('leaves room for the hashtags already in the text they close', () => {
    const keywords = ['madera', 'piedra', 'cal', 'vidrio', 'acero'];
    expect(hashtagsOf(keywords, 'Una casa en #Lleida, junto al #Segre.')).toEqual(['#madera', '#piedra', '#cal']);
    expect(hashtagsOf(keywords, `${'#tag '.repeat(5)}`)).toEqual([]);
    expect(hashtagsOf(keywords, `${'#tag '.repeat(8)}`)).toEqual([]);
  });

  it('gives tags that the networks count as exactly one hashtag each', () => {
    const hashtags = hashtagsOf(['casa patio', 'Rehabilitación', "l'Eixample", 'eco-friendly', 'año 2024', 'ciudad/jardín']);
    for (const tag of hashtags) expect(countHashtags(tag)).toBe(1);
    expect(countHashtags(hashtags.join(' '))).toBe(hashtags.length);
  });

  it('gives nothing for no keywords', () => {
    expect(hashtagsOf([])).toEqual([]);
  });
});
