import type { Flag, Instant } from './schema.ts';

/** Reads an instant column written by either dialect. */
export function readInstant(value: Instant): Date {
  return value instanceof Date ? value : new Date(value);
}

/** Reads a boolean column written by either dialect. */
export function readFlag(value: Flag): boolean {
  return value === true || value === 1;
}
