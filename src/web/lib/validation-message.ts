import { useTranslation } from 'react-i18next';
// limits.ts, not post.ts, queue.ts or calendar.ts: every page reads these, and those load zod.
import { CALENDAR_MAX_DAYS, LOCK_MARGIN_MINUTES, MAX_QUEUE_SLOTS, VOICE_DESCRIPTION_LIMIT, VOICE_EXAMPLES_LIMIT } from '../../domain/limits.ts';

/** The numbers some `validation` sentences name: the rule's own constant, the same the server applies. */
const VALUES: Record<string, Record<string, number>> = {
  publishTimeTooSoon: { minutes: LOCK_MARGIN_MINUTES },
  queueSlotsTooMany: { max: MAX_QUEUE_SLOTS },
  calendarRangeTooLong: { max: CALENDAR_MAX_DAYS },
  voiceDescriptionTooLong: { max: VOICE_DESCRIPTION_LIMIT },
  voiceExamplesTooMany: { max: VOICE_EXAMPLES_LIMIT },
};

/** What a `validation` sentence interpolates (none for most). */
export const validationValuesOf = (key: string): Record<string, number> => VALUES[key] ?? {};

/**
 * A `validation` key (the browser's rules or the server's details) as a sentence in the interface language.
 * An error's details are useErrorMessage's (use-error-message.ts).
 */
export function useValidationMessage(): (key: string) => string {
  const { t } = useTranslation('validation');
  return (key) => t(key, validationValuesOf(key));
}
