import { Alert, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { DateInput, TimePicker } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Post, PostNetwork } from '../../../../domain/post.ts';
import { LOCK_MARGIN_MINUTES, POST_NETWORKS, PUBLISH_TIME_STEP_MINUTES, factsToConfirm } from '../../../../domain/post-rules.ts';
import { NETWORK_NAMES } from '../../../../domain/social-networks.ts';
import type { StudioClock } from '../../../../domain/studio-time.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDate, parseDisplayedDay } from '../../../lib/format-date.ts';
import { useTimeOfDay } from '../../../lib/format-time.ts';
import { useSession } from '../../../lib/session.ts';
import { useErrorMessage } from '../../../lib/use-error-message.ts';
import { useValidationMessage } from '../../../lib/validation-message.ts';
import { DatesLanguage } from '../../../ui/dates-language.tsx';
import { postAccountsQueryKey, usePostAccounts } from '../api/get-post-accounts.ts';
import { useQueuePost } from '../api/queue-post.ts';
import { useSchedulePost } from '../api/schedule-post.ts';
import { type StudioMoment, isBefore, studioNow } from '../studio-clock.ts';
import { FactsNotice } from '../facts/facts-notice.tsx';
import { latestPerNetwork } from '../list/post-notices.tsx';
import { RepublishChoice } from './republish-choice.tsx';
import { NO_NETWORKS, type Networks, type PublishChoice, changeDate, defaultTimeOf, isUsableDate, publishRules } from './publish-rules.ts';

export interface PublishDialogProps {
  opened: boolean;
  post: Post | null;
  /** The studio's clock from the server (the browser's may be in another zone, or not the app's). */
  clock: StudioClock | undefined;
  /** When the clock was read (the browser's ms): it moves on from there. */
  clockReadAt: number;
  /** `queue` asks only for the networks: the day and time are the owner's next free weekly slot. */
  mode?: 'publish' | 'queue';
  onClose: () => void;
}

/** What a network's checkbox says when the owner has not connected it (posts `publish.*`). */
const NOT_CONNECTED_KEYS: Record<PostNetwork, string> = {
  instagram: 'publish.noInstagramConnection',
  linkedin: 'publish.noLinkedInConnection',
  facebook: 'publish.noFacebookConnection',
};

/** SPEC §5 "Publish configuration": the day, the time and the networks, on the owner's accounts; or the weekly queue. */
export function PublishDialog({ opened, post, clock, clockReadAt, mode = 'publish', onClose }: PublishDialogProps) {
  const { t } = useTranslation('posts');
  return (
    // Wide enough for "Add to queue", Cancel and Confirm on one line.
    <Modal opened={opened} onClose={onClose} title={mode === 'queue' ? t('queue.title') : t('publish.title')} centered size={480}>
      {post && clock && (
        // The date picker names months and weekdays in the interface language.
        <DatesLanguage>
          <PublishForm
            key={`${post.id}-${String(opened)}`}
            post={post}
            now={studioNow(clock, clockReadAt)}
            defaultTime={clock.default_time}
            mode={mode}
            onClose={onClose}
          />
        </DatesLanguage>
      )}
    </Modal>
  );
}

/** The post's own schedule when it has one still ahead, otherwise today at the current time. */
function initialChoice(post: Post, now: StudioMoment, defaultTime: string): PublishChoice {
  if (post.publish_on && post.publish_time && isUsableDate(post.publish_on, now.day) && isBefore(now, { day: post.publish_on, time: post.publish_time })) {
    return { date: post.publish_on, time: post.publish_time, timeChosen: true, networks: post.networks };
  }
  return { date: now.day, time: defaultTimeOf(now.day, now, defaultTime), timeChosen: false, networks: post.networks };
}

type Refusal = { date?: string; time?: string; networks?: string; form?: string };

function PublishForm({
  post,
  now,
  defaultTime,
  mode,
  onClose,
}: {
  post: Post;
  now: StudioMoment;
  defaultTime: string;
  mode: 'publish' | 'queue';
  onClose: () => void;
}) {
  const { t } = useTranslation('posts');
  const validation = useValidationMessage();
  const describe = useErrorMessage();
  const { format, atTime } = useTimeOfDay();
  const queryClient = useQueryClient();
  const { data: viewer } = useSession();
  const accounts = usePostAccounts(post.id);
  const schedule = useSchedulePost();
  const queue = useQueuePost();
  const busy = schedule.isPending || queue.isPending;
  const [choice, setChoice] = useState<PublishChoice>(() => initialChoice(post, now, defaultTime));
  const [serverErrors, setServerErrors] = useState<Refusal>({});
  // A network that has the post from an earlier round is chosen again only with its own yes (decision 028).
  const [republish, setRepublish] = useState<Networks>(NO_NETWORKS);
  // The queue gives the day and time: only the networks count, as if for a day that can take them.
  const rules = publishRules({
    choice: mode === 'queue' ? { ...choice, date: now.day, time: now.time } : choice,
    now,
    text: post.text,
    accounts: accounts.data,
    busy: accounts.isPending || busy,
  });

  const destinations = POST_NETWORKS.filter((network) => rules.chosen[network]).map((network) =>
    t('publish.accountOf', { name: accounts.data?.[network].name ?? NETWORK_NAMES[network], network: NETWORK_NAMES[network] }),
  );
  const earlier = new Map(
    latestPerNetwork(post.published_before)
      .filter((publication) => !post.networks[publication.network])
      .map((publication) => [publication.network, publication]),
  );
  const needsYes = POST_NETWORKS.filter((network) => rules.chosen[network] && earlier.has(network) && !republish[network]);
  const confirmedAgain = POST_NETWORKS.filter((network) => rules.chosen[network] && earlier.has(network) && republish[network]);
  const republishInput = confirmedAgain.length > 0 ? { republish: Object.fromEntries(confirmedAgain.map((network) => [network, true])) } : {};
  // The facts the chosen networks' texts state that the project does not hold: read and confirmed, or no schedule (issue 24).
  const [factsConfirmed, setFactsConfirmed] = useState(false);
  const schedules = mode === 'queue' || (choice.date !== '' && !rules.dateProblem);
  const factsAsked = rules.anyChosen && schedules ? factsToConfirm(post, rules.chosen) : [];
  const factsInput = factsAsked.length > 0 && factsConfirmed ? { confirm_facts: true } : {};
  const blocked = needsYes.length > 0 || (factsAsked.length > 0 && !factsConfirmed);
  // The blue notice below says "at once" when it applies; the field's own line says what choosing today means.
  const dateNotice =
    rules.dateProblem || serverErrors.date || (rules.publishesNow && destinations.length > 0)
      ? undefined
      : choice.date === now.day && !rules.publishesNow && !rules.timeProblem
        ? t('publish.todayLater', { at: atTime(choice.time) })
        : t('publish.todayNotice');
  const ownerIsSomeoneElse = post.owner !== null && viewer !== undefined && viewer !== null && post.owner.id !== viewer.id;

  const changeDay = (day: string) => {
    setChoice(changeDate(choice, day, now, defaultTime));
    setServerErrors({});
  };
  const refused = (error: unknown) => {
    // The owner disconnected a network meanwhile: read the accounts again so its checkbox says so.
    if (error instanceof ApiError && error.code === 'SOCIAL_NOT_CONNECTED') void queryClient.invalidateQueries({ queryKey: postAccountsQueryKey(post.id) });
    setServerErrors(refusalOf(error, validation, describe));
  };

  const confirm = () => {
    if (rules.confirmDisabled || blocked) return;
    const input = rules.schedule.publish_on === null ? rules.schedule : { ...rules.schedule, ...republishInput, ...factsInput };
    setServerErrors({});
    schedule.mutate(
      { id: post.id, schedule: input },
      {
        onSuccess: (saved) => {
          const message =
            input.publish_on === null
              ? t('publish.unscheduled')
              : rules.publishesNow
                ? t('publish.publishingNow')
                : t('publish.scheduledAt', {
                    date: formatDate(saved.publish_on ?? input.publish_on),
                    at: atTime(saved.publish_time ?? input.publish_time ?? ''),
                  });
          notifications.show({ color: 'teal', message });
          onClose();
        },
        onError: refused,
      },
    );
  };
  const addToQueue = () => {
    if (!rules.anyChosen || busy || blocked) return;
    setServerErrors({});
    queue.mutate(
      { id: post.id, queue: { networks: rules.chosen, ...republishInput, ...factsInput } },
      {
        onSuccess: (queued) => {
          notifications.show({ color: 'teal', message: t('queue.done', { date: formatDate(queued.publish_on ?? ''), at: atTime(queued.publish_time ?? '') }) });
          onClose();
        },
        onError: refused,
      },
    );
  };

  return (
    <Stack gap="md">
      {mode === 'publish' ? (
        <>
          <DateInput
            label={t('publish.date')}
            name="publish_on"
            valueFormat="DD-MM-YYYY"
            dateParser={parseDisplayedDay}
            placeholder={t('publish.datePlaceholder')}
            minDate={now.day}
            value={choice.date || null}
            onChange={(day) => changeDay(day ?? '')}
            // DateInput ignores a typed day before minDate; it is taken here so the rules can refuse it aloud.
            onInput={(event) => {
              const typed = parseDisplayedDay(event.currentTarget.value);
              if (typed !== null && typed < now.day) changeDay(typed);
            }}
            clearable
            clearButtonProps={{ 'aria-label': t('publish.clearDate') }}
            previousLabel={t('publish.calendarPrevious')}
            nextLabel={t('publish.calendarNext')}
            error={(rules.dateProblem ? validation(rules.dateProblem) : serverErrors.date) || undefined}
            description={dateNotice}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            disabled={busy}
          />
          <TimePicker
            label={t('publish.time')}
            name="publish_time"
            format={format}
            withDropdown
            minutesStep={PUBLISH_TIME_STEP_MINUTES}
            value={choice.time}
            onChange={(time) => {
              setChoice({ ...choice, time, timeChosen: true });
              setServerErrors({});
            }}
            hoursInputLabel={t('publish.hours')}
            minutesInputLabel={t('publish.minutes')}
            amPmInputLabel={t('publish.amPm')}
            error={(rules.timeProblem ? validation(rules.timeProblem) : serverErrors.time) || undefined}
            description={t('publish.lockNotice', { minutes: LOCK_MARGIN_MINUTES })}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            disabled={busy || choice.date === '' || rules.dateProblem !== undefined}
          />
        </>
      ) : (
        <Text size="sm">{t('queue.explanation', { minutes: LOCK_MARGIN_MINUTES })}</Text>
      )}
      {/* The red texts are red.8: Mantine's default red is below 4.5:1 on white at this size. */}
      <Stack gap="xs" role="group" aria-label={t('publish.networks')}>
        <Text fw={500} size="sm">
          {t('publish.networks')}
        </Text>
        {rules.offered.map((network) => (
          <Fragment key={network}>
            <Group gap="sm" wrap="nowrap">
              <Checkbox
                label={NETWORK_NAMES[network]}
                checked={rules.chosen[network]}
                disabled={rules.checkboxDisabled[network]}
                onChange={(event) => setChoice({ ...choice, networks: { ...choice.networks, [network]: event.currentTarget.checked } })}
              />
              {rules.notConnected[network] && (
                <Text size="sm" c="red.8">
                  {t(NOT_CONNECTED_KEYS[network]!)}
                </Text>
              )}
              {network === 'instagram' && !rules.notConnected.instagram && rules.instagramTextProblem && (
                <Text size="sm" c="red.8">
                  {validation(rules.instagramTextProblem)}
                </Text>
              )}
            </Group>
            {earlier.has(network) && (
              <RepublishChoice
                publication={earlier.get(network)!}
                chosen={rules.chosen[network]}
                confirmed={republish[network]}
                disabled={busy}
                onConfirm={(confirmed) => setRepublish({ ...republish, [network]: confirmed })}
              />
            )}
          </Fragment>
        ))}
        {accounts.isPending && (
          <Text size="xs" c="dimmed">
            {t('publish.checkingAccounts')}
          </Text>
        )}
        {serverErrors.networks && (
          <Text size="sm" c="red.8">
            {serverErrors.networks}
          </Text>
        )}
        {needsYes.map((network) => (
          <Text key={network} size="sm" c="red.8">
            {t('publish.needsRepublishYes', { network: NETWORK_NAMES[network] })}
          </Text>
        ))}
        {!rules.anyChosen && !busy && !accounts.isPending && (mode === 'queue' || (choice.date !== '' && !rules.dateProblem)) && (
          <Text size="sm" c="dimmed" data-testid="publish-needs-network">
            {t('publish.needsNetwork')}
          </Text>
        )}
      </Stack>
      <FactsNotice facts={factsAsked} confirm={{ confirmed: factsConfirmed, onChange: setFactsConfirmed, disabled: busy }} />
      {accounts.isError && (
        <Alert color="red" variant="light" role="alert">
          {t('publish.accountsFailed', { message: describe(accounts.error) })}
        </Alert>
      )}
      {destinations.length > 0 && (
        <Text size="sm" data-testid="publish-destination">
          {t('publish.destination', { accounts: destinations.join(', ') })}
        </Text>
      )}
      {ownerIsSomeoneElse && post.owner && (
        <Text size="xs" c="dimmed">
          {t('publish.ownerAccounts', { name: `${post.owner.first_name} ${post.owner.last_name}`.trim() || post.owner.email })}
        </Text>
      )}
      {mode === 'publish' && rules.publishesNow && destinations.length > 0 && (
        <Alert color="blue" variant="light">
          {t('publish.publishesNow')}
        </Alert>
      )}
      {serverErrors.form && (
        <Alert color="red" variant="light" role="alert" style={{ whiteSpace: 'pre-line' }}>
          {serverErrors.form}
        </Alert>
      )}
      <Group justify="space-between">
        {mode === 'publish' ? (
          <Button variant="light" onClick={addToQueue} loading={queue.isPending} disabled={!rules.anyChosen || busy || blocked} title={t('queue.hint')}>
            {t('actions.addToQueue')}
          </Button>
        ) : (
          <span />
        )}
        <Group gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('common:actions.cancel')}
          </Button>
          {mode === 'publish' ? (
            <Button onClick={confirm} loading={schedule.isPending} disabled={rules.confirmDisabled || blocked}>
              {t('common:actions.confirm')}
            </Button>
          ) : (
            <Button onClick={addToQueue} loading={queue.isPending} disabled={!rules.anyChosen || busy || blocked}>
              {t('actions.addToQueue')}
            </Button>
          )}
        </Group>
      </Group>
    </Stack>
  );
}

/** The server's refusal: its details (`validation` keys) on the date, the time, the networks, or for the form. */
function refusalOf(error: unknown, validation: (key: string) => string, describe: (error: unknown) => string): Refusal {
  const details = error instanceof ApiError ? error.details : {};
  const { publish_on: date, publish_time: time, networks, ...others } = details;
  const rest = Object.values(others).map(validation);
  return {
    date: date ? validation(date) : undefined,
    time: time ? validation(time) : undefined,
    networks: networks ? validation(networks) : undefined,
    // Each reason on its own line (two networks not connected are two sentences, not one run together).
    form: rest.length > 0 ? rest.join('\n') : date || time || networks ? undefined : describe(error),
  };
}
