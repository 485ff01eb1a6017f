import { Alert, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { findAiTells } from '../../../../domain/ai-tells.ts';
import { LANGUAGES } from '../../../../domain/languages.ts';
import { FactsList } from './facts-list.tsx';

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
