import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, type Language, toLanguage } from '../../domain/languages.ts';
import { type TimeFormat, formatTimeOfDay, timeFormatOf } from '../../domain/studio-time.ts';

const INTL_LOCALES: Record<Language, string> = { es: 'es-ES', en: 'en-US', cat: 'ca-ES' };

export function intlLocaleOf(language: Language): string {
  return INTL_LOCALES[language];
}

/** The interface language (one of ours), its time format and a formatter of times in it. */
export function useTimeOfDay(): { language: Language; format: TimeFormat; formatTime: (time: string) => string } {
  const { i18n } = useTranslation();
  const language = toLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
  return { language, format: timeFormatOf(language), formatTime: (time) => formatTimeOfDay(time, language) };
}
