import { describe, expect, it } from 'vitest';
import { formatTimeOfDay } from './studio-time.ts';

describe('formatTimeOfDay', () => {
  it('writes 24-hour times in Spanish and Catalan, 12-hour in English', () => {
    expect(formatTimeOfDay('18:30', 'es')).toBe('18:30');
    expect(formatTimeOfDay('09:05', 'cat')).toBe('09:05');
    expect(formatTimeOfDay('18:30', 'en')).toBe('6:30 PM');
    expect(formatTimeOfDay('00:15', 'en')).toBe('12:15 AM');
    expect(formatTimeOfDay('12:00', 'en')).toBe('12:00 PM');
  });

  it('leaves what is not HH:MM as it is', () => {
    expect(formatTimeOfDay('9:00', 'es')).toBe('9:00');
  });
});
