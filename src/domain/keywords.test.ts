import { describe, expect, it } from 'vitest';
import { joinKeywords, parseKeywords, uniqueKeywords } from './keywords.ts';

/** Keywords are chips in the form and one comma-separated string in the database (SPEC §5, §9). */
describe('keywords', () => {
  it('trims each keyword and drops the empty ones', () => {
    expect(uniqueKeywords(['  mar ', '', '   ', 'piedra\t'])).toEqual(['mar', 'piedra']);
  });

  it('keeps each keyword once, the first spelling winning whatever the capitals', () => {
    expect(uniqueKeywords(['Mar', 'mar', 'MAR ', 'piedra', 'Piedra'])).toEqual(['Mar', 'piedra']);
  });

  it('keeps the order in which the keywords were added', () => {
    expect(uniqueKeywords(['zócalo', 'arco', 'muro'])).toEqual(['zócalo', 'arco', 'muro']);
  });

  it('keeps spaces inside a keyword', () => {
    expect(uniqueKeywords([' casa  patio ', 'casa  patio'])).toEqual(['casa  patio']);
  });

  it('parses a stored string into chips', () => {
    expect(parseKeywords(' mar, Casa ,mar,,piedra ')).toEqual(['mar', 'Casa', 'piedra']);
    expect(parseKeywords('')).toEqual([]);
    expect(parseKeywords(' , ,')).toEqual([]);
  });

  it('joins chips with commas and no spaces, de-duplicated', () => {
    expect(joinKeywords(['mar', ' Casa', 'MAR', 'piedra '])).toBe('mar,Casa,piedra');
    expect(joinKeywords([])).toBe('');
  });

  it('round-trips: what is joined parses back to the same chips', () => {
    const chips = ['vivienda', 'Mediterráneo', 'hormigón visto'];
    expect(parseKeywords(joinKeywords(chips))).toEqual(chips);
  });
});
