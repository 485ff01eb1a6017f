import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session.ts';
import { usePromptOptions } from '../api/list-prompt-options.ts';

export interface PromptPickerProps {
  value: number | null;
  onChange: (value: number | null) => void;
  error?: string;
  savedPromptText?: string;
}

/**
 * The prompt from My GPTs the AI follows for this project: the user's own and the public ones. The
 * project keeps a copy of its text, so a prompt deleted later still shows as the one in use.
 */
export function PromptPicker({ value, onChange, error, savedPromptText }: PromptPickerProps) {
  const { t } = useTranslation('projects');
  const { data: user } = useSession();
  const prompts = usePromptOptions();
  const items = prompts.data?.items ?? [];

  const option = (prompt: (typeof items)[number]) => ({ value: String(prompt.id), label: prompt.title });
  const groups = [
    { group: t('form.promptGroups.mine'), items: items.filter((prompt) => prompt.author?.id === user?.id).map(option) },
    { group: t('form.promptGroups.public'), items: items.filter((prompt) => prompt.author?.id !== user?.id && !prompt.is_private).map(option) },
    { group: t('form.promptGroups.others'), items: items.filter((prompt) => prompt.author?.id !== user?.id && prompt.is_private).map(option) },
  ].filter((group) => group.items.length > 0);
  // The saved choice, when it is no longer among the prompts this user can see.
  if (value !== null && !prompts.isPending && !items.some((prompt) => prompt.id === value)) {
    groups.unshift({ group: t('form.promptGroups.current'), items: [{ value: String(value), label: t('form.promptGone') }] });
  }

  return (
    <Select
      label={t('form.prompt')}
      placeholder={prompts.isPending ? t('form.promptLoading') : t('form.promptPlaceholder')}
      description={savedPromptText ? t('form.promptCopy', { text: truncate(savedPromptText, 120) }) : t('form.promptHelp')}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      data={groups}
      value={value === null ? null : String(value)}
      onChange={(chosen) => onChange(chosen ? Number(chosen) : null)}
      error={error}
      searchable
      clearable
      nothingFoundMessage={t('form.promptNone')}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

function truncate(text: string, length: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
}
