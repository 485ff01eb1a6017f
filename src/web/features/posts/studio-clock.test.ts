import { describe, expect, it } from 'vitest';
import { addMinutes, scheduleTimeProblem, studioNow } from './studio-clock.ts';

const NOW = { day: '2026-11-24', time: '10:00' };

describe("the studio's clock in the browser", () => {
  it('moves on from when the server read it, by whole minutes, across midnight', () => {
    const readAt = 1_000_000;
    expect(studioNow({ today: '2026-11-24', time: '23:50' }, readAt, readAt + 59_000)).toEqual({ day: '2026-11-24', time: '23:50' });
    expect(studioNow({ today: '2026-11-24', time: '23:50' }, readAt, readAt + 15 * 60_000)).toEqual({ day: '2026-11-25', time: '00:05' });
    expect(addMinutes({ day: '2026-12-31', time: '23:30' }, 45)).toEqual({ day: '2027-01-01', time: '00:15' });
  });

  it('refuses a day before today and a time inside the lock margin; today at or before now is "now" only where allowed', () => {
    expect(scheduleTimeProblem({ day: '2026-11-23', time: '12:00' }, NOW, { allowNow: true })).toBe('publishDateInPast');
    expect(scheduleTimeProblem({ day: '2026-11-24', time: '10:14' }, NOW, { allowNow: true })).toBe('publishTimeTooSoon');
    expect(scheduleTimeProblem({ day: '2026-11-24', time: '10:15' }, NOW, { allowNow: true })).toBe('publishTimeTooSoon');
    expect(scheduleTimeProblem({ day: '2026-11-24', time: '10:16' }, NOW, { allowNow: true })).toBeNull();
    expect(scheduleTimeProblem({ day: '2026-11-24', time: '09:00' }, NOW, { allowNow: true })).toBeNull();
    expect(scheduleTimeProblem({ day: '2026-11-24', time: '10:00' }, NOW, { allowNow: true })).toBeNull();
    expect(scheduleTimeProblem({ day: '2026-11-24', time: '09:00' }, NOW, { allowNow: false })).toBe('publishTimeTooSoon');
    expect(scheduleTimeProblem({ day: '2026-11-25', time: '00:00' }, { day: '2026-11-24', time: '23:50' }, { allowNow: false })).toBe('publishTimeTooSoon');
    expect(scheduleTimeProblem({ day: '2026-11-25', time: '00:06' }, { day: '2026-11-24', time: '23:50' }, { allowNow: false })).toBeNull();
  });
});
