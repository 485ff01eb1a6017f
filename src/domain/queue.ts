import { z } from 'zod';
import { MAX_QUEUE_SLOTS } from './limits.ts';
import { addDays, instantOf, isoWeekdayOf, wallClockOf } from './studio-time.ts';
import { timeOfDaySchema } from './studio-time-schemas.ts';

/**
 * The weekly queue (issue 16, docs/decisions/026): each customer's publishing slots, a weekday and a
 * time of the studio (e.g. Tuesday 09:30), none by default. "Add to queue" gives a post the owner's next
 * free slot after now plus the lock margin; a slot is taken when a post of that owner is scheduled at it.
 */

/** At most four a day, every day (limits.ts). */
export { MAX_QUEUE_SLOTS };

/** ISO weekday, Monday 1 ... Sunday 7, and a time HH:MM. */
export const queueSlotSchema = z.object({
  weekday: z.number().int('weekdayInvalid').min(1, 'weekdayInvalid').max(7, 'weekdayInvalid'),
  time: timeOfDaySchema,
});
export type QueueSlot = z.infer<typeof queueSlotSchema>;

/** Slots in the order a week runs: by weekday, then time. */
export function sortSlots<T extends QueueSlot>(slots: readonly T[]): T[] {
  return [...slots].sort((a, b) => a.weekday - b.weekday || a.time.localeCompare(b.time));
}

/** The problems of a list of slots, by field path (`slots.3`), as the server answers them. */
export function queueSlotsProblems(slots: readonly QueueSlot[]): Record<string, string> {
  if (slots.length > MAX_QUEUE_SLOTS) return { slots: 'queueSlotsTooMany' };
  const seen = new Set<string>();
  const problems: Record<string, string> = {};
  for (const [index, slot] of slots.entries()) {
    const key = `${slot.weekday} ${slot.time}`;
    if (seen.has(key)) problems[`slots.${index}`] = 'queueSlotDuplicate';
    seen.add(key);
  }
  return problems;
}

/** GET /api/queue-slots: whose (an administrator may ask for a customer's). */
export const queueSlotsQuerySchema = z.object({ owner: z.string().min(1).max(100).optional() });

/** GET /api/queue-slots answer: the owner's slots, in week order. */
export const queueSlotsSchema = z.object({ owner_id: z.string(), slots: z.array(queueSlotSchema) });
export type QueueSlots = z.infer<typeof queueSlotsSchema>;

/** PUT /api/queue-slots: the whole list, replacing the one before; a customer's own, or an administrator's for `owner_id`. */
export const putQueueSlotsSchema = z
  .object({
    owner_id: z.string().min(1).max(100).optional(),
    slots: z.array(queueSlotSchema).max(MAX_QUEUE_SLOTS, 'queueSlotsTooMany'),
  })
  .superRefine((value, context) => {
    for (const [path, message] of Object.entries(queueSlotsProblems(value.slots)))
      context.addIssue({ code: 'custom', path: path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)), message });
  });
export type PutQueueSlots = z.infer<typeof putQueueSlotsSchema>;

/** A slot on a given day: the studio's day and time (a time in a spring-forward gap is the one it becomes) and its instant. */
export interface DatedSlot {
  day: string;
  time: string;
  at: Date;
}

/**
 * A slot's time on a day as an instant, and the wall clock it is (a time in a gap moves forward). Kept:
 * every owner of a studio tends to the same few times, and the calendar dates them all (Intl is the cost).
 */
const datedSlots = new Map<string, DatedSlot>();
const DATED_SLOTS_KEPT = 10_000;
function datedSlot(day: string, time: string, timeZone: string): DatedSlot {
  const key = `${timeZone}|${day}|${time}`;
  let dated = datedSlots.get(key);
  if (!dated) {
    const at = instantOf(day, time, timeZone);
    dated = { ...wallClockOf(at, timeZone), at };
    if (datedSlots.size >= DATED_SLOTS_KEPT) datedSlots.clear();
    datedSlots.set(key, dated);
  }
  return dated;
}

/**
 * The slots of one day, in time order, as instants: a slot that does not exist that day moves forward
 * (decision 026), and is one slot with the slot it lands on.
 */
function slotsOn(day: string, slots: readonly QueueSlot[], timeZone: string): DatedSlot[] {
  const weekday = isoWeekdayOf(day);
  const dated = new Map<number, DatedSlot>();
  for (const slot of slots) {
    if (slot.weekday !== weekday) continue;
    const one = datedSlot(day, slot.time, timeZone);
    if (!dated.has(one.at.getTime())) dated.set(one.at.getTime(), one);
  }
  return [...dated.values()].sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** How far ahead add-to-queue looks: a year and a week, so a slot once a week is always found unless a year of it is taken. */
export const QUEUE_HORIZON_DAYS = 372;

/**
 * The first slot after `after` (now plus the lock margin) not `taken` (instants in ms of the owner's
 * scheduled posts), or null when there is none within the horizon.
 */
export function nextFreeSlot(slots: readonly QueueSlot[], input: { after: Date; timeZone: string; taken: ReadonlySet<number> }): DatedSlot | null {
  if (slots.length === 0) return null;
  const start = wallClockOf(input.after, input.timeZone).day;
  for (let offset = 0; offset <= QUEUE_HORIZON_DAYS; offset += 1) {
    for (const slot of slotsOn(addDays(start, offset), slots, input.timeZone)) {
      if (slot.at.getTime() > input.after.getTime() && !input.taken.has(slot.at.getTime())) return slot;
    }
  }
  return null;
}

/** The free slots from day `from` to day `to` (both included) that come after `after`: the ones add-to-queue could give. */
export function freeSlotsBetween(
  slots: readonly QueueSlot[],
  input: { from: string; to: string; after: Date; timeZone: string; taken: ReadonlySet<number> },
): DatedSlot[] {
  const free: DatedSlot[] = [];
  if (slots.length === 0) return free;
  // The days before `after`'s have no slot after it.
  const afterDay = wallClockOf(input.after, input.timeZone).day;
  for (let day = input.from < afterDay ? afterDay : input.from; day <= input.to; day = addDays(day, 1)) {
    for (const slot of slotsOn(day, slots, input.timeZone)) {
      if (slot.at.getTime() > input.after.getTime() && !input.taken.has(slot.at.getTime())) free.push(slot);
    }
  }
  return free;
}
