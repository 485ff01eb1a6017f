import { Alert, Badge, Button, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
// The list's own styles come with the page that uses them (the app's stylesheet does not hold them): without
// them each status badge sits above its check instead of beside it.
import '@mantine/core/styles/List.css';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, toLanguage } from '../../../domain/languages.ts';
import { NETWORK_NAMES } from '../../../domain/social-networks.ts';
import { intlLocaleOf } from '../../lib/format-time.ts';
import { useErrorMessage } from '../../lib/use-error-message.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { useNetworksCheck } from './api/check-networks.ts';
import { CheckItem, STATUS_COLORS } from './check-item.tsx';

/**
 * /networks-check, for administrators (docs/networks.md): the same check as `npm run check:networks`,
 * a card per network with each check's status and what to do.
 */
export function NetworksCheckPage() {
  const { t, i18n } = useTranslation('networks');
  const describe = useErrorMessage();
  const check = useNetworksCheck();
  const report = check.data;
  const checkedAt = report ? new Date(report.checkedAt) : null;
  // With its seconds, so a check made again shows it changed; counted by the hour ("a la 1:05:09").
  const at = checkedAt
    ? t('common:atTime', { time: checkedAt.toLocaleTimeString(intlLocaleOf(toLanguage(i18n.language) ?? DEFAULT_LANGUAGE)), count: checkedAt.getHours() })
    : '';

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1}>{t('title')}</Title>
          <Text c="dimmed" mt={4} maw={720}>
            {t('description')}
          </Text>
          <Text size="sm" c="dimmed" mt={4}>
            {t('guide')}
          </Text>
        </div>
        <Button onClick={() => void check.refetch()} loading={check.isFetching} variant="default">
          {t('checkAgain')}
        </Button>
      </Group>
      {check.isPending && <Spinner />}
      {check.isError && (
        <Alert color="red" role="alert">
          {t('loadError', { message: describe(check.error) })}
        </Alert>
      )}
      {report && (
        <>
          <Alert color={STATUS_COLORS[report.status]} role="status" title={t(`overall.${report.status}`)}>
            {t('checkedAt', { at })}
          </Alert>
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg" style={{ alignItems: 'start' }}>
            {report.networks.map((network) => (
              <Paper key={network.network} withBorder p="lg" radius="md" component="section" aria-labelledby={`check-${network.network}`}>
                <Group justify="space-between" mb="md">
                  <Title order={2} size="h3" id={`check-${network.network}`}>
                    {NETWORK_NAMES[network.network]}
                  </Title>
                  <Group gap={6}>
                    <Badge variant="outline" color="gray">
                      {t(`modes.${network.mode}`)}
                    </Badge>
                    <Badge color={STATUS_COLORS[network.status]}>{t(`statuses.${network.status}`)}</Badge>
                  </Group>
                </Group>
                <List spacing="md" listStyleType="none" center={false}>
                  {network.items.map((item) => (
                    <CheckItem key={item.check} network={network.network} item={item} />
                  ))}
                </List>
              </Paper>
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
