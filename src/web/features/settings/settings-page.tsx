import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SOCIAL_NETWORKS } from '../../../domain/social-networks.ts';
import { ApprovalModeSection } from './approval-mode-section.tsx';
import { ConnectionTile } from './connection-tile.tsx';
import { LazyQueueSlotsSection } from './queue-slots-lazy.tsx';
import { StudioVoiceSection } from './studio-voice-section.tsx';

/** /settings (SPEC §2): the social networks card, a tile per network; the weekly queue and the studio's voice. */
export function SettingsPage() {
  const { t } = useTranslation();
  const { t: ts } = useTranslation('social');
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('pages.settings')}</Title>
        <Text c="dimmed" mt={4}>
          {ts('settings.description')}
        </Text>
      </div>
      <section aria-labelledby="social-networks-title">
        <Title order={2} size="h3" id="social-networks-title">
          {ts('settings.cardTitle')}
        </Title>
        <Text size="sm" c="dimmed" mt={4} mb="md">
          {ts('settings.cardDescription')}
        </Text>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" style={{ alignItems: 'start' }}>
          {SOCIAL_NETWORKS.map((network) => (
            <ConnectionTile key={network} network={network} />
          ))}
        </SimpleGrid>
      </section>
      {/* The voice beside the weekly queue on a wide screen: both are the customer's, an administrator picks whose. */}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg" style={{ alignItems: 'start' }}>
        <LazyQueueSlotsSection />
        <StudioVoiceSection />
      </SimpleGrid>
      <ApprovalModeSection />
    </Stack>
  );
}
