import { describe, expect, it } from 'vitest';
import { MAX_QUEUE_SLOTS, freeSlotsBetween, nextFreeSlot, putQueueSlotsSchema, queueSlotsProblems } from './queue.ts';
import { addDays, instantOf } from './studio-time.ts';

const MADRID = 'Europe/Madrid';
const TUESDAY_0930 = { weekday: 2, time: '09:30' };
const THURSDAY_1800 = { weekday: 4, time: '18:00' };
const at = (instant: string) => new Date(instant);
const shown = (slot: { day: string; time: string; at: Date } | null) => slot && { day: slot.day, time: slot.time, at: slot.at.toISOString() };

describe('the weekly queue', () => {
  // Monday 23 November 2026, 12:00 in Madrid (UTC+1).
  const monday = at('2026-11-23T11:00:00Z');

  it('gives the next slot after the moment, in the studio’s time zone', () => {
    expect(shown(nextFreeSlot([THURSDAY_1800, TUESDAY_0930], { after: monday, timeZone: MADRID, taken: new Set() }))).toEqual({
      day: '2026-11-24',
      time: '09:30',
      at: '2026-11-24T08:30:00.000Z',
    });
    // In Mexico City the same slots are other instants.
    expect(shown(nextFreeSlot([TUESDAY_0930], { after: monday, timeZone: 'America/Mexico_City', taken: new Set() }))).toEqual({
      day: '2026-11-24',
      time: '09:30',
      at: '2026-11-24T15:30:00.000Z',
    });
  });

  it('skips taken slots, and a slot not after the moment (now plus the lock margin)', () => {
    const taken = new Set([Date.parse('2026-11-24T08:30:00Z')]);
    expect(shown(nextFreeSlot([THURSDAY_1800, TUESDAY_0930], { after: monday, timeZone: MADRID, taken }))).toEqual({
      day: '2026-11-26',
      time: '18:00',
      at: '2026-11-26T17:00:00.000Z',
    });
    // Tuesday 09:30 exactly: that slot is not after it; the next Tuesday's is taken too, so Thursday.
    expect(shown(nextFreeSlot([TUESDAY_0930, THURSDAY_1800], { after: at('2026-11-24T08:30:00Z'), timeZone: MADRID, taken: new Set() }))?.day).toBe(
      '2026-11-26',
    );
    // Fifty Tuesdays taken (summer time included): the fifty-first; every one within the horizon taken: none.
    const tuesdays = (weeks: number) =>
      new Set(Array.from({ length: weeks }, (_, week) => instantOf(addDays('2026-11-24', 7 * week), '09:30', MADRID).getTime()));
    expect(nextFreeSlot([TUESDAY_0930], { after: monday, timeZone: MADRID, taken: tuesdays(50) })?.day).toBe('2027-11-09');
    expect(nextFreeSlot([TUESDAY_0930], { after: monday, timeZone: MADRID, taken: tuesdays(60) })).toBeNull();
    expect(nextFreeSlot([], { after: monday, timeZone: MADRID, taken: new Set() })).toBeNull();
  });

  it('moves a slot that does not exist on a spring-forward day (Sunday 02:30, 29 March 2026) to 03:30, once', () => {
    const sunday0230 = { weekday: 7, time: '02:30' };
    const sunday0330 = { weekday: 7, time: '03:30' };
    const slot = nextFreeSlot([sunday0230, sunday0330], { after: at('2026-03-28T12:00:00Z'), timeZone: MADRID, taken: new Set() });
    expect(shown(slot)).toEqual({ day: '2026-03-29', time: '03:30', at: '2026-03-29T01:30:00.000Z' });
    expect(
      freeSlotsBetween([sunday0230, sunday0330], {
        from: '2026-03-29',
        to: '2026-03-29',
        after: at('2026-03-28T12:00:00Z'),
        timeZone: MADRID,
        taken: new Set(),
      }),
    ).toHaveLength(1);
    // The autumn day's 02:30 is the first one, in summer time.
    expect(shown(nextFreeSlot([sunday0230], { after: at('2026-10-24T12:00:00Z'), timeZone: MADRID, taken: new Set() }))?.at).toBe('2026-10-25T00:30:00.000Z');
  });

  it('lists the free slots of a range after the moment', () => {
    const free = freeSlotsBetween([TUESDAY_0930, THURSDAY_1800], {
      from: '2026-11-23',
      to: '2026-12-06',
      after: monday,
      timeZone: MADRID,
      taken: new Set([Date.parse('2026-11-26T17:00:00Z')]),
    });
    expect(free.map((slot) => `${slot.day} ${slot.time}`)).toEqual(['2026-11-24 09:30', '2026-12-01 09:30', '2026-12-03 18:00']);
  });

  it('refuses duplicates, more than 28 slots, a weekday out of 1-7 and a time not HH:MM', () => {
    expect(queueSlotsProblems([TUESDAY_0930, THURSDAY_1800, { ...TUESDAY_0930 }])).toEqual({ 'slots.2': 'queueSlotDuplicate' });
    const problems = (body: unknown) => putQueueSlotsSchema.safeParse(body).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(problems({ slots: [TUESDAY_0930, TUESDAY_0930] })).toEqual([['slots.1', 'queueSlotDuplicate']]);
    expect(
      problems({
        slots: Array.from({ length: MAX_QUEUE_SLOTS + 1 }, (_, index) => ({
          weekday: (index % 7) + 1,
          time: `${String(Math.floor(index / 7)).padStart(2, '0')}:00`,
        })),
      }),
    ).toEqual([['slots', 'queueSlotsTooMany']]);
    expect(
      problems({
        slots: [
          { weekday: 8, time: '09:00' },
          { weekday: 1, time: '9:00' },
        ],
      }),
    ).toEqual([
      ['slots.0.weekday', 'weekdayInvalid'],
      ['slots.1.time', 'timeInvalid'],
    ]);
    expect(putQueueSlotsSchema.parse({ slots: [TUESDAY_0930] })).toEqual({ slots: [TUESDAY_0930] });
  });
});
