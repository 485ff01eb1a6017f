import { describe, expect, it } from 'vitest';
import { addDays, isoWeekdayOf } from '../../../../domain/studio-time.ts';
import { inTimeZone } from '../../../test-support/time-zone.ts';
import { addMonths, isDay, quarterOf, rangeOf, shiftAnchor, weeksOf } from './calendar-days.ts';

describe('the calendar days', () => {
  inTimeZone('America/Los_Angeles');

  it('shows a month from the Monday of its first week to the Sunday of its last, in whole weeks', () => {
    // November 2026 starts on a Sunday and ends on a Monday: six weeks.
    expect(rangeOf('month', '2026-11-24')).toEqual({ from: '2026-10-26', to: '2026-12-06' });
    expect(weeksOf(rangeOf('month', '2026-11-24'))).toHaveLength(6);
    // February 2027 starts on a Monday and ends on a Sunday: exactly four.
    expect(rangeOf('month', '2027-02-10')).toEqual({ from: '2027-02-01', to: '2027-02-28' });
    expect(weeksOf(rangeOf('month', '2027-02-10'))).toHaveLength(4);
  });

  it('never asks for more than the 42 days the API allows', () => {
    for (let month = 0; month < 48; month += 1) {
      const { from, to } = rangeOf('month', addMonths('2026-01-15', month));
      const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
      expect(days).toBeLessThanOrEqual(42);
    }
  });

  it('shows a week from Monday to Sunday, across a month and a year', () => {
    expect(rangeOf('week', '2026-12-31')).toEqual({ from: '2026-12-28', to: '2027-01-03' });
    expect(rangeOf('week', '2026-11-23')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
  });

  it('moves a view back and forth, keeping a day that the next month lacks inside it', () => {
    expect(shiftAnchor('month', '2027-01-31', 1)).toBe('2027-02-28');
    expect(shiftAnchor('month', '2026-03-31', -1)).toBe('2026-02-28');
    expect(shiftAnchor('week', '2026-12-30', 1)).toBe('2027-01-06');
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
  });

  it('numbers weekdays as ISO does (Monday 1, Sunday 7) and checks days', () => {
    expect(isoWeekdayOf('2026-11-23')).toBe(1);
    expect(isoWeekdayOf('2026-11-29')).toBe(7);
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('24-11-2026')).toBe(false);
  });

  it('puts a time in its quarter hour', () => {
    expect(quarterOf('10:15')).toBe('10:15');
    expect(quarterOf('10:29')).toBe('10:15');
    expect(quarterOf('23:59')).toBe('23:45');
  });
});
