import type { Dialect } from '../database.ts';

/**
 * Column types per dialect. Better Auth's tables use the types its schema check expects
 * (`date` and integer flags on SQLite); our own tables store instants as ISO-8601 text on SQLite.
 */
export function columnTypes(dialect: Dialect) {
  return dialect === 'postgres'
    ? ({ authInstant: 'timestamptz', instant: 'timestamptz', flag: 'boolean', serialId: 'serial', bigint: 'bigint' } as const)
    : ({ authInstant: 'date', instant: 'text', flag: 'integer', serialId: 'integer', bigint: 'integer' } as const);
}
