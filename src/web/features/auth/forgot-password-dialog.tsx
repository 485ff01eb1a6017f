import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { recoveryRequestSchema } from '../../../domain/auth.ts';
import { useErrorMessage } from '../../lib/use-error-message.ts';
import { LabelledField } from '../../ui/labelled-field.tsx';
import { useRequestPasswordReset } from './api/request-password-reset.ts';

/** Two steps (SPEC §2 "Login"): the e-mail, then the confirmation that the recovery e-mail went out. */
export function ForgotPasswordDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation('common');
  const { t: tv } = useTranslation('validation');
  const errorMessage = useErrorMessage();
  const request = useRequestPasswordReset();
  const form = useForm<{ email: string }>({ resolver: zodResolver(recoveryRequestSchema), defaultValues: { email: '' }, reValidateMode: 'onSubmit' });
  const emailError = form.formState.errors.email?.message;

  const close = () => {
    form.reset();
    request.reset();
    onClose();
  };
  const registered = form.register('email');

  return (
    <Modal opened={opened} onClose={close} title={request.isSuccess ? t('recovery.sentTitle') : t('recovery.title')} centered>
      {request.isSuccess ? (
        <Stack>
          <Text fw={600} c="teal">
            {t('recovery.sent')}
          </Text>
          <Text size="sm">{t('recovery.sentDetail')}</Text>
          <Group justify="flex-end">
            <Button onClick={close}>{tc('actions.accept')}</Button>
          </Group>
        </Stack>
      ) : (
        <form noValidate onSubmit={form.handleSubmit(({ email }) => request.mutate(email.trim()))}>
          <Stack>
            <Text size="sm">{t('recovery.instructions')}</Text>
            <LabelledField
              label={t('recovery.email')}
              type="email"
              required
              autoComplete="email"
              error={emailError ? tv(emailError) : request.isError ? errorMessage(request.error) : undefined}
              {...registered}
              onChange={(event) => {
                form.clearErrors('email');
                request.reset();
                return registered.onChange(event);
              }}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {tc('actions.cancel')}
              </Button>
              <Button type="submit" loading={request.isPending}>
                {t('recovery.send')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
