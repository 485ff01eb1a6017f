import { describe, expect, it } from 'vitest';
import { nextProgress, stageAt } from './launch-progress-model.ts';

function run(ticks: number, job: Parameters<typeof nextProgress>[1], from = 0): number {
  let value = from;
  for (let tick = 0; tick < ticks; tick += 1) value = nextProgress(value, job);
  return value;
}

describe('the launch progress bar', () => {
  it('fills in 10 s (200 ticks of 50 ms) when the job is already done', () => {
    expect(run(199, { stage: 'finalizing', done: true })).toBeLessThan(100);
    expect(run(200, { stage: 'finalizing', done: true })).toBeCloseTo(100, 6);
  });

  it('waits at the end of the stage the job is in, however long it takes', () => {
    const value = run(10_000, { stage: 'generating', done: false });
    expect(value).toBeGreaterThan(39);
    expect(value).toBeLessThan(40);
    expect(stageAt(value)).toBe('generating');
  });

  it('stays at the first stage while the job waits in the queue', () => {
    const value = run(1000, { stage: null, done: false });
    expect(value).toBe(0);
    expect(stageAt(value)).toBe('preparing');
  });

  it('moves on as soon as the job reaches the next stage, and never goes back', () => {
    const waiting = run(1000, { stage: 'preparing', done: false });
    expect(stageAt(waiting)).toBe('preparing');
    const next = nextProgress(waiting, { stage: 'optimizing', done: false });
    expect(next).toBeGreaterThan(waiting);
    expect(nextProgress(next, { stage: 'preparing', done: false })).toBe(next);
  });

  it('names the five stages in order along the bar', () => {
    expect([0, 20, 40, 60, 80, 100].map(stageAt)).toEqual(['preparing', 'generating', 'optimizing', 'applying', 'finalizing', 'finalizing']);
  });
});
