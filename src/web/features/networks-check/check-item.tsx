import { Badge, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CheckStatus, NetworkCheckItem } from '../../../domain/networks-check.ts';
import type { SocialNetwork } from '../../../domain/social.ts';
import { formatDate } from '../../lib/format-date.ts';

export const STATUS_COLORS: Record<CheckStatus, string> = { ok: 'teal', warning: 'yellow', failure: 'red' };

/** One check of a network: its status, what was found and, unless all is well, what to do. */
export function CheckItem({ network, item }: { network: SocialNetwork; item: NetworkCheckItem }) {
  const { t } = useTranslation('networks');
  const finding = `findings.${item.finding}`;
  // Days as everywhere else in the app, dd-mm-yyyy (the server sends them as YYYY-MM-DD; issue 29).
  const params = {
    ...item.params,
    reason: item.params.reason ? t(`reasons.${item.params.reason}`) : '',
    ...(item.params.endsOn ? { endsOn: formatDate(item.params.endsOn) } : {}),
  };
  const text = t([`${finding}.${network}.text`, `${finding}.text`], params);
  const actionKey = item.finding === 'imagesNotPublic' ? `${finding}.${item.params.setting === 'PUBLIC_URL' ? 'actionPublicUrl' : 'actionBucket'}` : undefined;
  const action = item.action === null ? null : t(actionKey ? [actionKey] : [`${finding}.${network}.action`, `${finding}.action`], params);
  const sandboxNote = item.finding === 'imagesSandbox' && item.params.host ? t(`${finding}.notPublic`, params) : null;
  return (
    <List.Item
      icon={
        <Badge color={STATUS_COLORS[item.status]} variant={item.status === 'ok' ? 'light' : 'filled'} w={96}>
          {t(`statuses.${item.status}`)}
        </Badge>
      }
    >
      {/* Addresses and scopes are long words: they wrap anywhere rather than leave the card on a phone. */}
      <Stack gap={2} style={{ overflowWrap: 'anywhere' }}>
        <Text fw={600} size="sm">
          {t(`checks.${item.check}`)}
        </Text>
        <Text size="sm">{text}</Text>
        {sandboxNote && (
          <Text size="sm" c="dimmed">
            {sandboxNote}
          </Text>
        )}
        {action && (
          <Text size="sm" fw={500}>
            {t('whatToDo', { action })}
          </Text>
        )}
        {item.status !== 'ok' && item.params.detail && (
          <Text size="xs" c="dimmed">
            {t('networkSaid', { detail: item.params.detail })}
          </Text>
        )}
      </Stack>
    </List.Item>
  );
}
