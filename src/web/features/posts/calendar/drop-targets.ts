import { addDays } from '../../../../domain/studio-time.ts';
import { QUARTER_HOURS } from './calendar-days.ts';

/*
 * Where a post can be dropped: a day of the month view (the post keeps its time) or a quarter hour of a
 * day in the week view. Their ids are strings dnd-kit carries: "day:2026-11-24", "slot:2026-11-24T10:15".
 */

export type DropTarget = { kind: 'day'; day: string } | { kind: 'slot'; day: string; time: string };

export function dropTargetId(target: DropTarget): string {
  return target.kind === 'day' ? `day:${target.day}` : `slot:${target.day}T${target.time}`;
}

export function parseDropTarget(id: string | number | null | undefined): DropTarget | null {
  if (typeof id !== 'string') return null;
  const day = /^day:(\d{4}-\d{2}-\d{2})$/.exec(id);
  if (day) return { kind: 'day', day: day[1]! };
  const slot = /^slot:(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(id);
  if (slot) return { kind: 'slot', day: slot[1]!, time: slot[2]! };
  return null;
}

/** The day and time a post dropped on a target gets: a day keeps the post's own time. */
export function momentOfDrop(target: DropTarget, postTime: string): { day: string; time: string } {
  return target.kind === 'day' ? { day: target.day, time: postTime } : { day: target.day, time: target.time };
}

export type ArrowKey = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown';

/**
 * The target next to `from` in an arrow's direction, inside the days shown (`range`), or null at the
 * edge. Month view: left and right are the day before and after, up and down the week before and after.
 * Week view: left and right the same time a day before and after, up and down a quarter hour earlier
 * and later.
 */
export function neighbourOf(from: DropTarget, key: ArrowKey, range: { from: string; to: string }): DropTarget | null {
  const inRange = (day: string) => day >= range.from && day <= range.to;
  if (from.kind === 'day') {
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 }[key];
    const day = addDays(from.day, step);
    return inRange(day) ? { kind: 'day', day } : null;
  }
  if (key === 'ArrowLeft' || key === 'ArrowRight') {
    const day = addDays(from.day, key === 'ArrowLeft' ? -1 : 1);
    return inRange(day) ? { ...from, day } : null;
  }
  const index = QUARTER_HOURS.indexOf(from.time) + (key === 'ArrowUp' ? -1 : 1);
  const time = QUARTER_HOURS[index];
  return time === undefined ? null : { ...from, time };
}
