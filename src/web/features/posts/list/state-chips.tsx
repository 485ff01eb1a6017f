import { Chip, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PostPage, PostState } from '../../../../domain/post.ts';
import { POST_STATES } from '../../../../domain/post-rules.ts';

export interface StateChipsProps {
  value: PostState | undefined;
  counts: PostPage['counts'] | undefined;
  onChange: (state: PostState | undefined) => void;
}

/** SPEC §2: the state filter as chips (all, preview, scheduled, published), each with its count. */
export function StateChips({ value, counts, onChange }: StateChipsProps) {
  const { t } = useTranslation('posts');
  const choices = ['all', ...POST_STATES] as const;
  return (
    <Chip.Group multiple={false} value={value ?? 'all'} onChange={(next) => onChange(next === 'all' ? undefined : (next as PostState))}>
      <Group gap="xs" role="group" aria-label={t('chips.label')}>
        {choices.map((choice) => (
          <Chip key={choice} value={choice} variant="outline">
            {t(`chips.${choice}`)} {counts ? `(${counts[choice]})` : ''}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}
