import { DatesProvider } from '@mantine/dates';
// With the publish dialog's code, not in the app's first stylesheet nor the posts pages': it has the only date picker.
import '@mantine/dates/styles.css';
import 'dayjs/locale/ca.js';
import 'dayjs/locale/es.js';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, type Language, toLanguage } from '../../domain/languages.ts';

// dayjs's own English is built in; only these three are loaded, not its hundred locales.
const DAYJS_LOCALES: Record<Language, string> = { es: 'es', en: 'en', cat: 'ca' };

/** Mantine's calendars name months and weekdays in the interface language, and follow it when it changes. */
export function DatesLanguage({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = toLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
  return <DatesProvider settings={{ locale: DAYJS_LOCALES[language] }}>{children}</DatesProvider>;
}
