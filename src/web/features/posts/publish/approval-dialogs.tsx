import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { DateInput, TimePicker } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { APPROVAL_COMMENT_LIMIT, type Post } from '../../../../domain/post.ts';
import { LOCK_MARGIN_MINUTES, POST_NETWORKS, PUBLISH_TIME_STEP_MINUTES } from '../../../../domain/post-rules.ts';
import { NETWORK_NAMES } from '../../../../domain/social-networks.ts';
import type { StudioClock } from '../../../../domain/studio-time.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDate, parseDisplayedDay } from '../../../lib/format-date.ts';
import { useTimeOfDay } from '../../../lib/format-time.ts';
import { useErrorMessage } from '../../../lib/use-error-message.ts';
import { useValidationMessage } from '../../../lib/validation-message.ts';
import { DatesLanguage } from '../../../ui/dates-language.tsx';
import { useApprovePost, useDecideProject, useRequestChanges } from '../api/decide-approval.ts';
import { type StudioMoment, scheduleTimeProblem, studioNow } from '../studio-clock.ts';
import { dateProblemOf } from './publish-rules.ts';

/**
 * The owner's two decisions on a post awaiting their approval (issue 25, decision 040): approve it (at its
 * time; when that has passed or is inside the lock margin, at a new day and time chosen here, with the
 * publish dialog's fields) or ask for changes with a comment. A post changed since it was read is
 * refused by the server: the dialog says so and shows its new version, to decide again.
 */

/** The refusals a decision can meet, as one sentence; `timePassed` opens the day and time fields. */
function useDecisionRefusal() {
  const { t } = useTranslation('posts');
  const describe = useErrorMessage('first');
  return (error: unknown): { message: string; timePassed?: boolean; changed?: boolean } => {
    if (!(error instanceof ApiError)) return { message: describe(error) };
    switch (error.code) {
      case 'APPROVAL_TIME_PASSED':
        return { message: t('approval.timePassed', { minutes: LOCK_MARGIN_MINUTES }), timePassed: true };
      case 'POST_CHANGED':
        return { message: t('approval.changed'), changed: true };
      case 'NOT_AWAITING_APPROVAL':
        return { message: t('approval.notAwaiting') };
      case 'APPROVAL_ACCOUNT_MISSING': {
        const network = error.details.network === 'linkedin' ? 'linkedin' : 'instagram';
        return { message: t('approval.accountMissing', { network: NETWORK_NAMES[network] }) };
      }
      default:
        return { message: describe(error) };
    }
  };
}

/** "el 3-12-2026 a las 10:15 en Instagram y LinkedIn": where and when the post goes out once approved. */
function useOutgoing(post: Post): string {
  const { t } = useTranslation('posts');
  const { atTime } = useTimeOfDay();
  const networks = POST_NETWORKS.filter((network) => post.networks[network])
    .map((network) => NETWORK_NAMES[network])
    .join(' · ');
  if (!post.publish_on) return t('approval.outgoingUndated', { networks });
  return t('approval.outgoing', { date: formatDate(post.publish_on), at: post.publish_time ? atTime(post.publish_time) : '', networks });
}

export interface ApproveDialogProps {
  opened: boolean;
  /** The post's latest version (a live update or a refusal's refresh replaces it). */
  post: Post | null;
  clock: StudioClock | undefined;
  clockReadAt: number;
  onClose: () => void;
}

export function ApproveDialog({ opened, post, clock, clockReadAt, onClose }: ApproveDialogProps) {
  const { t } = useTranslation('posts');
  return (
    <Modal opened={opened} onClose={onClose} title={t('approval.approveTitle')} centered size={480}>
      {post && clock && (
        <DatesLanguage>
          <ApproveForm
            key={`${post.id}-${String(opened)}`}
            post={post}
            now={studioNow(clock, clockReadAt)}
            defaultTime={clock.default_time}
            onClose={onClose}
          />
        </DatesLanguage>
      )}
    </Modal>
  );
}

/** Whether the post's own time can still be approved: after now plus the lock margin. */
function ownTimeUsable(post: Post, now: StudioMoment): boolean {
  if (!post.publish_on || !post.publish_time) return false;
  return scheduleTimeProblem({ day: post.publish_on, time: post.publish_time }, now, { allowNow: false }) === null;
}

function ApproveForm({ post, now, defaultTime, onClose }: { post: Post; now: StudioMoment; defaultTime: string; onClose: () => void }) {
  const { t } = useTranslation('posts');
  const validation = useValidationMessage();
  const { format, atTime } = useTimeOfDay();
  const refusalOf = useDecisionRefusal();
  const approve = useApprovePost();
  const outgoing = useOutgoing(post);
  // Its time already gone (or about to): a new one is asked at once, as the server would.
  const [askTime, setAskTime] = useState(() => !ownTimeUsable(post, now));
  const [day, setDay] = useState(() => (post.publish_on && post.publish_on >= now.day ? post.publish_on : now.day));
  const [time, setTime] = useState(() => post.publish_time ?? defaultTime);
  const [refusal, setRefusal] = useState<string | null>(null);

  const dateProblem = askTime ? dateProblemOf(day, now.day) : undefined;
  const timeProblem = askTime && !dateProblem ? scheduleTimeProblem({ day, time }, now, { allowNow: false }) : null;
  const blocked = approve.isPending || post.state !== 'awaiting_approval' || dateProblem !== undefined || timeProblem !== null;

  const confirm = () => {
    if (blocked) return;
    setRefusal(null);
    approve.mutate(
      { id: post.id, input: { updated_at: post.updated_at, ...(askTime ? { publish_on: day, publish_time: time } : {}) } },
      {
        onSuccess: (saved) => {
          notifications.show({
            color: 'teal',
            message: t('approval.approved', { date: formatDate(saved.publish_on ?? day), at: saved.publish_time ? atTime(saved.publish_time) : '' }),
          });
          onClose();
        },
        onError: (error) => {
          const refused = refusalOf(error);
          if (refused.timePassed) setAskTime(true);
          setRefusal(refused.message);
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <Text size="sm">{t('approval.approveMessage', { title: post.project_title, number: post.sequence })}</Text>
      {!askTime && (
        <Text size="sm" fw={600} data-testid="approve-outgoing">
          {outgoing}
        </Text>
      )}
      {askTime && (
        <>
          <Text size="sm">{t('approval.chooseTime', { minutes: LOCK_MARGIN_MINUTES })}</Text>
          <DateInput
            label={t('publish.date')}
            name="publish_on"
            valueFormat="DD-MM-YYYY"
            dateParser={parseDisplayedDay}
            minDate={now.day}
            value={day || null}
            onChange={(value) => setDay(value ?? '')}
            previousLabel={t('publish.calendarPrevious')}
            nextLabel={t('publish.calendarNext')}
            error={dateProblem ? validation(dateProblem) : undefined}
            disabled={approve.isPending}
          />
          <TimePicker
            label={t('publish.time')}
            name="publish_time"
            format={format}
            withDropdown
            minutesStep={PUBLISH_TIME_STEP_MINUTES}
            value={time}
            onChange={setTime}
            hoursInputLabel={t('publish.hours')}
            minutesInputLabel={t('publish.minutes')}
            amPmInputLabel={t('publish.amPm')}
            error={timeProblem ? validation(timeProblem) : undefined}
            description={t('publish.lockNotice', { minutes: LOCK_MARGIN_MINUTES })}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            disabled={approve.isPending || dateProblem !== undefined}
          />
        </>
      )}
      {refusal && (
        <Alert color="red" variant="light" role="alert">
          {refusal}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={approve.isPending}>
          {t('common:actions.cancel')}
        </Button>
        <Button color="teal" onClick={confirm} loading={approve.isPending} disabled={blocked}>
          {t('approval.approve')}
        </Button>
      </Group>
    </Stack>
  );
}

/** What changes are asked on, or what is approved at once: one post, or a project's posts awaiting approval. */
export type DecisionTarget = { kind: 'post'; post: Post } | { kind: 'project'; projectId: number; title: string; posts: Post[] };

export interface RequestChangesDialogProps {
  opened: boolean;
  target: DecisionTarget | null;
  onClose: () => void;
}

/** Ask for changes: a comment is required (1 to 2000 characters); the post returns to preview with it. */
export function RequestChangesDialog({ opened, target, onClose }: RequestChangesDialogProps) {
  const { t } = useTranslation('posts');
  return (
    <Modal opened={opened} onClose={onClose} title={t('approval.changesTitle')} centered size={520}>
      {target && <ChangesForm key={String(opened)} target={target} onClose={onClose} />}
    </Modal>
  );
}

function ChangesForm({ target, onClose }: { target: DecisionTarget; onClose: () => void }) {
  const { t } = useTranslation('posts');
  const refusalOf = useDecisionRefusal();
  const requestChanges = useRequestChanges();
  const decideProject = useDecideProject();
  const busy = requestChanges.isPending || decideProject.isPending;
  const [comment, setComment] = useState('');
  const [tried, setTried] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const trimmed = comment.trim();
  const tooLong = trimmed.length > APPROVAL_COMMENT_LIMIT;
  const problem = trimmed.length === 0 ? t('approval.commentRequired') : tooLong ? t('approval.commentTooLong', { max: APPROVAL_COMMENT_LIMIT }) : null;
  const subject =
    target.kind === 'post'
      ? t('approval.changesSubject', { title: target.post.project_title, number: target.post.sequence })
      : t('approval.project.changesSubject', { title: target.title, count: target.posts.length });

  const handlers = {
    onSuccess: () => {
      notifications.show({ color: 'teal', message: t(target.kind === 'post' ? 'approval.changesSent' : 'approval.project.changesSent') });
      onClose();
    },
    onError: (error: unknown) => setRefusal(refusalOf(error).message),
  };
  const send = () => {
    setTried(true);
    if (problem || busy) return;
    setRefusal(null);
    if (target.kind === 'post') requestChanges.mutate({ id: target.post.id, input: { updated_at: target.post.updated_at, comment: trimmed } }, handlers);
    else decideProject.mutate({ projectId: target.projectId, posts: target.posts, decision: 'requestChanges', comment: trimmed }, handlers);
  };
  return (
    <Stack gap="md">
      <Text size="sm">{subject}</Text>
      <Textarea
        label={t('approval.commentLabel')}
        description={t('approval.commentHelp')}
        required
        minRows={5}
        value={comment}
        onChange={(event) => setComment(event.currentTarget.value)}
        error={(tried || tooLong) && problem ? problem : undefined}
        disabled={busy}
        data-autofocus
      />
      <Text size="xs" c={tooLong ? 'red.8' : 'dimmed'} ta="right">
        {t('approval.commentCount', { count: trimmed.length, max: APPROVAL_COMMENT_LIMIT })}
      </Text>
      {refusal && (
        <Alert color="red" variant="light" role="alert">
          {refusal}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={busy}>
          {t('common:actions.cancel')}
        </Button>
        <Button color="orange" onClick={send} loading={busy}>
          {t('approval.changesSend')}
        </Button>
      </Group>
    </Stack>
  );
}

export interface ApproveProjectDialogProps {
  opened: boolean;
  target: Extract<DecisionTarget, { kind: 'project' }> | null;
  onClose: () => void;
}

/**
 * Approve a project's posts awaiting approval at once, each at its own time: all or none. One whose time
 * has passed stops them all; it is approved on its own card, with a new time.
 */
export function ApproveProjectDialog({ opened, target, onClose }: ApproveProjectDialogProps) {
  const { t } = useTranslation('posts');
  const refusalOf = useDecisionRefusal();
  const decideProject = useDecideProject();
  const [refusal, setRefusal] = useState<string | null>(null);
  const close = () => {
    setRefusal(null);
    onClose();
  };
  const confirm = () => {
    if (!target || decideProject.isPending) return;
    setRefusal(null);
    decideProject.mutate(
      { projectId: target.projectId, posts: target.posts, decision: 'approve' },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'teal', message: t('approval.project.approved', { count: answer.posts.length }) });
          close();
        },
        onError: (error) => {
          const refused = refusalOf(error);
          setRefusal(refused.timePassed ? t('approval.project.timePassed', { minutes: LOCK_MARGIN_MINUTES }) : refused.message);
        },
      },
    );
  };
  return (
    <Modal opened={opened} onClose={close} title={t('approval.project.approveTitle')} centered size={480}>
      {target && (
        <Stack gap="md">
          <Text size="sm">{t('approval.project.approveMessage', { title: target.title, count: target.posts.length })}</Text>
          {refusal && (
            <Alert color="red" variant="light" role="alert">
              {refusal}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={decideProject.isPending}>
              {t('common:actions.cancel')}
            </Button>
            <Button color="teal" onClick={confirm} loading={decideProject.isPending}>
              {t('approval.project.approveAll', { count: target.posts.length })}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
