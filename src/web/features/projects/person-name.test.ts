import { describe, expect, it } from 'vitest';
import { personName } from './person-name.ts';

describe('personName', () => {
  it('is "last, first", or "-" when there is nobody or no name', () => {
    expect(personName({ first_name: 'Lucía', last_name: 'Ferrer' })).toBe('Ferrer, Lucía');
    expect(personName({ first_name: 'Lucía', last_name: '' })).toBe('Lucía');
    expect(personName({ first_name: ' ', last_name: '' })).toBe('-');
    expect(personName(null)).toBe('-');
  });
});
