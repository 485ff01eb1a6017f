import { useEffect, useState } from 'react';
import { LOCK_MARGIN_MINUTES } from '../../../domain/post-rules.ts';
import { addDays } from '../../../domain/studio-time.ts';

/*
 * The studio's clock as the server gave it (its today and time, in the studio's zone), moved on by the
 * time passed since: the browser's own clock may be in another zone, wrong, or (with the sandbox's clock
 * control) not the app's at all. Only the time elapsed is taken from the browser.
 */

/** The server's reading of the studio's clock: its today and its time (HH:MM). */
export interface StudioClockReading {
  today: string;
  time: string;
}

export interface StudioMoment {
  day: string;
  time: string;
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const timeOf = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** A moment `minutes` later (across midnight when it must; a daylight-saving change is the server's concern). */
export function addMinutes(moment: StudioMoment, minutes: number): StudioMoment {
  const total = minutesOf(moment.time) + minutes;
  const days = Math.floor(total / 1440);
  return { day: addDays(moment.day, days), time: timeOf(total - days * 1440) };
}

/** The studio's now: the clock read at `readAt` (ms, the browser's), plus the minutes passed since. */
export function studioNow(clock: StudioClockReading, readAt: number, nowMs = Date.now()): StudioMoment {
  return addMinutes({ day: clock.today, time: clock.time }, Math.max(0, Math.floor((nowMs - readAt) / 60_000)));
}

export function isBefore(a: StudioMoment, b: StudioMoment): boolean {
  return a.day < b.day || (a.day === b.day && a.time < b.time);
}

/**
 * Why a post cannot be scheduled at this day and time, as a `validation` key, or null: a day before today,
 * or a time not more than the lock margin away. (Today at the current time or earlier means "now" in the
 * dialog; a move on the calendar never does, so the calendar asks with `allowNow` false.)
 */
export function scheduleTimeProblem(
  target: StudioMoment,
  now: StudioMoment,
  { allowNow }: { allowNow: boolean },
): 'publishDateInPast' | 'publishTimeTooSoon' | null {
  if (target.day < now.day) return 'publishDateInPast';
  if (allowNow && target.day === now.day && !isBefore(now, target)) return null;
  // More than the margin away: a time exactly at the margin would be locked at once (the server's rule).
  return isBefore(addMinutes(now, LOCK_MARGIN_MINUTES), target) ? null : 'publishTimeTooSoon';
}

/** The studio's now, updated every minute while a component shows it. */
export function useStudioNow(clock: StudioClockReading | undefined, readAt: number): StudioMoment | undefined {
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setTick(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return clock ? studioNow(clock, readAt, tick) : undefined;
}
