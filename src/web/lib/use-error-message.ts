import { useTranslation } from 'react-i18next';
import { ApiError } from './api-client.ts';
import { validationValuesOf } from './validation-message.ts';

/**
 * How much of a refusal's details (`validation` keys, by field) the sentence tells: none (the code's
 * sentence only); the first of a VALIDATION_FAILED (a customer who is not one, a prompt that is gone);
 * or all of them, one a line (show it with `white-space: pre-line`: a calendar move, the weekly queue).
 */
export type ErrorDetails = 'none' | 'first' | 'all';

/**
 * The one way to turn any error into a translated sentence: by API code, else the SPEC's "Error
 * desconocido"; with `details`, the refusal's own reasons first. Only those modes read (and so load)
 * the `validation` namespace: the plain sentence needs `errors` alone, which every page has.
 */
export function useErrorMessage(details: ErrorDetails = 'none'): (error: unknown) => string {
  const { t } = useTranslation(details === 'none' ? ['errors'] : ['errors', 'validation']);
  const reason = (key: string, defaultValue?: string) =>
    t(key, { ns: 'validation', ...validationValuesOf(key), ...(defaultValue === undefined ? {} : { defaultValue }) });
  return (error) => {
    const code = error instanceof ApiError ? error.code : 'UNKNOWN';
    // A code's sentence may name what its details say (APPROVAL_ACCOUNT_MISSING's network_name).
    const sentence = t(code, { ...(error instanceof ApiError ? error.details : {}), defaultValue: t('UNKNOWN') });
    const keys = details !== 'none' && error instanceof ApiError ? Object.values(error.details) : [];
    if (details === 'all' && keys.length > 0) return keys.map((key) => reason(key)).join('\n');
    if (details === 'first' && code === 'VALIDATION_FAILED' && keys[0]) return reason(keys[0], sentence);
    return sentence;
  };
}
