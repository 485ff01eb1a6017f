import type { Flag, Instant } from './schema.ts';
import type { NetworkChoice } from '../../domain/post-rules.ts';

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

/** The networks a post row goes to, from its `to_<network>` flags once read as booleans. */
export function chosenNetworksOf(row: { to_instagram: boolean; to_linkedin: boolean; to_facebook: boolean }): NetworkChoice {
  return { instagram: row.to_instagram, linkedin: row.to_linkedin, facebook: row.to_facebook };
}
