import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, instantOf, isoWeekdayOf, timeOfHour, wallClockOf } from './studio-time.ts';
import { timeOfDaySchema } from './studio-time-schemas.ts';

const MADRID = 'Europe/Madrid';
const iso = (date: Date) => date.toISOString();

describe('studio time: days and times of day in the studio’s zone', () => {
  it('turns a day and time into the instant, in winter (UTC+1) and summer (UTC+2)', () => {
    expect(iso(instantOf('2026-01-15', '10:15', MADRID))).toBe('2026-01-15T09:15:00.000Z');
    expect(iso(instantOf('2026-07-15', '10:15', MADRID))).toBe('2026-07-15T08:15:00.000Z');
    expect(iso(instantOf('2026-07-15', '00:00', MADRID))).toBe('2026-07-14T22:00:00.000Z');
    expect(iso(instantOf('2026-12-31', '23:59', 'America/Mexico_City'))).toBe('2027-01-01T05:59:00.000Z');
  });

  it('moves a time that does not exist (Madrid, 29 March 2026: 02:00 became 03:00) forward by the gap', () => {
    expect(iso(instantOf('2026-03-29', '01:59', MADRID))).toBe('2026-03-29T00:59:00.000Z');
    expect(iso(instantOf('2026-03-29', '02:00', MADRID))).toBe('2026-03-29T01:00:00.000Z');
    expect(iso(instantOf('2026-03-29', '02:30', MADRID))).toBe('2026-03-29T01:30:00.000Z');
    expect(wallClockOf(instantOf('2026-03-29', '02:30', MADRID), MADRID)).toEqual({ day: '2026-03-29', time: '03:30' });
    expect(iso(instantOf('2026-03-29', '03:00', MADRID))).toBe('2026-03-29T01:00:00.000Z');
    expect(iso(instantOf('2026-03-29', '03:15', MADRID))).toBe('2026-03-29T01:15:00.000Z');
  });

  it('takes the first of a time that exists twice (Madrid, 25 October 2026: 03:00 went back to 02:00)', () => {
    expect(iso(instantOf('2026-10-25', '01:59', MADRID))).toBe('2026-10-24T23:59:00.000Z');
    expect(iso(instantOf('2026-10-25', '02:00', MADRID))).toBe('2026-10-25T00:00:00.000Z');
    expect(iso(instantOf('2026-10-25', '02:30', MADRID))).toBe('2026-10-25T00:30:00.000Z');
    expect(iso(instantOf('2026-10-25', '03:00', MADRID))).toBe('2026-10-25T02:00:00.000Z');
    // Both 00:30 and 01:30 UTC read 02:30 on the wall.
    expect(wallClockOf(new Date('2026-10-25T00:30:00Z'), MADRID)).toEqual({ day: '2026-10-25', time: '02:30' });
    expect(wallClockOf(new Date('2026-10-25T01:30:00Z'), MADRID)).toEqual({ day: '2026-10-25', time: '02:30' });
  });

  it('reads the wall clock of an instant to the minute', () => {
    expect(wallClockOf(new Date('2026-06-10T08:14:59.999Z'), MADRID)).toEqual({ day: '2026-06-10', time: '10:14' });
    expect(wallClockOf(new Date('2026-06-10T22:00:00Z'), MADRID)).toEqual({ day: '2026-06-11', time: '00:00' });
  });

  it('counts days and weekdays on the calendar, leap years and DST days alike', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(daysBetween('2026-03-01', '2026-04-11')).toBe(41);
    expect(daysBetween('2026-04-11', '2026-03-01')).toBe(-41);
    expect(isoWeekdayOf('2026-11-23')).toBe(1);
    expect(isoWeekdayOf('2026-11-29')).toBe(7);
    expect(timeOfHour(9)).toBe('09:00');
  });

  it('accepts times of day from 00:00 to 23:59 only', () => {
    for (const time of ['00:00', '09:30', '23:59']) expect(timeOfDaySchema.safeParse(time).success).toBe(true);
    for (const time of ['24:00', '9:30', '09:60', '09:30:00', '', 'noon'])
      expect(timeOfDaySchema.safeParse(time).error?.issues[0]?.message).toBe('timeInvalid');
  });
});
