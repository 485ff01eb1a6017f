import { testDialect } from './database.ts';

/**
 * Values as the test database stores them, for tests that write rows directly: Better Auth's instants
 * are timestamptz on PostgreSQL and ISO-8601 text on SQLite, flags boolean or 0/1.
 */
export function storedInstant(date: Date): Date | string {
  return testDialect() === 'postgres' ? date : date.toISOString();
}

export function storedFlag(value: boolean): boolean | number {
  if (testDialect() === 'postgres') return value;
  return value ? 1 : 0;
}
