import { Avatar, Button, FileButton, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type ProfileFields, type User, profileFieldsSchema } from '../../../domain/user.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useErrorMessage } from '../../lib/use-error-message.ts';
import { useFormFields } from '../../lib/use-form-fields.ts';
import { LabelledField } from '../../ui/labelled-field.tsx';
import { MessageDialog } from '../../ui/message-dialog.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useChangeAvatar } from './api/change-avatar.ts';
import { useProfile } from './api/get-profile.ts';
import { useUpdateProfile } from './api/update-profile.ts';
import { ChangePasswordDialog } from './change-password-dialog.tsx';

const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const AVATAR_MAX_BYTES = 5_242_880;
const FIELDS = ['first_name', 'last_name', 'phone', 'company', 'vat', 'description'] as const;
const LABELS: Record<(typeof FIELDS)[number], string> = {
  first_name: 'fields.firstName',
  last_name: 'fields.lastName',
  phone: 'fields.phone',
  company: 'fields.company',
  vat: 'fields.vat',
  description: 'fields.description',
};

const formValuesOf = (user: User): ProfileFields => Object.fromEntries(FIELDS.map((name) => [name, user[name]])) as ProfileFields;

/** /profile (SPEC §2, §4 "Profile"): view, then Edit, then Save or Cancel; avatar; change-password dialog. */
export function ProfilePage() {
  const { t } = useTranslation('profile');
  const { t: tc } = useTranslation('common');
  const { t: tu } = useTranslation('users');
  const describe = useErrorMessage();
  const profile = useProfile();
  const updateProfile = useUpdateProfile();
  const changeAvatar = useChangeAvatar();
  const [editing, setEditing] = useState(false);
  const [avatarFile, setAvatarFile] = useState<File | null>(null);
  const [avatarPreview, setAvatarPreview] = useState<string | null>(null);
  const [changingPassword, setChangingPassword] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ProfileFields>({ resolver: zodResolver(profileFieldsSchema), reValidateMode: 'onSubmit' });
  const { field, showServerErrors } = useFormFields(form);

  useEffect(() => {
    if (profile.data && !editing) form.reset(formValuesOf(profile.data));
  }, [profile.data, editing, form]);

  // The preview's object URL is released when it is replaced or the page closes.
  useEffect(() => () => void (avatarPreview && URL.revokeObjectURL(avatarPreview)), [avatarPreview]);

  if (profile.isPending) return <Spinner />;
  if (!profile.data)
    return <MessageDialog opened tone="error" title={t('errorTitle')} message={describe(profile.error)} onAccept={() => void profile.refetch()} />;
  const user = profile.data;

  const chooseAvatar = (file: File | null) => {
    if (!file) return;
    if (!AVATAR_TYPES.includes(file.type)) return setFailure(describe(new ApiError(422, 'UNSUPPORTED_IMAGE', '')));
    if (file.size > AVATAR_MAX_BYTES) return setFailure(describe(new ApiError(413, 'PAYLOAD_TOO_LARGE', '')));
    setAvatarFile(file);
    setAvatarPreview(URL.createObjectURL(file));
  };

  // Cancel restores the loaded data and drops the avatar preview (SPEC §4).
  const cancel = () => {
    form.reset(formValuesOf(user));
    setAvatarFile(null);
    setAvatarPreview(null);
    setEditing(false);
  };

  const save = form.handleSubmit(async (values) => {
    try {
      await updateProfile.mutateAsync(values);
      if (avatarFile) await changeAvatar.mutateAsync(avatarFile);
      setAvatarFile(null);
      setAvatarPreview(null);
      setEditing(false);
      notifications.show({ color: 'teal', message: t('saved') });
    } catch (error) {
      // A refusal of the fields is theirs to show, even one naming none of them.
      if (showServerErrors(error) || (error instanceof ApiError && error.code === 'VALIDATION_FAILED')) return;
      setFailure(describe(error));
    }
  });

  // A refusal naming a field (a wrong current password) goes back to the dialog, which shows it there.
  const changePassword = async ({ currentPassword, password }: { currentPassword: string; password: string }) => {
    let passwordChanged: boolean | null;
    try {
      ({ passwordChanged } = await updateProfile.mutateAsync({ password, currentPassword }));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'VALIDATION_FAILED' && Object.keys(error.details).length > 0) throw error;
      setFailure(describe(error));
      return;
    }
    setChangingPassword(false);
    if (passwordChanged === false) setFailure(t('password.partial'));
    else notifications.show({ color: 'teal', message: t('password.changed') });
  };

  return (
    <>
      <PageHeading
        title={t('title')}
        description={t('description')}
        action={
          !editing && (
            <Group>
              <Button variant="default" onClick={() => setChangingPassword(true)}>
                {t('password.open')}
              </Button>
              <Button onClick={() => setEditing(true)}>{t('edit')}</Button>
            </Group>
          )
        }
      />

      <Paper withBorder radius="md" p="lg">
        <Group align="flex-start" gap="xl" wrap="wrap">
          <Stack align="center" gap="xs" w={180}>
            <Avatar src={avatarPreview ?? user.avatar_url} alt={t('avatar.alt')} size={128} radius={128}>
              {(user.first_name || user.email).slice(0, 1).toUpperCase()}
            </Avatar>
            {editing && (
              <>
                <FileButton onChange={chooseAvatar} accept={AVATAR_TYPES.join(',')}>
                  {(props) => (
                    <Button {...props} variant="default" size="xs">
                      {t('avatar.change')}
                    </Button>
                  )}
                </FileButton>
                <Text size="xs" c="dimmed" ta="center">
                  {t('avatar.help')}
                </Text>
              </>
            )}
          </Stack>

          <div style={{ flex: 1, minWidth: 280 }}>
            {editing ? (
              <form onSubmit={save} noValidate>
                <Stack gap="sm">
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                    {FIELDS.filter((name) => name !== 'description').map((name) => (
                      <LabelledField key={name} label={t(LABELS[name])} required type={name === 'phone' ? 'tel' : 'text'} {...field(name)} />
                    ))}
                    <LabelledField label={t('fields.email')} name="email" value={user.email} disabled helperText={t('emailHelp')} />
                  </SimpleGrid>
                  <LabelledField label={t('fields.description')} multiline {...field('description')} />
                  <Group justify="flex-end">
                    <Button variant="default" onClick={cancel} disabled={updateProfile.isPending || changeAvatar.isPending}>
                      {t('cancel')}
                    </Button>
                    <Button type="submit" loading={updateProfile.isPending || changeAvatar.isPending}>
                      {t('save')}
                    </Button>
                  </Group>
                </Stack>
              </form>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" component="dl" m={0}>
                {[
                  ...FIELDS.map((name) => ({ label: t(LABELS[name]), value: user[name] })),
                  { label: t('fields.email'), value: user.email },
                  { label: t('fields.role'), value: tu(`roles.${user.role}`) },
                  { label: t('fields.language'), value: tc(`language.${user.language}`) },
                ].map((item) => (
                  <div key={item.label}>
                    <Text component="dt" size="sm" c="dimmed">
                      {item.label}
                    </Text>
                    {/* A field not filled in reads as such (dimmed, in italics), not as a value. */}
                    <Text component="dd" m={0} style={{ whiteSpace: 'pre-wrap' }} c={item.value ? undefined : 'dimmed'} fs={item.value ? undefined : 'italic'}>
                      {item.value || t('empty')}
                    </Text>
                  </div>
                ))}
              </SimpleGrid>
            )}
          </div>
        </Group>
      </Paper>

      <ChangePasswordDialog opened={changingPassword} saving={updateProfile.isPending} onSubmit={changePassword} onClose={() => setChangingPassword(false)} />
      <MessageDialog opened={failure !== null} tone="error" title={t('errorTitle')} message={failure ?? undefined} onAccept={() => setFailure(null)} />
    </>
  );
}
