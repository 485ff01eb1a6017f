import { useTranslation } from 'react-i18next';
import { CALENDAR_MAX_DAYS } from '../../domain/calendar.ts';
import { LOCK_MARGIN_MINUTES } from '../../domain/post.ts';
import { MAX_QUEUE_SLOTS } from '../../domain/queue.ts';
import { ApiError } from './api-client.ts';
import { useErrorMessage } from './use-error-message.ts';

/** The numbers some `validation` sentences name: the rule's own constant, the same the server applies. */
const VALUES: Record<string, Record<string, number>> = {
  publishTimeTooSoon: { minutes: LOCK_MARGIN_MINUTES },
  queueSlotsTooMany: { max: MAX_QUEUE_SLOTS },
  calendarRangeTooLong: { max: CALENDAR_MAX_DAYS },
};

/** A `validation` key (the browser's rules or the server's details) as a sentence in the interface language. */
export function useValidationMessage(): (key: string) => string {
  const { t } = useTranslation('validation');
  return (key) => t(key, VALUES[key] ?? {});
}

/**
 * Why the server refused: its validation details as sentences, one a line (show it with
 * `white-space: pre-line`), or the sentence of its error code (a 409 conflict, a network not connected…).
 */
export function useRefusalMessage(): (error: unknown) => string {
  const validation = useValidationMessage();
  const describe = useErrorMessage();
  return (error) => {
    const details = error instanceof ApiError ? Object.values(error.details) : [];
    return details.length > 0 ? details.map(validation).join('\n') : describe(error);
  };
}
