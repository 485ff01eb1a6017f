import { useTranslation } from 'react-i18next';
import { ApiError } from './api-client.ts';

/** Turns any error into a translated sentence: by API code, else the SPEC's "Error desconocido". */
export function useErrorMessage(): (error: unknown) => string {
  const { t } = useTranslation('errors');
  return (error) => {
    const code = error instanceof ApiError ? error.code : 'UNKNOWN';
    return t(code, { defaultValue: t('UNKNOWN') });
  };
}
