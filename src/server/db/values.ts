import type { Flag, Instant } from './schema.ts';

/** Reads an instant column written by either dialect. */
export function readInstant(value: Instant): Date {
  return value instanceof Date ? value : new Date(value);
}

/** Reads a boolean column written by either dialect. */
export function readFlag(value: Flag): boolean {
  return value === true || value === 1;
}

/** Writes a boolean the way the dialect stores it (SQLite has no boolean type and binds 0 or 1). */
export function flagWriter(dialect: 'sqlite' | 'postgres'): (value: boolean) => boolean | number {
  return dialect === 'postgres' ? (value) => value : (value) => (value ? 1 : 0);
}
