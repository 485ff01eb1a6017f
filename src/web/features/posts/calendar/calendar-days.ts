/*
 * The calendar's days as the studio's calendar days (YYYY-MM-DD strings), never as Dates in the
 * browser's zone: the server gives and takes days in the studio's time zone (DESIGN §4), and a day
 * read as a local Date can turn into the day before west of Greenwich. Weeks start on Monday.
 */

import { isCalendarDay } from '../../../../domain/post-rules.ts';
import { addDays, isoWeekdayOf } from '../../../../domain/studio-time.ts';

export type CalendarView = 'month' | 'week';

function toUtc(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

function fromUtc(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function isDay(value: string | null | undefined): value is string {
  return typeof value === 'string' && isCalendarDay(value);
}

export function mondayOf(day: string): string {
  return addDays(day, 1 - isoWeekdayOf(day));
}

export function firstOfMonth(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/** The same day of another month, kept inside it (31 January + 1 month is 28 or 29 February). */
export function addMonths(day: string, count: number): string {
  const date = toUtc(firstOfMonth(day));
  date.setUTCMonth(date.getUTCMonth() + count);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(Number(day.slice(8, 10)), lastDay));
  return fromUtc(date);
}

/** Every day from `from` to `to`, both included. */
export function daysFromTo(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/**
 * The days a view shows around `anchor`: a week, Monday to Sunday; a month, from the Monday of its
 * first week to the Sunday of its last (four to six whole weeks, at most 42 days: the API's limit).
 */
export function rangeOf(view: CalendarView, anchor: string): { from: string; to: string } {
  if (view === 'week') {
    const from = mondayOf(anchor);
    return { from, to: addDays(from, 6) };
  }
  const first = firstOfMonth(anchor);
  const last = addDays(addMonths(first, 1), -1);
  return { from: mondayOf(first), to: addDays(mondayOf(last), 6) };
}

/** The anchor one view earlier (-1) or later (+1). */
export function shiftAnchor(view: CalendarView, anchor: string, step: -1 | 1): string {
  return view === 'week' ? addDays(anchor, 7 * step) : addMonths(anchor, step);
}

/** The view's days cut in weeks of seven. */
export function weeksOf(range: { from: string; to: string }): string[][] {
  const days = daysFromTo(range.from, range.to);
  const weeks: string[][] = [];
  for (let start = 0; start < days.length; start += 7) weeks.push(days.slice(start, start + 7));
  return weeks;
}

/** The 96 quarter hours of a day, "00:00" to "23:45": the week view's drop slots (the dialog's steps). */
export const QUARTER_HOURS: readonly string[] = Array.from(
  { length: 96 },
  (_, index) => `${String(Math.floor(index / 4)).padStart(2, '0')}:${String((index % 4) * 15).padStart(2, '0')}`,
);

/** The quarter hour a time falls in: "10:20" is in "10:15". */
export function quarterOf(time: string): string {
  const [hours = '00', minutes = '00'] = time.split(':');
  return `${hours.padStart(2, '0')}:${String(Math.floor(Number(minutes) / 15) * 15).padStart(2, '0')}`;
}
