import { afterAll, beforeAll } from 'vitest';

/**
 * Runs the enclosing describe's tests with the process in `zone` (Node reads TZ as it changes), and puts
 * the previous zone back after them. West of Greenwich a day read as midnight UTC, or as local midnight,
 * turns into the day before: the tests that handle days run there so that no such slip goes unseen.
 */
export function inTimeZone(zone: string): void {
  const original = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = zone;
  });
  afterAll(() => {
    if (original === undefined) delete process.env.TZ;
    else process.env.TZ = original;
  });
}
