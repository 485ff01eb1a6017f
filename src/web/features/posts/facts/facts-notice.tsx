import { Alert, Checkbox, Group, Mark, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { findAiTells } from '../../../../domain/ai-tells.ts';
import type { UnsupportedFact } from '../../../../domain/facts.ts';
import { LANGUAGES } from '../../../../domain/languages.ts';
import { factKey } from '../../../../domain/post.ts';

/** Each fact once, as it is written in the text. */
function distinct(facts: readonly UnsupportedFact[]): UnsupportedFact[] {
  const seen = new Set<string>();
  return facts.filter((fact) => {
    const key = factKey(fact.text);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The facts, each highlighted as the text writes it. */
export function FactsList({ facts }: { facts: readonly UnsupportedFact[] }) {
  return (
    <Group gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {distinct(facts).map((fact) => (
        <li key={`${fact.kind}-${factKey(fact.text)}`} data-fact-kind={fact.kind}>
          <Mark color="yellow" px={4} style={{ borderRadius: 4, fontSize: 'var(--mantine-font-size-sm)' }}>
            {fact.text}
          </Mark>
        </li>
      ))}
    </Group>
  );
}

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
  const shown = distinct(facts);
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

/**
 * Phrases that give a generated text away (domain/ai-tells.ts), in any of the app's languages: a hint,
 * never a refusal.
 */
export function AiTellsHint({ text }: { text: string }) {
  const { t } = useTranslation('posts');
  const seen = new Set<string>();
  const tells = LANGUAGES.flatMap((language) => findAiTells(text, language)).filter((tell) => {
    const key = `${tell.start}-${tell.end}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (tells.length === 0) return null;
  return (
    <Alert color="gray" variant="light" title={t('tells.count', { count: tells.length })} data-testid="ai-tells">
      <Stack gap={8}>
        <FactsList facts={tells.map((tell) => ({ kind: 'name' as const, text: tell.text, start: tell.start, end: tell.end }))} />
        <Text size="xs">{t('tells.help')}</Text>
      </Stack>
    </Alert>
  );
}
