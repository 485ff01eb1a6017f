import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client.ts';
import { useErrorMessage } from '../../lib/use-error-message.ts';

/**
 * A failure as a sentence for the error dialog: a refused field's own message when the server names
 * one (a customer who is not one, a prompt that is gone), else the message of the error's code.
 */
export function useFailureMessage(): (error: unknown) => string {
  const describe = useErrorMessage();
  const { t } = useTranslation('validation');
  return (error) => {
    if (error instanceof ApiError && error.code === 'VALIDATION_FAILED') {
      const key = Object.values(error.details)[0];
      if (key) return t(key, { defaultValue: describe(error) });
    }
    return describe(error);
  };
}
