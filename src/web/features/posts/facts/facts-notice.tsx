import { Alert, Checkbox, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UnsupportedFact } from '../../../../domain/facts.ts';
import { FactsList, distinctFacts } from './facts-list.tsx';

export interface FactsConfirmation {
  confirmed: boolean;
  onChange: (confirmed: boolean) => void;
  disabled?: boolean;
}

/**
 * "N facts not in the project" (issue 24 item 3): what a text states that the project's fields do not
 * hold, each highlighted, with what to do; with `confirm`, the yes without which scheduling refuses
 * (409 FACTS_NOT_IN_PROJECT).
 */
export function FactsNotice({ facts, confirm }: { facts: readonly UnsupportedFact[]; confirm?: FactsConfirmation }) {
  const { t } = useTranslation('posts');
  const shown = distinctFacts(facts);
  if (shown.length === 0) return null;
  return (
    <Alert color="yellow" variant="light" title={t('facts.count', { count: shown.length })} data-testid="facts-notice">
      <Stack gap={8}>
        <FactsList facts={shown} />
        <Text size="xs">{t('facts.help')}</Text>
        {confirm && (
          <Checkbox
            size="sm"
            label={t('facts.confirm')}
            checked={confirm.confirmed}
            disabled={confirm.disabled}
            onChange={(event) => confirm.onChange(event.currentTarget.checked)}
          />
        )}
      </Stack>
    </Alert>
  );
}
