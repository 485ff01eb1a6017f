import { Button, Group, Modal, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type NewPassword, newPasswordSchema } from '../../../domain/auth.ts';
import { LabelledField } from '../../ui/labelled-field.tsx';

/** The profile's change-password dialog (SPEC §5): at least 6 characters, both entries equal. */
export function ChangePasswordDialog({ opened, saving, onSubmit, onClose }: { opened: boolean; saving: boolean; onSubmit: (password: string) => void; onClose: () => void }) {
  const { t } = useTranslation('profile');
  const { t: tv } = useTranslation('validation');
  const { t: tc } = useTranslation('common');
  const form = useForm<NewPassword>({ resolver: zodResolver(newPasswordSchema), defaultValues: { password: '', confirmPassword: '' }, reValidateMode: 'onSubmit' });
  const { errors } = form.formState;
  const close = () => {
    form.reset();
    onClose();
  };
  const field = (name: keyof NewPassword) => {
    const registered = form.register(name);
    return { ...registered, onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => { form.clearErrors(name); return registered.onChange(event); } };
  };
  return (
    <Modal opened={opened} onClose={close} title={t('password.title')} centered>
      <form noValidate onSubmit={form.handleSubmit(({ password }) => onSubmit(password))}>
        <Stack gap="sm">
          <LabelledField label={t('password.new')} type="password" required autoComplete="new-password" error={errors.password?.message && tv(errors.password.message)} {...field('password')} />
          <LabelledField label={t('password.confirm')} type="password" required autoComplete="new-password" error={errors.confirmPassword?.message && tv(errors.confirmPassword.message)} {...field('confirmPassword')} />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close} disabled={saving}>{tc('actions.cancel')}</Button>
            <Button type="submit" loading={saving}>{t('password.submit')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
