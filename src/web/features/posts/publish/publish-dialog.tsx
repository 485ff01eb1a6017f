import { Alert, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { POST_NETWORKS, type Post } from '../../../../domain/post.ts';
import { NETWORK_NAMES } from '../../../../domain/social.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDate, parseDisplayedDay } from '../../../lib/format-date.ts';
import { useSession } from '../../../lib/session.ts';
import { useErrorMessage } from '../../../lib/use-error-message.ts';
import { postAccountsQueryKey, usePostAccounts } from '../api/get-post-accounts.ts';
import { useSchedulePost } from '../api/schedule-post.ts';
import { type PublishChoice, changeDate, isUsableDate, publishRules } from './publish-rules.ts';

export interface PublishDialogProps {
  opened: boolean;
  post: Post | null;
  /** The studio's today (YYYY-MM-DD), from the server: the browser's clock may be in another day. */
  today: string;
  onClose: () => void;
}

/** SPEC §5 "Publish configuration": the day and the networks, on the owner's accounts. */
export function PublishDialog({ opened, post, today, onClose }: PublishDialogProps) {
  const { t } = useTranslation('posts');
  return (
    <Modal opened={opened} onClose={onClose} title={t('publish.title')} centered>
      {post && <PublishForm key={`${post.id}-${String(opened)}`} post={post} today={today} onClose={onClose} />}
    </Modal>
  );
}

/** The post's own schedule when it has one still ahead, otherwise today. */
function initialChoice(post: Post, today: string): PublishChoice {
  if (post.publish_on && isUsableDate(post.publish_on, today)) return { date: post.publish_on, networks: post.networks };
  return { date: today, networks: post.networks };
}

function PublishForm({ post, today, onClose }: { post: Post; today: string; onClose: () => void }) {
  const { t } = useTranslation('posts');
  const { t: tv } = useTranslation('validation');
  const describe = useErrorMessage();
  const queryClient = useQueryClient();
  const { data: viewer } = useSession();
  const accounts = usePostAccounts(post.id);
  const schedule = useSchedulePost();
  const [choice, setChoice] = useState<PublishChoice>(() => initialChoice(post, today));
  const [serverErrors, setServerErrors] = useState<{ date?: string; networks?: string; form?: string }>({});
  const rules = publishRules({ choice, today, text: post.text, accounts: accounts.data, busy: accounts.isPending || schedule.isPending });

  const destinations = POST_NETWORKS.filter((network) => rules.chosen[network]).map((network) =>
    t('publish.accountOf', { name: accounts.data?.[network].name ?? NETWORK_NAMES[network], network: NETWORK_NAMES[network] }),
  );
  const ownerIsSomeoneElse = post.owner !== null && viewer !== undefined && viewer !== null && post.owner.id !== viewer.id;

  const changeDay = (day: string) => {
    setChoice(changeDate(choice, day, today));
    setServerErrors({});
  };

  const confirm = () => {
    if (rules.confirmDisabled) return;
    const input = rules.schedule;
    setServerErrors({});
    schedule.mutate({ id: post.id, schedule: input }, {
      onSuccess: () => {
        const message = input.publish_on === null ? t('publish.unscheduled') : input.publish_on === today ? t('publish.publishingNow') : t('publish.scheduled', { date: formatDate(input.publish_on) });
        notifications.show({ color: 'teal', message });
        onClose();
      },
      onError: (error) => {
        // The owner disconnected a network meanwhile: read the accounts again so its checkbox says so.
        if (error instanceof ApiError && error.code === 'SOCIAL_NOT_CONNECTED') void queryClient.invalidateQueries({ queryKey: postAccountsQueryKey(post.id) });
        setServerErrors(refusalOf(error, tv, describe));
      },
    });
  };

  return (
    <Stack gap="md">
      <DateInput
        label={t('publish.date')}
        name="publish_on"
        valueFormat="DD-MM-YYYY"
        dateParser={parseDisplayedDay}
        placeholder={t('publish.datePlaceholder')}
        minDate={today}
        value={choice.date || null}
        onChange={(day) => changeDay(day ?? '')}
        // DateInput ignores a typed day before minDate; it is taken here so the rules can refuse it aloud.
        onInput={(event) => {
          const typed = parseDisplayedDay(event.currentTarget.value);
          if (typed !== null && typed < today) changeDay(typed);
        }}
        clearable
        clearButtonProps={{ 'aria-label': t('publish.clearDate') }}
        previousLabel={t('publish.calendarPrevious')}
        nextLabel={t('publish.calendarNext')}
        error={(rules.dateProblem ? tv(rules.dateProblem) : serverErrors.date) || undefined}
        description={rules.dateProblem || serverErrors.date ? undefined : t('publish.todayNotice')}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        disabled={schedule.isPending}
      />
      <Stack gap="xs" role="group" aria-label={t('publish.networks')}>
        <Text fw={500} size="sm">{t('publish.networks')}</Text>
        {POST_NETWORKS.map((network) => (
          <Group key={network} gap="sm" wrap="nowrap">
            <Checkbox
              label={NETWORK_NAMES[network]}
              checked={rules.chosen[network]}
              disabled={rules.checkboxDisabled[network]}
              onChange={(event) => setChoice({ ...choice, networks: { ...choice.networks, [network]: event.currentTarget.checked } })}
            />
            {rules.notConnected[network] && <Text size="sm" c="red">{t(network === 'instagram' ? 'publish.noInstagramConnection' : 'publish.noLinkedInConnection')}</Text>}
            {network === 'instagram' && !rules.notConnected.instagram && rules.instagramTextProblem && <Text size="sm" c="red">{tv(rules.instagramTextProblem)}</Text>}
          </Group>
        ))}
        {accounts.isPending && <Text size="xs" c="dimmed">{t('publish.checkingAccounts')}</Text>}
        {serverErrors.networks && <Text size="sm" c="red">{serverErrors.networks}</Text>}
      </Stack>
      {accounts.isError && <Alert color="red" variant="light" role="alert">{t('publish.accountsFailed', { message: describe(accounts.error) })}</Alert>}
      {destinations.length > 0 && <Text size="sm" data-testid="publish-destination">{t('publish.destination', { accounts: destinations.join(', ') })}</Text>}
      {ownerIsSomeoneElse && post.owner && <Text size="xs" c="dimmed">{t('publish.ownerAccounts', { name: `${post.owner.first_name} ${post.owner.last_name}`.trim() || post.owner.email })}</Text>}
      {rules.publishesNow && destinations.length > 0 && <Alert color="blue" variant="light">{t('publish.publishesNow')}</Alert>}
      {serverErrors.form && <Alert color="red" variant="light" role="alert">{serverErrors.form}</Alert>}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={schedule.isPending}>{t('common:actions.cancel')}</Button>
        <Button onClick={confirm} loading={schedule.isPending} disabled={rules.confirmDisabled}>{t('common:actions.confirm')}</Button>
      </Group>
    </Stack>
  );
}

/** The server's refusal: its details (`validation` keys) on the date, the networks, or for the form. */
function refusalOf(error: unknown, tv: (key: string) => string, describe: (error: unknown) => string) {
  const details = error instanceof ApiError ? error.details : {};
  const { publish_on: date, networks, ...others } = details;
  const rest = Object.values(others).map((key) => tv(key));
  return {
    date: date ? tv(date) : undefined,
    networks: networks ? tv(networks) : undefined,
    form: rest.length > 0 ? rest.join(' ') : date || networks ? undefined : describe(error),
  };
}
