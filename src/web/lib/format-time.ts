import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, type Language, toLanguage } from '../../domain/languages.ts';

/**
 * Times of day (HH:MM, the studio's wall clock) as the interface language writes them: 24-hour in
 * Spanish and Catalan ("18:30"), 12-hour in English ("6:30 PM"). The value itself is always HH:MM.
 */
export type TimeFormat = '24h' | '12h';

const INTL_LOCALES: Record<Language, string> = { es: 'es-ES', en: 'en-US', cat: 'ca-ES' };

export function timeFormatOf(language: Language): TimeFormat {
  return language === 'en' ? '12h' : '24h';
}

export function intlLocaleOf(language: Language): string {
  return INTL_LOCALES[language];
}

/** "18:30" as the language writes it; the text itself when it is not HH:MM. */
export function formatTimeOfDay(time: string, language: Language): string {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return time;
  const [, hours = '0', minutes = '0'] = match;
  if (timeFormatOf(language) === '24h') return `${hours}:${minutes}`;
  const hour = Number(hours);
  return `${hour % 12 === 0 ? 12 : hour % 12}:${minutes} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** The interface language (one of ours), its time format and a formatter of times in it. */
export function useTimeOfDay(): { language: Language; format: TimeFormat; formatTime: (time: string) => string } {
  const { i18n } = useTranslation();
  const language = toLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
  return { language, format: timeFormatOf(language), formatTime: (time) => formatTimeOfDay(time, language) };
}
