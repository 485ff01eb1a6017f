import { isCalendarDay } from '../../domain/post-rules.ts';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DISPLAYED_DAY = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/;

/**
 * Dates are shown as dd-mm-yyyy (SPEC §5). A calendar day (YYYY-MM-DD) is shown as that day: read
 * as a Date it would be UTC midnight, the day before west of Greenwich. An instant is shown in the
 * browser's time zone.
 */
export function formatDate(value: string | Date): string {
  if (typeof value === 'string') {
    const day = DAY.exec(value);
    if (day) return `${day[3]}-${day[2]}-${day[1]}`;
  }
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '—';
  const pad = (number: number) => String(number).padStart(2, '0');
  return `${pad(date.getDate())}-${pad(date.getMonth() + 1)}-${date.getFullYear()}`;
}

/** A day typed as dd-mm-yyyy (also d-m-yyyy, or with / or .) as YYYY-MM-DD; null when it is not a real day. */
export function parseDisplayedDay(text: string): string | null {
  const match = DISPLAYED_DAY.exec(text.trim());
  if (!match) return null;
  const [, dd = '', mm = '', yyyy = ''] = match;
  const day = `${yyyy}-${mm.padStart(2, '0')}-${dd.padStart(2, '0')}`;
  return isCalendarDay(day) ? day : null;
}
