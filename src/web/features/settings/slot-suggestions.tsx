import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SlotSuggestions as Suggestions } from '../../../domain/best-times-schemas.ts';
import { DEFAULT_LANGUAGE, toLanguage } from '../../../domain/languages.ts';
import type { QueueSlot } from '../../../domain/queue.ts';
import { NETWORK_NAMES } from '../../../domain/social-networks.ts';
import { intlLocaleOf } from '../../lib/format-time.ts';
import { useSlotSuggestions } from './api/queue-slots.ts';

type Suggestion = Suggestions['suggestions'][number];

/**
 * Best time to post (issue 26 item 4, decision 048): the slots suggested from the owner's own results, or
 * the general advice, each with its reason and an "Add" that saves it in the queue; one the queue has is
 * shown as added. Adding waits while the slots above have changes not saved (it saves the saved list plus one).
 */
export function SlotSuggestions(props: {
  owner: string | null;
  saved: readonly QueueSlot[];
  /** The slots above have unsaved changes, or a save is under way, or the queue is full. */
  blocked: 'changes' | 'saving' | 'full' | null;
  slotName: (slot: QueueSlot) => string;
  onAdd: (slot: QueueSlot) => void;
}) {
  const { t, i18n } = useTranslation('social');
  const suggestions = useSlotSuggestions(props.owner);
  const ratio = new Intl.NumberFormat(intlLocaleOf(toLanguage(i18n.language) ?? DEFAULT_LANGUAGE), { maximumFractionDigits: 1 });
  // Errors here hide the suggestions: the queue above still works.
  if (!suggestions.data || suggestions.data.suggestions.length === 0) return null;
  const has = (suggestion: Suggestion) => props.saved.some((slot) => slot.weekday === suggestion.weekday && slot.time === suggestion.time);
  const reasonOf = (suggestion: Suggestion) =>
    suggestion.reason === 'own'
      ? t('queue.suggestions.own', { network: NETWORK_NAMES[suggestion.network], ratio: ratio.format(suggestion.ratio ?? 0), count: suggestion.posts ?? 0 })
      : t('queue.suggestions.general', { network: NETWORK_NAMES[suggestion.network] });

  return (
    <Stack gap="xs" component="section" aria-labelledby="queue-suggestions-title" mt="sm">
      <Title order={3} size="h5" id="queue-suggestions-title">
        {t('queue.suggestions.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('queue.suggestions.description')}
      </Text>
      <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {suggestions.data.suggestions.map((suggestion) => {
          const name = props.slotName(suggestion);
          return (
            <li key={`${suggestion.network}-${suggestion.weekday}-${suggestion.time}`}>
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
                <div>
                  <Text size="sm" fw={600}>
                    {t('queue.suggestions.slot', { network: NETWORK_NAMES[suggestion.network], slot: name })}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {reasonOf(suggestion)}
                  </Text>
                </div>
                {has(suggestion) ? (
                  <Badge color="teal" variant="light" style={{ flexShrink: 0 }}>
                    {t('queue.suggestions.added')}
                  </Badge>
                ) : (
                  <Button
                    size="xs"
                    variant="light"
                    style={{ flexShrink: 0 }}
                    aria-label={t('queue.suggestions.addLabel', { slot: name })}
                    disabled={props.blocked !== null}
                    onClick={() => props.onAdd({ weekday: suggestion.weekday, time: suggestion.time })}
                  >
                    {t('queue.suggestions.add')}
                  </Button>
                )}
              </Group>
            </li>
          );
        })}
      </Stack>
      {props.blocked === 'changes' && (
        <Text size="xs" c="dimmed">
          {t('queue.suggestions.saveFirst')}
        </Text>
      )}
    </Stack>
  );
}
