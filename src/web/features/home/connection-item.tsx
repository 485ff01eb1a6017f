import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { HomeConnectionAlert } from '../../../domain/home.ts';
import { NETWORK_NAMES } from '../../../domain/social-networks.ts';
import { formatDate } from '../../lib/format-date.ts';
import { personName } from './post-items.tsx';

/**
 * A connection that expires soon or was lost, and what to do: the user's own is connected again in
 * Settings; an administrator also reads the customers', whom only they can connect again.
 */
export function ConnectionItem({ item }: { item: HomeConnectionAlert }) {
  const { t } = useTranslation();
  const values = {
    network: NETWORK_NAMES[item.network],
    account: item.account_name ?? NETWORK_NAMES[item.network],
    date: item.expires_at ? formatDate(item.expires_at) : '',
    name: personName(item.user),
  };
  const key = `home.connections.${item.mine ? 'mine' : 'others'}.${item.problem}`;
  return (
    <List.Item data-network={item.network} data-problem={item.problem}>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {t(key, values)}
      </Text>
    </List.Item>
  );
}
