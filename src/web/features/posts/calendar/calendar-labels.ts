import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, toLanguage } from '../../../../domain/languages.ts';
import { intlLocaleOf } from '../../../lib/format-time.ts';

/**
 * Names of days and months in the interface language. Days are read at UTC noon and written in UTC, so
 * neither the browser's zone nor a daylight-saving change can shift them to another day.
 */
function noonOf(day: string): Date {
  return new Date(`${day}T12:00:00Z`);
}

/**
 * "noviembre de 2026" as a title: "Noviembre de 2026" (CSS capitalize would write "De"). Also a post's
 * state on its own, as the cards' badges show it: "Publicado con errores", not "publicado con errores".
 */
export function capitalized(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

export interface CalendarLabels {
  /** "Noviembre de 2026", a title */
  month: (day: string) => string;
  /** "lun" */
  weekdayShort: (day: string) => string;
  /** "lunes, 23 de noviembre de 2026" */
  dayLong: (day: string) => string;
  /** "Lunes, 23 de noviembre de 2026", a heading */
  dayTitle: (day: string) => string;
  /** "lun 23" */
  dayShort: (day: string) => string;
  /** "23 – 29 nov 2026" */
  weekRange: (from: string, to: string) => string;
}

export function useCalendarLabels(): CalendarLabels {
  const { i18n } = useTranslation();
  const locale = intlLocaleOf(toLanguage(i18n.language) ?? DEFAULT_LANGUAGE);
  const format = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, { timeZone: 'UTC', ...options });
  const month = format({ month: 'long', year: 'numeric' });
  const weekdayShort = format({ weekday: 'short' });
  const dayLong = format({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
  const dayShort = format({ weekday: 'short', day: 'numeric' });
  const range = format({ day: 'numeric', month: 'short', year: 'numeric' });
  return {
    month: (day) => capitalized(month.format(noonOf(day))),
    weekdayShort: (day) => weekdayShort.format(noonOf(day)),
    dayLong: (day) => dayLong.format(noonOf(day)),
    dayTitle: (day) => capitalized(dayLong.format(noonOf(day))),
    dayShort: (day) => dayShort.format(noonOf(day)),
    weekRange: (from, to) => range.formatRange(noonOf(from), noonOf(to)),
  };
}
