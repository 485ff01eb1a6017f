import { useTranslation } from 'react-i18next';
import type { SocialNetwork } from '../../domain/social.ts';
import { ApiError } from './api-client.ts';
import { useErrorMessage } from './use-error-message.ts';

/** The sentence of SPEC §8 that fits an action that failed, per network. */
export type SocialFailure = 'checkFailed' | 'pagesFailed' | 'disconnectFailed';

/**
 * Turns a failed social request into SPEC §8's message: the specific ones ("User not connected to
 * LinkedIn", "No access token received", the state mismatch ...) when the server names the cause,
 * otherwise the action's own ("Failed to fetch LinkedIn admin pages"), or the translated error.
 */
export function useSocialErrorMessage(): (network: SocialNetwork, error: unknown, fallback?: SocialFailure) => string {
  const { t } = useTranslation('social');
  const describe = useErrorMessage();
  return (network, error, fallback) => {
    const code = error instanceof ApiError ? error.code : 'UNKNOWN';
    switch (code) {
      case 'NOT_AUTHENTICATED':
        return t('messages.notAuthenticated');
      case 'SOCIAL_NOT_CONNECTED':
        return t(`messages.notConnected.${network}`);
      case 'SOCIAL_DATA_NOT_FOUND':
        return t(`messages.dataNotFound.${network}`);
      case 'SOCIAL_NO_ACCESS_TOKEN':
        return t('messages.noAccessToken');
      case 'SOCIAL_USER_INFO_FAILED':
        return t('messages.verifyFailed');
      case 'OAUTH_STATE_MISMATCH':
        return t('messages.stateMismatch');
      case 'SOCIAL_PERMISSION_MISSING':
        return describe(error);
      default:
        return fallback ? t(`messages.${fallback}.${network}`) : describe(error);
    }
  };
}
