import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type Prompt, type PromptInput, promptInputSchema } from '../../../domain/prompt.ts';
import { useFormFields } from '../../lib/use-form-fields.ts';
import { LabelledField } from '../../ui/labelled-field.tsx';

export interface PromptFormModalProps {
  opened: boolean;
  /** The prompt being edited; none to create one. */
  prompt?: Prompt;
  /** Whether what this user creates is public (an admin's prompts are). */
  createsPublic: boolean;
  saving: boolean;
  /** The server's refusal, to show on its fields. */
  serverError?: unknown;
  onSubmit: (values: PromptInput) => void;
  onClose: () => void;
}

const EMPTY: PromptInput = { title: '', description: '' };

/** The prompt form of SPEC §5: title and description, both required. */
export function PromptFormModal({ opened, prompt, createsPublic, saving, serverError, onSubmit, onClose }: PromptFormModalProps) {
  const { t } = useTranslation('prompts');
  const { t: tc } = useTranslation('common');
  const form = useForm<PromptInput>({ resolver: zodResolver(promptInputSchema), defaultValues: EMPTY, reValidateMode: 'onSubmit' });

  useEffect(() => {
    if (opened) form.reset(prompt ? { title: prompt.title, description: prompt.description } : EMPTY);
  }, [opened, prompt, form]);

  const { field } = useFormFields(form, serverError);

  return (
    <Modal opened={opened} onClose={onClose} title={prompt ? t('form.editTitle') : t('form.createTitle')} size="lg" centered>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate>
        <Stack gap="sm">
          <LabelledField label={t('form.title')} required autoComplete="off" {...field('title')} />
          <LabelledField label={t('form.description')} required multiline helperText={t('form.descriptionHelp')} {...field('description')} />
          {!prompt && (
            <Text size="xs" c="dimmed">
              {createsPublic ? t('form.public') : t('form.private')}
            </Text>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} disabled={saving}>
              {tc('actions.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {prompt ? t('form.save') : t('form.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
