import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { type NewPassword, newPasswordSchema } from '../../../domain/auth.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useFormFields } from '../../lib/use-form-fields.ts';
import { AuthCard } from '../../ui/auth-card.tsx';
import { LabelledField } from '../../ui/labelled-field.tsx';
import { MessageDialog } from '../../ui/message-dialog.tsx';
import { useResetPassword } from './api/reset-password.ts';
import { ForgotPasswordDialog } from './forgot-password-dialog.tsx';

/**
 * /reset-password, the target of the recovery e-mail (SPEC §2, §5, §8). Accepting the result goes to /login.
 * A link without its token says so at once and offers a new one, instead of failing on submit. A link
 * the server refuses (INVALID_TOKEN: used, voided by a newer one, expired or never issued: Better Auth
 * answers them alike) says so and offers a new one too, not the generic failure (issue 29).
 */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const reset = useResetPassword();
  const token = searchParams.get('token') ?? '';
  const [recoveryOpen, setRecoveryOpen] = useState(false);
  const linkRefused = reset.error instanceof ApiError && reset.error.code === 'INVALID_TOKEN';
  const form = useForm<NewPassword>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
    reValidateMode: 'onSubmit',
  });

  const onSubmit = form.handleSubmit(({ password }) => reset.mutate({ token, newPassword: password }));
  const { field } = useFormFields(form);

  return (
    <>
      <AuthCard>
        {token === '' || linkRefused ? (
          <Stack gap="sm">
            <Title order={1} size="h2">
              {linkRefused ? t('reset.invalidTitle') : t('reset.missingTitle')}
            </Title>
            <Text>{linkRefused ? t('reset.invalid') : t('reset.missing')}</Text>
            <Button onClick={() => setRecoveryOpen(true)} mt="xs">
              {t('reset.requestNew')}
            </Button>
          </Stack>
        ) : (
          <form onSubmit={onSubmit} noValidate>
            <Stack gap="sm">
              <Title order={1} size="h2">
                {t('reset.title')}
              </Title>
              <LabelledField label={t('reset.password')} type="password" required autoComplete="new-password" {...field('password')} />
              <LabelledField label={t('reset.confirmPassword')} type="password" required autoComplete="new-password" {...field('confirmPassword')} />
              <Button type="submit" loading={reset.isPending} mt="xs">
                {t('reset.submit')}
              </Button>
            </Stack>
          </form>
        )}
        <Anchor component={Link} to="/login" size="sm" ta="center">
          {t('reset.backToLogin')}
        </Anchor>
      </AuthCard>
      <ForgotPasswordDialog opened={recoveryOpen} onClose={() => setRecoveryOpen(false)} />
      <MessageDialog
        opened={reset.isSuccess || (reset.isError && !linkRefused)}
        tone={reset.isSuccess ? 'success' : 'error'}
        title={reset.isSuccess ? t('reset.successTitle') : t('reset.failureTitle')}
        message={reset.isSuccess ? t('reset.success') : t('reset.failure')}
        onAccept={() => navigate('/login', { replace: true })}
      />
    </>
  );
}
