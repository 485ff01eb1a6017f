import { Alert, Badge, Button, CopyButton, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language, toLanguage } from '../../../../domain/languages.ts';
import type { ProjectSummary } from '../../../../domain/project.ts';
import { type CreatedReviewLink, REVIEW_LINK_DAYS, type ReviewLink, type ReviewLinkStatus } from '../../../../domain/review-link.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { useErrorMessage } from '../../../lib/use-error-message.ts';
import { useFormFields } from '../../../lib/use-form-fields.ts';
import { LabelledField } from '../../../ui/labelled-field.tsx';
import { useCreateReviewLink, useReviewLinks, useRevokeReviewLink } from '../api/review-links.ts';
import { personName } from '../person-name.ts';

const STATUS_COLORS: Record<ReviewLinkStatus, string> = { active: 'teal', expired: 'gray', revoked: 'red', used: 'blue' };

interface LinkForm {
  email: string;
  language: Language;
  days: string;
}

/**
 * A project's review links (issue 25 item 4, decision 043): make one for someone without an account, sent
 * by e-mail or copied, and see and revoke the ones made. Its address is shown once, when it is made.
 */
export function ReviewLinksDialog({ project, onClose }: { project: ProjectSummary | null; onClose: () => void }) {
  const { t } = useTranslation('projects');
  const opened = project !== null;
  return (
    <Modal opened={opened} onClose={onClose} title={t('reviewLinks.title')} size="lg" centered>
      {project && <ReviewLinksContent key={project.id} project={project} />}
    </Modal>
  );
}

function ReviewLinksContent({ project }: { project: ProjectSummary }) {
  const { t, i18n } = useTranslation('projects');
  const describe = useErrorMessage('first');
  const links = useReviewLinks(project.id);
  const create = useCreateReviewLink(project.id);
  const revoke = useRevokeReviewLink(project.id);
  const [created, setCreated] = useState<CreatedReviewLink | null>(null);
  const form = useForm<LinkForm>({ defaultValues: { email: '', language: toLanguage(i18n.language) ?? 'es', days: String(REVIEW_LINK_DAYS.default) } });
  const { field, showServerErrors, showProblem } = useFormFields(form);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.handleSubmit((values) => {
    setFailure(null);
    const email = values.email.trim();
    create.mutate(
      { language: values.language, expires_in_days: Number(values.days), ...(email ? { email } : {}) },
      {
        onSuccess: (answer) => {
          setCreated(answer);
          form.reset({ ...values, email: '' });
        },
        onError: (error) => {
          // The server's field keys go on their fields (the days field is `expires_in_days` there).
          const details = error instanceof ApiError ? error.details : {};
          if (details.expires_in_days) showProblem('days', details.expires_in_days);
          if (!showServerErrors(error) && !details.expires_in_days) setFailure(describe(error));
        },
      },
    );
  });

  return (
    <Stack gap="md">
      <Text size="sm">{t('reviewLinks.intro', { title: project.title })}</Text>
      <form onSubmit={submit} noValidate aria-label={t('reviewLinks.create')}>
        <Stack gap="sm">
          <LabelledField label={t('reviewLinks.email')} type="email" autoComplete="off" helperText={t('reviewLinks.emailHelp')} {...field('email')} />
          <Group grow align="flex-start" wrap="wrap">
            <NativeSelect
              label={t('reviewLinks.language')}
              data={LANGUAGES.map((language) => ({ value: language, label: t(`common:language.${language}`) }))}
              {...form.register('language')}
            />
            <LabelledField label={t('reviewLinks.days')} type="number" min={1} required {...field('days')} />
          </Group>
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending}>
              {t('reviewLinks.create')}
            </Button>
          </Group>
        </Stack>
      </form>

      {created && <CreatedLink created={created} />}

      <Stack gap="xs" component="section" aria-label={t('reviewLinks.listTitle')}>
        <Text fw={600} size="sm">
          {t('reviewLinks.listTitle')}
        </Text>
        {links.isPending ? (
          <Text size="sm" c="dimmed">
            {t('reviewLinks.loading')}
          </Text>
        ) : links.isError ? (
          <Alert color="red" variant="light">
            {describe(links.error)}
          </Alert>
        ) : links.data.links.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('reviewLinks.none')}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {links.data.links.map((link) => (
              <LinkRow key={link.id} link={link} revoking={revoke.isPending && revoke.variables === link.id} onRevoke={() => revoke.mutate(link.id)} />
            ))}
          </Stack>
        )}
        {revoke.isError && (
          <Alert color="red" variant="light" role="alert">
            {describe(revoke.error)}
          </Alert>
        )}
      </Stack>
    </Stack>
  );
}

function CreatedLink({ created }: { created: CreatedReviewLink }) {
  const { t } = useTranslation('projects');
  return (
    <Alert color={created.emailed || !created.link.email ? 'teal' : 'yellow'} variant="light" role="status">
      <Stack gap="xs">
        <Text size="sm">
          {created.emailed
            ? t('reviewLinks.emailed', { email: created.link.email })
            : created.link.email
              ? t('reviewLinks.notEmailed', { email: created.link.email })
              : t('reviewLinks.copyIt')}
        </Text>
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput label={t('reviewLinks.address')} value={created.url} readOnly flex={1} onFocus={(event) => event.currentTarget.select()} />
          <CopyButton value={created.url}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy}>
                {copied ? t('reviewLinks.copied') : t('reviewLinks.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Alert>
  );
}

function LinkRow({ link, revoking, onRevoke }: { link: ReviewLink; revoking: boolean; onRevoke: () => void }) {
  const { t } = useTranslation('projects');
  return (
    <Group component="li" justify="space-between" wrap="wrap" gap="xs" py={4} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Stack gap={0}>
        <Text size="sm">
          {link.email ?? t('reviewLinks.noEmail')} · {t(`common:language.${link.language}`)}
        </Text>
        <Text size="xs" c="dimmed">
          {t('reviewLinks.made', { date: formatDate(link.created_at), name: personName(link.created_by) || '—' })} ·{' '}
          {t('reviewLinks.expires', { date: formatDate(link.expires_at) })}
        </Text>
      </Stack>
      <Group gap="xs">
        <Badge color={STATUS_COLORS[link.status]} variant="light" tt="none">
          {t(`reviewLinks.status.${link.status}`)}
        </Badge>
        {link.status === 'active' && (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            loading={revoking}
            onClick={onRevoke}
            aria-label={t('reviewLinks.revokeNamed', { email: link.email ?? t('reviewLinks.noEmail') })}
          >
            {t('reviewLinks.revoke')}
          </Button>
        )}
      </Group>
    </Group>
  );
}
