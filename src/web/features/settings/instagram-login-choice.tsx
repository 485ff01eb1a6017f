import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InstagramLogin } from '../../../domain/social.ts';

/**
 * Instagram's two ways to connect (decision 054), offered when the server has both: with Facebook, for
 * an account linked to a Facebook Page; with Instagram (Instagram Login), for a professional account
 * with no Page. One sentence each on when to use which.
 */
export function InstagramLoginChoice({
  logins,
  onConnect,
  loading,
}: {
  logins: InstagramLogin[];
  onConnect: (login: InstagramLogin) => void;
  loading: boolean;
}) {
  const { t } = useTranslation('social');
  return (
    <Stack gap="sm" role="group" aria-label={t('instagramLogin.title')} data-testid="instagram-login-choice">
      <Text size="sm" fw={600}>
        {t('instagramLogin.title')}
      </Text>
      {logins.map((login) => (
        <Stack key={login} gap={4}>
          <Button size="xs" variant={login === 'facebook' ? 'filled' : 'light'} onClick={() => onConnect(login)} loading={loading} w="fit-content">
            {t(`instagramLogin.${login}`)}
          </Button>
          <Text size="xs" c="dimmed">
            {t(`instagramLogin.${login}Help`)}
          </Text>
        </Stack>
      ))}
    </Stack>
  );
}
