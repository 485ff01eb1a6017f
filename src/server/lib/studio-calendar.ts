import type { Clock } from './clock.ts';
/**
 * The studio's calendar (DESIGN §4): a publish day is a date in the studio's time zone, not the
 * server's nor the browser's. "Today" is asked of this, never of the machine's clock directly, so that tests
 * can fix the clock and a server running in UTC still turns the day at the studio's midnight.
 */
export interface StudioCalendar {
  /** The IANA zone, e.g. Europe/Madrid. */
  readonly timeZone: string;
  /** Today in the studio, YYYY-MM-DD. */
  today(): string;
  /** The clock the studio's day is read from (tests and the sandbox's clock move it). */
  now(): Date;
}

/** True when Intl knows the zone (a typo would otherwise throw on the first request). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** `now` is the app's clock (`deps.now`), so that a test or the sandbox that moves it moves the studio's day too. */
export function createStudioCalendar(options: { timeZone: string; now: Clock }): StudioCalendar {
  const { now } = options;
  // Built once: constructing a formatter is the costly part.
  const format = new Intl.DateTimeFormat('en-US', { timeZone: options.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  return {
    timeZone: options.timeZone,
    now,
    today() {
      const parts = Object.fromEntries(format.formatToParts(now()).map((part) => [part.type, part.value]));
      return `${parts.year}-${parts.month}-${parts.day}`;
    },
  };
}
