import { Anchor, Button, Center, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Credentials, credentialsSchema } from '../../../domain/auth.ts';
import { toLanguage } from '../../../domain/languages.ts';
import { ApiError } from '../../lib/api-client.ts';
import { LabelledField } from '../../ui/labelled-field.tsx';
import { MessageDialog } from '../../ui/message-dialog.tsx';
import { useSignIn } from './api/sign-in.ts';
import { ForgotPasswordDialog } from './forgot-password-dialog.tsx';

/** /login (SPEC §2 "Login", §5 "Login", §8 login error). */
export function LoginPage() {
  const { t, i18n } = useTranslation('auth');
  const { t: tv } = useTranslation('validation');
  const { t: te } = useTranslation('errors');
  const signIn = useSignIn();
  const [recoveryOpen, setRecoveryOpen] = useState(false);
  const form = useForm<Credentials>({ resolver: zodResolver(credentialsSchema), defaultValues: { email: '', password: '' }, reValidateMode: 'onSubmit' });
  const { errors } = form.formState;

  // SPEC: on load, the interface language follows the browser's when it is one of ours.
  useEffect(() => {
    const browserLanguage = toLanguage(navigator.language);
    if (browserLanguage && browserLanguage !== i18n.language) void i18n.changeLanguage(browserLanguage);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on load
  }, []);

  // Once signed in, the GuestOnly guard around this page sends the user on (to the page they asked for).
  const onSubmit = form.handleSubmit((credentials) => signIn.mutate(credentials));

  // A field's error clears as soon as it is edited (SPEC §5).
  const field = (name: keyof Credentials) => {
    const registered = form.register(name);
    return { ...registered, onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => { form.clearErrors(name); return registered.onChange(event); } };
  };

  const failure = signIn.error;
  const failureTitle = failure instanceof ApiError && failure.code !== 'UNKNOWN' ? te(failure.code, { defaultValue: t('login.failedTitle') }) : t('login.failedTitle');

  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={420}>
        <Stack gap="md">
          <Center>
            <Image src="/logo.svg" alt="Alzado" w={56} h={56} />
          </Center>
          <div>
            <Title order={1} ta="center" size="h2">{t('login.title')}</Title>
            <Text c="dimmed" ta="center" size="sm">{t('login.subtitle')}</Text>
          </div>
          <form onSubmit={onSubmit} noValidate>
            <Stack gap="sm">
              <LabelledField label={t('login.email')} type="email" placeholder={t('login.emailPlaceholder')} required autoComplete="username" error={errors.email?.message && tv(errors.email.message)} {...field('email')} />
              <LabelledField label={t('login.password')} type="password" placeholder={t('login.passwordPlaceholder')} required autoComplete="current-password" error={errors.password?.message && tv(errors.password.message)} {...field('password')} />
              <Button type="submit" fullWidth loading={signIn.isPending} mt="xs">
                {t('login.submit')}
              </Button>
            </Stack>
          </form>
          <Anchor component="button" type="button" size="sm" ta="center" onClick={() => setRecoveryOpen(true)}>
            {t('login.forgotPassword')}
          </Anchor>
          <Anchor component={Link} to="/" size="sm" ta="center" c="dimmed">
            {t('login.backToSite')}
          </Anchor>
        </Stack>
      </Paper>
      <ForgotPasswordDialog opened={recoveryOpen} onClose={() => setRecoveryOpen(false)} />
      <MessageDialog opened={signIn.isError} tone="error" title={failureTitle} message={t('login.failedDescription')} onAccept={() => signIn.reset()} />
    </Center>
  );
}
