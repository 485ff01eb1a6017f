import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, type Language, toLanguage } from '../../domain/languages.ts';
import { type TimeFormat, formatTimeOfDay, timeFormatOf } from '../../domain/studio-time.ts';

const INTL_LOCALES: Record<Language, string> = { es: 'es-ES', en: 'en-US', cat: 'ca-ES' };

export function intlLocaleOf(language: Language): string {
  return INTL_LOCALES[language];
}

/**
 * The interface language (one of ours), its time format, a formatter of times in it, and the phrase
 * "at 18:30" in it: counted by the hour, since Spanish and Catalan say "a la 01:15" but "a las/les 10:15".
 */
export function useTimeOfDay(): { language: Language; format: TimeFormat; formatTime: (time: string) => string; atTime: (time: string) => string } {
  const { t, i18n } = useTranslation();
  const language = toLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
  const formatTime = (time: string) => formatTimeOfDay(time, language);
  return { language, format: timeFormatOf(language), formatTime, atTime: (time) => t('atTime', { time: formatTime(time), count: Number(time.slice(0, 2)) }) };
}

/**
 * An instant as "3 dic, 10:15" / "Dec 3, 10:15 AM" / "3 de des., 10:15", in the browser's time zone (as
 * every instant the app shows): the day short, the time in the language's own format.
 */
export function useFormatInstant(): (instant: string) => string {
  const { language, formatTime } = useTimeOfDay();
  return (instant) => {
    const date = new Date(instant);
    if (Number.isNaN(date.getTime())) return '—';
    const day = new Intl.DateTimeFormat(intlLocaleOf(language), { day: 'numeric', month: 'short' }).format(date);
    const time = `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
    return `${day}, ${formatTime(time)}`;
  };
}
