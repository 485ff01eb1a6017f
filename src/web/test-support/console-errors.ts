import { format } from 'node:util';
import { type MockInstance, expect, vi } from 'vitest';

/*
 * A web test fails when something calls console.error it did not expect (React's act() and key
 * warnings, a failed render, a logged failure): setup.ts watches every test. A test that means to
 * log says so with expectConsoleError.
 */

let spy: MockInstance<typeof console.error> | null = null;
let expected: RegExp[] = [];
// Kept apart from the spy, so a test's vi.restoreAllMocks() does not wipe them before the check.
let logged: string[] = [];

/** Watches console.error for the test about to run (setup.ts, beforeEach). */
export function watchConsoleErrors(): void {
  expected = [];
  logged = [];
  spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void logged.push(format(...args)));
}

/**
 * This test logs an error whose text matches `pattern`: the call is allowed, and the spy is returned
 * to assert on. Only what it names is allowed; any other console.error still fails the test.
 */
export function expectConsoleError(pattern: RegExp): MockInstance<typeof console.error> {
  if (!spy) throw new Error('expectConsoleError is called inside a test');
  expected.push(pattern);
  return spy;
}

/** Fails the test that ended if it logged an error it did not expect (setup.ts, afterEach). */
export function checkConsoleErrors(): void {
  spy?.mockRestore();
  spy = null;
  const unexpected = logged.filter((text) => !expected.some((pattern) => pattern.test(text)));
  expect(unexpected, 'console.error was called unexpectedly').toEqual([]);
}
