import { Alert, Anchor, Button, Group, Modal, Radio, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { APPROVAL_MODES } from '../../../domain/approval.ts';
import { LANGUAGES } from '../../../domain/languages.ts';
import { ROLES } from '../../../domain/roles.ts';
import { type UpdateUser, type User, createUserSchema } from '../../../domain/user.ts';
import { useFormFields } from '../../lib/use-form-fields.ts';
import { LabelledField } from '../../ui/labelled-field.tsx';

const editUserSchema = createUserSchema.omit({ email: true, password: true });
type CreateValues = z.input<typeof createUserSchema>;

export interface UserFormModalProps {
  opened: boolean;
  /** The user being edited; none to create one. */
  user?: User;
  /**
   * The user being edited is the administrator using the form: their role and active flag are not
   * offered (the server refuses them too, OWN_ACCOUNT); one's own account is edited in Profile (issue 29).
   */
  ownAccount?: boolean;
  saving: boolean;
  /** The server's refusal, to show on its fields. */
  serverError?: unknown;
  onCreate: (values: z.output<typeof createUserSchema>) => void;
  onUpdate: (id: string, changes: UpdateUser) => void;
  onClose: () => void;
}

const EMPTY: CreateValues = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  role: 'customer',
  password: '',
  company: '',
  vat: '',
  description: '',
  language: 'es',
  active: true,
  approval: 'none',
};

/** The create and edit form of SPEC §5 "User form": the e-mail is locked and the password absent on edit. */
export function UserFormModal({ opened, user, ownAccount = false, saving, serverError, onCreate, onUpdate, onClose }: UserFormModalProps) {
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation('common');
  const editing = user !== undefined;
  const own = editing && ownAccount;
  const form = useForm<CreateValues>({
    resolver: zodResolver(editing ? (editUserSchema as unknown as typeof createUserSchema) : createUserSchema),
    defaultValues: EMPTY,
    reValidateMode: 'onSubmit',
  });

  useEffect(() => {
    if (!opened) return;
    form.reset(user ? { ...EMPTY, ...user, password: '' } : EMPTY);
  }, [opened, user, form]);

  const { field, errorOf } = useFormFields(form, serverError);
  const { dirtyFields } = form.formState;

  // Only a customer has an approval mode (decision 040): for another role it is neither shown nor sent.
  const isCustomer = form.watch('role') === 'customer';

  const submit = form.handleSubmit((values) => {
    if (!editing) return onCreate(createUserSchema.parse(values.role === 'customer' ? values : { ...values, approval: 'none' }));
    const parsed = editUserSchema.parse(values);
    const offered = (key: string) => !(own && (key === 'role' || key === 'active')) && !(key === 'approval' && values.role !== 'customer');
    const changes = Object.fromEntries(Object.entries(parsed).filter(([key]) => offered(key) && dirtyFields[key as keyof CreateValues])) as UpdateUser;
    onUpdate(user.id, changes);
  });

  return (
    <Modal opened={opened} onClose={onClose} title={editing ? t('form.editTitle') : t('form.createTitle')} size="lg" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {own && (
            <Alert color="gray" variant="light">
              <Text size="sm">{t('form.ownAccount')}</Text>
              <Anchor component={Link} to="/profile" size="sm" fw={600}>
                {t('form.ownAccountLink')}
              </Anchor>
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <LabelledField label={t('form.firstName')} required autoComplete="off" {...field('first_name')} />
            <LabelledField label={t('form.lastName')} required autoComplete="off" {...field('last_name')} />
            <LabelledField
              label={t('form.email')}
              type="email"
              required
              disabled={editing}
              helperText={editing ? t('form.emailLocked') : undefined}
              autoComplete="off"
              {...field('email')}
            />
            <LabelledField label={t('form.phone')} type="tel" required autoComplete="off" {...field('phone')} />
            <LabelledField label={t('form.company')} autoComplete="off" {...field('company')} />
            <LabelledField label={t('form.vat')} autoComplete="off" {...field('vat')} />
            <Controller
              control={form.control}
              name="role"
              render={({ field: roleField }) => (
                <Select
                  label={t('form.role')}
                  required
                  withAsterisk
                  disabled={own}
                  allowDeselect={false}
                  data={ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
                  value={roleField.value}
                  onChange={(value) => roleField.onChange(value)}
                  error={errorOf('role')}
                  comboboxProps={{ withinPortal: true }}
                />
              )}
            />
            <Controller
              control={form.control}
              name="language"
              render={({ field: languageField }) => (
                <Select
                  label={t('form.language')}
                  allowDeselect={false}
                  data={LANGUAGES.map((language) => ({ value: language, label: tc(`language.${language}`) }))}
                  value={languageField.value}
                  onChange={(value) => languageField.onChange(value)}
                  comboboxProps={{ withinPortal: true }}
                />
              )}
            />
          </SimpleGrid>
          <LabelledField label={t('form.description')} multiline {...field('description')} />
          {isCustomer && (
            <Controller
              control={form.control}
              name="approval"
              render={({ field: approvalField }) => (
                <Radio.Group
                  label={t('form.approval')}
                  description={t('form.approvalHelp')}
                  value={approvalField.value ?? 'none'}
                  onChange={(value) => approvalField.onChange(value)}
                  error={errorOf('approval')}
                >
                  <Stack gap="xs" mt="xs">
                    {APPROVAL_MODES.map((mode) => (
                      <Radio key={mode} value={mode} label={t(`approval.${mode}.label`)} description={t(`approval.${mode}.help`)} />
                    ))}
                  </Stack>
                </Radio.Group>
              )}
            />
          )}
          {editing ? (
            <Controller
              control={form.control}
              name="active"
              render={({ field: activeField }) => (
                <Switch
                  label={t('form.active')}
                  description={t('form.activeHelp')}
                  disabled={own}
                  checked={activeField.value ?? true}
                  onChange={(event) => activeField.onChange(event.currentTarget.checked)}
                />
              )}
            />
          ) : (
            <LabelledField
              label={t('form.password')}
              type="password"
              required
              autoComplete="new-password"
              helperText={t('form.passwordHelp')}
              {...field('password')}
            />
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} disabled={saving}>
              {tc('actions.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {editing ? t('form.save') : t('form.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
