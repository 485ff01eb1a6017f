import { formatDate } from '../../lib/format-date.ts';

/**
 * A calendar day (YYYY-MM-DD) as dd-mm-yyyy. Read as local midnight: read as UTC, as a bare date
 * string is, it would show the day before west of Greenwich.
 */
export function formatDay(day: string): string {
  return formatDate(new Date(`${day}T00:00:00`));
}
