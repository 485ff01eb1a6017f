import type { Language } from './languages.ts';

/**
 * Days and times of day in the studio's time zone (DESIGN §4), and the instants they are. A day is
 * YYYY-MM-DD, a time HH:MM (24 h). Pure: Intl only, no clock of its own.
 *
 * Daylight saving (docs/decisions/026): a local time that does not exist (the spring-forward gap) is
 * moved forward by the gap, and one that exists twice (the fall-back hour) is the first of the two —
 * what RFC 5545 and JavaScript's Temporal call "compatible".
 */

/** A time of day, HH:MM from 00:00 to 23:59 (studio-time-schemas.ts's timeOfDaySchema). */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

export function isTimeOfDay(value: string): boolean {
  return TIME_OF_DAY.test(value);
}

/**
 * The studio's clock as the server reads it, for the browser (whose own clock may be in another zone, or
 * not the app's: the sandbox's clock control moves the app's): its today, its time now, and the time a
 * post scheduled without one gets (PUBLISH_HOUR:00).
 */
export interface StudioClock {
  today: string;
  time: string;
  default_time: string;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

// Building a formatter is the costly part: one per zone.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The studio's day and time (to the minute) at an instant. */
export function wallClockOf(instant: Date, timeZone: string): { day: string; time: string } {
  const parts = Object.fromEntries(
    formatterOf(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** Milliseconds of a day and time read as if UTC: the wall clock as a number. */
function wallClockMs(day: string, time: string): number {
  return Date.parse(`${day}T${time}:00.000Z`);
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms (to the minute). */
export function offsetAt(instantMs: number, timeZone: string): number {
  const wall = wallClockOf(new Date(instantMs), timeZone);
  return wallClockMs(wall.day, wall.time) - Math.floor(instantMs / MINUTE_MS) * MINUTE_MS;
}

/**
 * The instant a day and time of the studio are. Both offsets in force within half a day of it are tried
 * (a zone changes at most once in that span): the earliest that gives back this wall clock wins (the
 * first of a time that exists twice); when none does, the time is in a gap and is read with the offset
 * before it, which moves it forward by the gap (02:30 on a spring-forward day in Madrid is 03:30).
 */
export function instantOf(day: string, time: string, timeZone: string): Date {
  const wall = wallClockMs(day, time);
  const before = offsetAt(wall - DAY_MS / 2, timeZone);
  const after = offsetAt(wall + DAY_MS / 2, timeZone);
  const candidates = [...new Set([wall - before, wall - after])].sort((a, b) => a - b);
  const exact = candidates.find((candidate) => {
    const back = wallClockOf(new Date(candidate), timeZone);
    return back.day === day && back.time === time;
  });
  return new Date(exact ?? wall - before);
}

/** The day `count` days after `day` (before, when negative). */
export function addDays(day: string, count: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + count * DAY_MS).toISOString().slice(0, 10);
}

/** ISO weekday of a day: Monday 1 ... Sunday 7. */
export function isoWeekdayOf(day: string): number {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** "09:00" for hour 9. */
export function timeOfHour(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}

/**
 * Times of day as each interface language writes them: 24-hour in Spanish and Catalan ("18:30"),
 * 12-hour in English ("6:30 PM"). The value itself is always HH:MM; what is not HH:MM is left as it is.
 */
export type TimeFormat = '24h' | '12h';

export function timeFormatOf(language: Language): TimeFormat {
  return language === 'en' ? '12h' : '24h';
}

export function formatTimeOfDay(time: string, language: Language): string {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return time;
  const [, hours = '0', minutes = '0'] = match;
  if (timeFormatOf(language) === '24h') return `${hours}:${minutes}`;
  const hour = Number(hours);
  return `${hour % 12 === 0 ? 12 : hour % 12}:${minutes} ${hour < 12 ? 'AM' : 'PM'}`;
}
