import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, parseDisplayedDay } from './format-date.ts';

const originalZone = process.env.TZ;

describe('formatDate', () => {
  afterEach(() => {
    if (originalZone === undefined) delete process.env.TZ;
    else process.env.TZ = originalZone;
  });

  it('shows a calendar day as that day, even west of Greenwich', () => {
    process.env.TZ = 'America/Los_Angeles';
    expect(formatDate('2026-06-10')).toBe('10-06-2026');
    expect(formatDate('2026-01-01')).toBe('01-01-2026');
  });

  it("shows an instant as its day in the browser's time zone", () => {
    process.env.TZ = 'America/Los_Angeles';
    expect(formatDate('2026-06-10T03:00:00Z')).toBe('09-06-2026');
    process.env.TZ = 'Europe/Madrid';
    expect(formatDate('2026-06-10T03:00:00Z')).toBe('10-06-2026');
    expect(formatDate(new Date(2026, 11, 31, 23, 59))).toBe('31-12-2026');
  });

  it('shows a dash for what is not a date', () => {
    expect(formatDate('not a date')).toBe('—');
  });
});

describe('parseDisplayedDay', () => {
  it('reads dd-mm-yyyy, also with one digit or / and . between', () => {
    expect(parseDisplayedDay('21-11-2026')).toBe('2026-11-21');
    expect(parseDisplayedDay(' 1/7/2026 ')).toBe('2026-07-01');
    expect(parseDisplayedDay('01.07.2026')).toBe('2026-07-01');
  });

  it('refuses what is not a whole, real day', () => {
    expect(parseDisplayedDay('30-02-2026')).toBeNull();
    expect(parseDisplayedDay('21-13-2026')).toBeNull();
    expect(parseDisplayedDay('21-11-20')).toBeNull();
    expect(parseDisplayedDay('2026-11-21')).toBeNull();
    expect(parseDisplayedDay('')).toBeNull();
  });
});
