import { describe, expect, it } from 'vitest';
import { createStudioCalendar, isKnownTimeZone } from './studio-calendar.ts';

const at = (instant: string) => () => new Date(instant);

describe('the studio calendar', () => {
  it("turns the day at the studio's midnight, not the server's (Madrid in winter is UTC+1)", () => {
    expect(createStudioCalendar({ timeZone: 'Europe/Madrid', now: at('2025-01-14T22:59:59Z') }).today()).toBe('2025-01-14');
    expect(createStudioCalendar({ timeZone: 'Europe/Madrid', now: at('2025-01-14T23:00:00Z') }).today()).toBe('2025-01-15');
  });

  it('follows summer time (Madrid in July is UTC+2)', () => {
    expect(createStudioCalendar({ timeZone: 'Europe/Madrid', now: at('2025-07-14T21:59:59Z') }).today()).toBe('2025-07-14');
    expect(createStudioCalendar({ timeZone: 'Europe/Madrid', now: at('2025-07-14T22:00:00Z') }).today()).toBe('2025-07-15');
  });

  it('keeps the right day across the changes of time, in spring and in autumn', () => {
    // 30 March 2025: 02:00 local became 03:00 (01:00 UTC).
    expect(createStudioCalendar({ timeZone: 'Europe/Madrid', now: at('2025-03-29T22:59:00Z') }).today()).toBe('2025-03-29');
    expect(createStudioCalendar({ timeZone: 'Europe/Madrid', now: at('2025-03-29T23:00:00Z') }).today()).toBe('2025-03-30');
    expect(createStudioCalendar({ timeZone: 'Europe/Madrid', now: at('2025-03-30T21:59:00Z') }).today()).toBe('2025-03-30');
    expect(createStudioCalendar({ timeZone: 'Europe/Madrid', now: at('2025-03-30T22:00:00Z') }).today()).toBe('2025-03-31');
    // 26 October 2025: 03:00 local went back to 02:00 (01:00 UTC).
    expect(createStudioCalendar({ timeZone: 'Europe/Madrid', now: at('2025-10-25T21:59:00Z') }).today()).toBe('2025-10-25');
    expect(createStudioCalendar({ timeZone: 'Europe/Madrid', now: at('2025-10-25T22:00:00Z') }).today()).toBe('2025-10-26');
    expect(createStudioCalendar({ timeZone: 'Europe/Madrid', now: at('2025-10-26T22:59:00Z') }).today()).toBe('2025-10-26');
    expect(createStudioCalendar({ timeZone: 'Europe/Madrid', now: at('2025-10-26T23:00:00Z') }).today()).toBe('2025-10-27');
  });

  it('works for zones behind UTC and at the turn of the year', () => {
    expect(createStudioCalendar({ timeZone: 'America/Mexico_City', now: at('2026-01-01T05:59:00Z') }).today()).toBe('2025-12-31');
    expect(createStudioCalendar({ timeZone: 'America/Mexico_City', now: at('2026-01-01T06:00:00Z') }).today()).toBe('2026-01-01');
    expect(createStudioCalendar({ timeZone: 'UTC', now: at('2024-02-29T23:59:59Z') }).today()).toBe('2024-02-29');
  });

  it('reads the clock on every call, so a long-running server moves to the next day', () => {
    let instant = new Date('2025-05-01T21:00:00Z');
    const calendar = createStudioCalendar({ timeZone: 'Europe/Madrid', now: () => instant });
    expect(calendar.today()).toBe('2025-05-01');
    instant = new Date('2025-05-01T22:30:00Z');
    expect(calendar.today()).toBe('2025-05-02');
    expect(calendar.now()).toBe(instant);
    expect(calendar.timeZone).toBe('Europe/Madrid');
  });

  it('knows real zones and refuses made-up ones', () => {
    expect(isKnownTimeZone('Europe/Madrid')).toBe(true);
    expect(isKnownTimeZone('Atlantic/Canary')).toBe(true);
    expect(isKnownTimeZone('Europe/Madird')).toBe(false);
    expect(isKnownTimeZone('')).toBe(false);
  });
});
