import { Button, Group, Modal, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type ChangePassword, changePasswordSchema } from '../../../domain/auth.ts';
import { ApiError } from '../../lib/api-client.ts';
import { LabelledField } from '../../ui/labelled-field.tsx';

const FIELDS = ['currentPassword', 'password', 'confirmPassword'] as const;

/**
 * The profile's change-password dialog (SPEC §5): the current password (the server refuses a change
 * without it), then the new one, at least 6 characters, twice. `onSubmit` resolves once changed; a
 * refusal naming a field (a wrong current password) is shown on that field, anything else is the
 * caller's to show.
 */
export function ChangePasswordDialog({
  opened,
  saving,
  onSubmit,
  onClose,
}: {
  opened: boolean;
  saving: boolean;
  onSubmit: (input: { currentPassword: string; password: string }) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation('profile');
  const { t: tv } = useTranslation('validation');
  const { t: tc } = useTranslation('common');
  const form = useForm<ChangePassword>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = form.handleSubmit(async ({ currentPassword, password }) => {
    try {
      await onSubmit({ currentPassword, password });
      form.reset();
    } catch (error) {
      const fieldErrors = error instanceof ApiError && error.code === 'VALIDATION_FAILED' ? Object.entries(error.details) : [];
      const known = fieldErrors.filter(([name]) => (FIELDS as readonly string[]).includes(name));
      if (known.length === 0) return;
      for (const [name, key] of known) form.setError(name as (typeof FIELDS)[number], { message: key });
    }
  });
  const field = (name: (typeof FIELDS)[number]) => {
    const registered = form.register(name);
    const key = errors[name]?.message;
    return {
      ...registered,
      error: key ? tv(key, { defaultValue: tv('invalid') }) : undefined,
      onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
        form.clearErrors(name);
        return registered.onChange(event);
      },
    };
  };
  return (
    <Modal opened={opened} onClose={close} title={t('password.title')} centered>
      <form noValidate onSubmit={submit}>
        <Stack gap="sm">
          <LabelledField label={t('password.current')} type="password" required autoComplete="current-password" {...field('currentPassword')} />
          <LabelledField label={t('password.new')} type="password" required autoComplete="new-password" {...field('password')} />
          <LabelledField label={t('password.confirm')} type="password" required autoComplete="new-password" {...field('confirmPassword')} />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close} disabled={saving}>
              {tc('actions.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {t('password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
