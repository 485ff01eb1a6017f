import { Alert, Badge, Blockquote, Button, Group, Loader, Modal, Radio, Stack, Text, Textarea, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMENT_LIMIT, type CommentVisibility, type DiffSegment, POST_EVENT_KINDS, type PostComment, type PostEvent } from '../../../../domain/history.ts';
import type { Post } from '../../../../domain/post.ts';
import { NETWORK_NAMES } from '../../../../domain/social-networks.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { intlLocaleOf, useTimeOfDay } from '../../../lib/format-time.ts';
import { useSession } from '../../../lib/session.ts';
import { useErrorMessage } from '../../../lib/use-error-message.ts';
import { useAddComment, usePostHistory } from './api.ts';
import classes from './post-history.module.css';

type Person = NonNullable<PostEvent['actor']>;
const nameOf = (person: Person) => `${person.first_name} ${person.last_name}`.trim() || person.email;

/** An instant as the language writes a short date and time, in the browser's time zone. */
function useFormatInstant(): (instant: string) => string {
  const { language } = useTimeOfDay();
  const format = new Intl.DateTimeFormat(intlLocaleOf(language), { dateStyle: 'medium', timeStyle: 'short' });
  return (instant) => {
    const date = new Date(instant);
    return Number.isNaN(date.getTime()) ? '—' : format.format(date);
  };
}

/** A post's history and its comments in a dialog, opened from its card (issue 25 item 5). */
export function HistoryDialog({ opened, post, onClose }: { opened: boolean; post: Post | null; onClose: () => void }) {
  const { t } = useTranslation('history');
  return (
    <Modal opened={opened} onClose={onClose} title={post ? t('dialogTitle', { number: post.sequence, title: post.project_title }) : ''} size="lg" centered>
      {post && <PostHistory postId={post.id} />}
    </Modal>
  );
}

/**
 * What happened to a post, oldest first (who, what, when, from the app or a review link; an edit's words
 * inserted and deleted against the version the approver last saw), then its comments and a form: an
 * administrator chooses a team note or a comment shared with the customer; a customer's are shared.
 */
export function PostHistory({ postId }: { postId: number }) {
  const { t } = useTranslation('history');
  const describe = useErrorMessage();
  const history = usePostHistory(postId);
  if (history.isPending) return <Loader size="sm" aria-label={t('loading')} />;
  if (history.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {describe(history.error)}
      </Alert>
    );
  const events = history.data.events.filter((event) => event.kind !== 'comment');
  return (
    <Stack gap="lg" data-testid="post-history">
      <Stack gap="xs">
        <Text fw={500} size="sm" component="h3" m={0}>
          {t('title')}
        </Text>
        {events.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('empty')}
          </Text>
        ) : (
          <ol className={classes.timeline}>
            {events.map((event) => (
              <EventItem key={event.id} event={event} />
            ))}
          </ol>
        )}
      </Stack>
      <Comments postId={postId} comments={history.data.comments} />
    </Stack>
  );
}

const KNOWN_KINDS: readonly string[] = POST_EVENT_KINDS;

/** A failure's reason as the card words it (posts' resultErrors), when it has words of its own. */
function useReasonText(event: PostEvent): string | null {
  const { t, i18n } = useTranslation('posts');
  if (event.kind !== 'publish_failed' || !event.reason || event.reason === 'outcomeUnknown' || event.reason === 'gaveUp') return null;
  const key = `resultErrors.${event.reason}`;
  return i18n.exists(key, { ns: 'posts' }) ? t(key, { network: event.network ? NETWORK_NAMES[event.network] : '' }) : null;
}

/**
 * The key of an event's words: a kind of its own, or a kind told apart by its details (a failure whose
 * outcome is unknown, an edit by the writer or a version brought back, an assignment from no customer).
 */
function wordsOf(event: PostEvent): string {
  if (!KNOWN_KINDS.includes(event.kind)) return 'other';
  if (event.kind === 'publish_failed' && event.reason === 'outcomeUnknown') return 'needs_review';
  if (event.kind === 'edited' && event.replaced_by === 'rewrite') return 'rewritten';
  if (event.kind === 'edited' && event.replaced_by === 'restore') return 'restored';
  if (event.kind === 'reassigned') return event.to_customer === null ? 'other' : event.from_customer === null ? 'assigned' : 'reassigned';
  return event.kind;
}

function EventItem({ event }: { event: PostEvent }) {
  const { t } = useTranslation('history');
  const reason = useReasonText(event);
  const { formatTime, language } = useTimeOfDay();
  const formatInstant = useFormatInstant();
  const network = event.network ? NETWORK_NAMES[event.network] : '';
  const networks = new Intl.ListFormat(intlLocaleOf(language), { type: 'conjunction' }).format((event.networks ?? []).map((name) => NETWORK_NAMES[name]));
  const kind = wordsOf(event);
  const who = event.actor
    ? nameOf(event.actor)
    : event.via === 'link'
      ? event.name
        ? t('who.reviewer', { name: event.name })
        : t('who.someoneWithLink')
      : event.via === 'system'
        ? t('who.system')
        : t('who.formerUser');
  return (
    <li className={classes.event} data-testid="history-event" data-kind={event.kind}>
      <Text size="sm" fw={500}>
        {t(`kinds.${kind}`, { network, networks, from: event.from_customer?.name ?? '', to: event.to_customer?.name ?? '' })}
      </Text>
      <Text size="xs" c="dimmed">
        {t('line', { who, via: t(`via.${event.via}`), when: formatInstant(event.at) })}
      </Text>
      {event.publish_on && (
        <Text size="xs">{t('moment', { day: formatDate(event.publish_on), time: event.publish_time ? formatTime(event.publish_time) : '' })}</Text>
      )}
      {reason && <Text size="xs">{reason}</Text>}
      {event.comment && (
        <Blockquote p="xs" m={0} mt={4} fz="sm" className={classes.comment}>
          {event.comment}
        </Blockquote>
      )}
      {event.diff && (
        <Stack gap={4} mt={4}>
          <Text size="xs" c="dimmed">
            {t(event.diff.against === 'approval' ? 'diff.againstApproval' : 'diff.againstPrevious')} {t('diff.legend')}
          </Text>
          {event.diff.linkedin && (
            <Text size="xs" fw={500}>
              {NETWORK_NAMES.instagram}
            </Text>
          )}
          <Diff segments={event.diff.instagram} />
          {event.diff.linkedin && (
            <>
              <Text size="xs" fw={500}>
                {NETWORK_NAMES.linkedin}
              </Text>
              <Diff segments={event.diff.linkedin} />
            </>
          )}
        </Stack>
      )}
    </li>
  );
}

/** Inserted words underlined, deleted ones struck through, each announced as such (not told by colour alone). */
export function Diff({ segments }: { segments: DiffSegment[] }) {
  const { t } = useTranslation('history');
  return (
    <p className={classes.diff} data-testid="history-diff">
      {segments.map((segment, index) =>
        segment.op === 'same' ? (
          <span key={index}>{segment.text}</span>
        ) : segment.op === 'ins' ? (
          <ins key={index}>
            <VisuallyHidden>{t('diff.inserted')}</VisuallyHidden>
            {segment.text}
          </ins>
        ) : (
          <del key={index}>
            <VisuallyHidden>{t('diff.deleted')}</VisuallyHidden>
            {segment.text}
          </del>
        ),
      )}
    </p>
  );
}

function Comments({ postId, comments }: { postId: number; comments: PostComment[] }) {
  const { t } = useTranslation('history');
  const { t: tv } = useTranslation('validation');
  const describe = useErrorMessage();
  const formatInstant = useFormatInstant();
  // The session the app's guards loaded (read again only when it is stale).
  const isAdmin = useSession().data?.role === 'admin';
  const add = useAddComment();
  const [text, setText] = useState('');
  // An administrator's note stays in the studio unless they choose to share it.
  const [visibility, setVisibility] = useState<CommentVisibility>('team');
  const [error, setError] = useState<string | null>(null);
  const sentVisibility: CommentVisibility = isAdmin ? visibility : 'shared';
  const tooLong = text.length > COMMENT_LIMIT;

  const send = () => {
    if (text.trim() === '' || tooLong) return setError(tv(tooLong ? 'commentTooLong' : 'commentRequired'));
    setError(null);
    add.mutate(
      { id: postId, text, visibility: sentVisibility },
      {
        onSuccess: () => {
          setText('');
          notifications.show({ color: 'teal', message: t('comments.sent') });
        },
        onError: (failure) => {
          const key = failure instanceof ApiError ? Object.values(failure.details)[0] : undefined;
          setError(key ? tv(key) : describe(failure));
        },
      },
    );
  };

  return (
    <Stack gap="xs">
      <Text fw={500} size="sm" component="h3" m={0}>
        {t('comments.title')}
      </Text>
      {comments.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('comments.empty')}
        </Text>
      ) : (
        <ol className={classes.timeline}>
          {comments.map((comment) => (
            <li key={comment.id} className={classes.event} data-testid="history-comment">
              <Group gap="xs">
                <Text size="xs" fw={500}>
                  {comment.author ? nameOf(comment.author) : t('who.formerUser')}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatInstant(comment.at)}
                </Text>
                {isAdmin && (
                  <Badge size="xs" variant="light" color={comment.visibility === 'team' ? 'gray' : 'blue'}>
                    {t(`comments.visibility.${comment.visibility}`)}
                  </Badge>
                )}
              </Group>
              <Text size="sm" className={classes.comment}>
                {comment.text}
              </Text>
            </li>
          ))}
        </ol>
      )}
      <Textarea
        label={t('comments.new')}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setError(null);
        }}
        rows={3}
        resize="vertical"
        error={error}
        description={t('comments.count', { count: text.length, limit: COMMENT_LIMIT })}
        disabled={add.isPending}
      />
      {isAdmin ? (
        <Radio.Group value={visibility} onChange={(value) => setVisibility(value === 'shared' ? 'shared' : 'team')} label={t('comments.whoSees')}>
          <Group gap="md" mt={4}>
            <Radio value="team" label={t('comments.visibility.team')} />
            <Radio value="shared" label={t('comments.visibility.shared')} />
          </Group>
        </Radio.Group>
      ) : (
        <Text size="xs" c="dimmed">
          {t('comments.sharedWithStudio')}
        </Text>
      )}
      <Group justify="flex-end">
        <Button size="xs" onClick={send} loading={add.isPending}>
          {t('comments.send')}
        </Button>
      </Group>
    </Stack>
  );
}
