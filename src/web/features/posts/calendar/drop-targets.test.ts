import { describe, expect, it } from 'vitest';
import { dropTargetId, momentOfDrop, neighbourOf, parseDropTarget } from './drop-targets.ts';

const MONTH = { from: '2026-10-26', to: '2026-12-06' };
const WEEK = { from: '2026-11-23', to: '2026-11-29' };

describe('drop targets', () => {
  it('round-trips their ids and refuses anything else', () => {
    expect(parseDropTarget(dropTargetId({ kind: 'day', day: '2026-11-24' }))).toEqual({ kind: 'day', day: '2026-11-24' });
    expect(parseDropTarget(dropTargetId({ kind: 'slot', day: '2026-11-24', time: '10:15' }))).toEqual({ kind: 'slot', day: '2026-11-24', time: '10:15' });
    expect(parseDropTarget('post:7')).toBeNull();
    expect(parseDropTarget(7)).toBeNull();
    expect(parseDropTarget(undefined)).toBeNull();
  });

  it('keeps the post’s time when it is dropped on a day, and takes the slot’s time on a quarter hour', () => {
    expect(momentOfDrop({ kind: 'day', day: '2026-11-26' }, '10:20')).toEqual({ day: '2026-11-26', time: '10:20' });
    expect(momentOfDrop({ kind: 'slot', day: '2026-11-26', time: '18:45' }, '10:20')).toEqual({ day: '2026-11-26', time: '18:45' });
  });

  it('moves by a day with left and right and by a week with up and down in the month view, not past its edges', () => {
    const day = { kind: 'day', day: '2026-11-24' } as const;
    expect(neighbourOf(day, 'ArrowRight', MONTH)).toEqual({ kind: 'day', day: '2026-11-25' });
    expect(neighbourOf(day, 'ArrowLeft', MONTH)).toEqual({ kind: 'day', day: '2026-11-23' });
    expect(neighbourOf(day, 'ArrowDown', MONTH)).toEqual({ kind: 'day', day: '2026-12-01' });
    expect(neighbourOf(day, 'ArrowUp', MONTH)).toEqual({ kind: 'day', day: '2026-11-17' });
    expect(neighbourOf({ kind: 'day', day: '2026-12-06' }, 'ArrowRight', MONTH)).toBeNull();
    expect(neighbourOf({ kind: 'day', day: '2026-10-28' }, 'ArrowUp', MONTH)).toBeNull();
  });

  it('moves by a day with left and right and by a quarter hour with up and down in the week view', () => {
    const slot = { kind: 'slot', day: '2026-11-24', time: '10:15' } as const;
    expect(neighbourOf(slot, 'ArrowDown', WEEK)).toEqual({ kind: 'slot', day: '2026-11-24', time: '10:30' });
    expect(neighbourOf(slot, 'ArrowUp', WEEK)).toEqual({ kind: 'slot', day: '2026-11-24', time: '10:00' });
    expect(neighbourOf(slot, 'ArrowRight', WEEK)).toEqual({ kind: 'slot', day: '2026-11-25', time: '10:15' });
    expect(neighbourOf({ kind: 'slot', day: '2026-11-24', time: '23:45' }, 'ArrowDown', WEEK)).toBeNull();
    expect(neighbourOf({ kind: 'slot', day: '2026-11-23', time: '00:00' }, 'ArrowLeft', WEEK)).toBeNull();
  });
});
