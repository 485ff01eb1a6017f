import { Button, Group, Modal, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type ChangePassword, changePasswordSchema } from '../../../domain/auth.ts';
import { useFormFields } from '../../lib/use-form-fields.ts';
import { LabelledField } from '../../ui/labelled-field.tsx';

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
  const { t: tc } = useTranslation('common');
  const form = useForm<ChangePassword>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
    reValidateMode: 'onSubmit',
  });
  const { field, showServerErrors } = useFormFields(form);
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = form.handleSubmit(async ({ currentPassword, password }) => {
    try {
      await onSubmit({ currentPassword, password });
      form.reset();
    } catch (error) {
      showServerErrors(error);
    }
  });
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
