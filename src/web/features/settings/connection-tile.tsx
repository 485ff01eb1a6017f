import { Alert, Anchor, Badge, Button, Divider, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type InstagramLogin, NETWORK_NAMES, type SocialNetwork, truncateAccountName } from '../../../domain/social.ts';
import { formatDate } from '../../lib/format-date.ts';
import { useSocialConnection } from '../../lib/social-connection.ts';
import { useSocialErrorMessage } from '../../lib/social-messages.ts';
import { LazyConfirmDialog } from '../../ui/lazy-dialogs.tsx';
import { useDisconnect } from './api/disconnect.ts';
import { useStartAuthorization } from './api/start-authorization.ts';
import { InstagramLoginChoice } from './instagram-login-choice.tsx';
import { NetworkMark } from './network-mark.tsx';
import { PublishablePages } from './publishable-pages.tsx';

/**
 * One network's tile (SPEC §2 Settings, §4): checking (spinner), connected (the account's name cut at 15
 * characters and "valid until" its expiry), or not connected; connect, disconnect after a confirmation,
 * the warnings of a connection that could not be verified or that expires soon (with "Connect again",
 * the same authorization as Connect: the callback replaces the tokens), and the pages to publish to.
 */
/**
 * The server's default TOKEN_REFRESH_WINDOW_DAYS: a token this close to its end that the refresh did not
 * renew cannot be renewed, and the connection closes when it expires.
 */
const EXPIRY_WARNING_DAYS = 7;

function expiresSoon(expiresAt: string | null, now: number): boolean {
  return expiresAt !== null && new Date(expiresAt).getTime() - now <= EXPIRY_WARNING_DAYS * 86_400_000;
}

export function ConnectionTile({ network }: { network: SocialNetwork }) {
  const { t } = useTranslation('social');
  const describe = useSocialErrorMessage();
  const connection = useSocialConnection(network);
  const authorize = useStartAuthorization();
  const disconnect = useDisconnect();
  const [confirming, setConfirming] = useState(false);
  // When the tile was shown: enough to tell a token about to expire, and stable across renders.
  const [shownAt] = useState(() => Date.now());
  const name = NETWORK_NAMES[network];
  const view = connection.data;

  // Instagram: the way chosen, or the connection's own way when it connects again (the one offered, when only one is).
  const loginWay = view?.network === 'instagram' ? (view.isConnected || view.logins.includes(view.login) ? view.login : view.logins[0]) : undefined;
  const connect = (login: InstagramLogin | undefined = loginWay) =>
    authorize.mutate(login ? { network, login } : network, {
      // The provider's consent page, then back to /auth/{network}/callback.
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (error) => notifications.show({ color: 'red', message: t('messages.authorizeFailed', { network: name, message: describe(network, error) }) }),
    });

  const confirmDisconnect = () =>
    disconnect.mutate(network, {
      onSuccess: () => {
        setConfirming(false);
        notifications.show({ color: 'teal', message: t(`messages.disconnected.${network}`) });
      },
      onError: (error) => {
        setConfirming(false);
        notifications.show({ color: 'red', message: describe(network, error, 'disconnectFailed') });
      },
    });

  let status: React.ReactNode;
  if (connection.isPending) {
    status = (
      <Group gap="xs" role="status" aria-live="polite">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          {t('tile.checking')}
        </Text>
      </Group>
    );
  } else if (!view) {
    status = (
      <Alert color="red" variant="light" role="alert" title={describe(network, connection.error, 'checkFailed')}>
        <Button size="compact-sm" variant="white" color="red" onClick={() => void connection.refetch()}>
          {t('tile.retry')}
        </Button>
      </Alert>
    );
  } else if (view.isConnected) {
    status = (
      <Stack gap={6}>
        <Group gap="xs" wrap="nowrap">
          <Badge color="teal" variant="light">
            {t('tile.connected')}
          </Badge>
          <Text fw={600} title={view.userName ?? undefined} data-testid={`${network}-account`}>
            {truncateAccountName(view.userName ?? '')}
          </Text>
        </Group>
        {view.expiresAt && (
          <Text size="sm" c="dimmed">
            {t('tile.validUntil', { date: formatDate(view.expiresAt) })}
          </Text>
        )}
        {view.network === 'instagram' && view.logins.length > 1 && (
          <Text size="sm" c="dimmed" data-testid="instagram-login-way">
            {t(`instagramLogin.connectedWith_${view.login}`)}
          </Text>
        )}
        {view.warning && <Alert color="yellow" variant="light" role="status" title={t(`warnings.${view.warning}`)} />}
        {view.network === 'instagram' && view.insightsMissing && (
          <Alert color="orange" variant="light" role="status" title={t('tile.insightsMissing')} data-testid="insights-missing">
            <Text size="sm">{t(view.login === 'instagram' ? 'tile.insightsMissingHelpInstagramLogin' : 'tile.insightsMissingHelp')}</Text>
            <Button size="compact-sm" variant="white" color="orange" mt={6} onClick={() => connect()} loading={authorize.isPending}>
              {t('tile.connectAgain')}
            </Button>
          </Alert>
        )}
        {view.expiresAt && expiresSoon(view.expiresAt, shownAt) && (
          <Alert color="orange" variant="light" role="status" title={t('tile.expiresSoon', { date: formatDate(view.expiresAt) })}>
            <Button size="compact-sm" variant="white" color="orange" onClick={() => connect()} loading={authorize.isPending}>
              {t('tile.connectAgain')}
            </Button>
          </Alert>
        )}
      </Stack>
    );
  } else {
    status = (
      <Stack gap={6}>
        <Group gap="xs">
          <Badge color="gray" variant="light">
            {t('tile.notConnected')}
          </Badge>
        </Group>
        {view.network === 'instagram' && view.logins.length > 1 ? (
          <InstagramLoginChoice logins={view.logins} onConnect={(login) => connect(login)} loading={authorize.isPending} />
        ) : (
          <Text size="sm" c="dimmed">
            {!view.available
              ? t('tile.unavailable')
              : view.network === 'instagram' && loginWay === 'instagram'
                ? t('instagramLogin.instagramHelp')
                : t(`tile.notConnectedHelp.${network}`)}
          </Text>
        )}
      </Stack>
    );
  }

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={`${network}-tile-title`}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <NetworkMark network={network} />
            <div>
              <Text fw={700} size="lg" id={`${network}-tile-title`}>
                {name}
              </Text>
              {view?.sandbox && (
                <Badge color="yellow" variant="filled" size="xs" radius="sm" title={t('tile.sandboxHint', { network: name })}>
                  {t('tile.sandboxBadge')}
                </Badge>
              )}
            </div>
          </Group>
          {view?.isConnected && (
            <Button variant="light" color="red" size="xs" onClick={() => setConfirming(true)}>
              {t('tile.disconnect')}
            </Button>
          )}
          {view && !view.isConnected && view.available && !(view.network === 'instagram' && view.logins.length > 1) && (
            <Button size="xs" onClick={() => connect()} loading={authorize.isPending}>
              {t('tile.connect')}
            </Button>
          )}
        </Group>
        <div>{status}</div>
        {view?.sandbox && (
          <Text size="xs" c="dimmed">
            {t('tile.sandboxHint', { network: name })}{' '}
            <Anchor href="/sandbox" target="_blank" rel="noopener" size="xs">
              {t('tile.sandboxPublished')}
            </Anchor>
          </Text>
        )}
        {view && (
          <>
            <Divider />
            <PublishablePages view={view} />
          </>
        )}
      </Stack>
      <LazyConfirmDialog
        opened={confirming}
        title={t('disconnectConfirm.title', { network: name })}
        message={t('disconnectConfirm.message', { network: name })}
        confirmLabel={t('disconnectConfirm.confirm')}
        danger
        loading={disconnect.isPending}
        onConfirm={confirmDisconnect}
        onCancel={() => setConfirming(false)}
      />
    </Paper>
  );
}
