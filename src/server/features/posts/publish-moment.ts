import { LOCK_MARGIN_MINUTES } from '../../../domain/post.ts';
import { instantOf, timeOfHour, wallClockOf } from '../../../domain/studio-time.ts';

/**
 * When a scheduled post goes out (docs/decisions/026): the studio's day and time, and the instant they
 * are. `immediate`: its time has come already, so it is published at once (SPEC: choosing today
 * publishes immediately).
 */
export interface PublishMoment {
  day: string;
  time: string;
  at: Date;
  immediate: boolean;
}

/** The instant up to which a post is locked: one going out before `now` plus the margin can no longer change. */
export function lockBoundaryOf(now: Date): Date {
  return new Date(now.getTime() + LOCK_MARGIN_MINUTES * 60_000);
}

/**
 * The moment of a day (not earlier than today: checked before) and an optional time. No time: on a later
 * day PUBLISH_HOUR:00, on today now. A time of today already past is now. A time that does not exist on
 * its day (the spring-forward gap) is moved forward and reported as the time it really is; one that
 * exists twice is the first. A future time not beyond the lock margin is refused: the post would be
 * locked as it is saved.
 */
export function resolvePublishMoment(
  input: { day: string; time?: string | null },
  studio: { now: Date; timeZone: string; publishHour: number },
): { moment: PublishMoment } | { problem: 'publishTimeTooSoon' } {
  const current = wallClockOf(studio.now, studio.timeZone);
  const now: PublishMoment = { day: current.day, time: current.time, at: studio.now, immediate: true };
  if (!input.time && input.day === current.day) return { moment: now };
  const at = instantOf(input.day, input.time || timeOfHour(studio.publishHour), studio.timeZone);
  if (at.getTime() <= studio.now.getTime()) return { moment: now };
  // Not after the boundary: it would be locked as it is saved.
  if (at.getTime() <= lockBoundaryOf(studio.now).getTime()) return { problem: 'publishTimeTooSoon' };
  // The wall clock of the instant: a time in a gap is the later time it became.
  const wall = wallClockOf(at, studio.timeZone);
  return { moment: { day: wall.day, time: wall.time, at, immediate: false } };
}
