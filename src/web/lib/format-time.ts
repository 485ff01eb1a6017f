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
