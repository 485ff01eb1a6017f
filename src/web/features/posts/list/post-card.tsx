import { Badge, Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Post } from '../../../../domain/post.ts';
import { LOCK_MARGIN_MINUTES, POST_NETWORKS, retryableNetworks } from '../../../../domain/post-rules.ts';
import { NETWORK_NAMES } from '../../../../domain/social-networks.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { useTimeOfDay } from '../../../lib/format-time.ts';
import { HintedAction } from '../../../ui/hinted-action.tsx';
import {
  CalendarIcon,
  CalendarPlusIcon,
  CheckIcon,
  LockIcon,
  PencilIcon,
  RestoreIcon,
  RetryIcon,
  RewriteIcon,
  SendIcon,
  TrashIcon,
} from '../../../ui/icons.tsx';
import { ApprovalAsked, ChangesComment } from './approval-notes.tsx';
import { HistoryAction } from '../history/history-action.tsx';
import { PostPicture } from '../post-picture.tsx';
import { FacebookGlyph, InstagramGlyph, LinkedinGlyph } from '../previews/preview-icons.tsx';
import { DisplayedStateBadge, ResultBadges } from './post-badges.tsx';
import classes from './post-card.module.css';
import { PostFigures } from './post-figures.tsx';
import { PostNotices } from './post-notices.tsx';
import { type ReviewAnswer, ResultNotes } from './result-notes.tsx';

export type CardAction =
  | 'instagramPreview'
  | 'linkedinPreview'
  | 'facebookPreview'
  | 'edit'
  | 'rewrite'
  | 'publish'
  | 'queue'
  | 'delete'
  | 'reset'
  | 'retry'
  | 'approve'
  | 'requestChanges';

export interface PostCardProps {
  post: Post;
  onAction: (action: CardAction) => void;
  /** A "needs review" result marked published or not published (decision 025). */
  onReview?: (answer: ReviewAnswer) => void;
  /** A review or a retry of this post is on its way: its buttons wait. */
  busy?: boolean;
  /** The page's first card: its picture is what the first screen waits for (post-picture.tsx). */
  first?: boolean;
}

/** The picture a card shows: the post's first selected one. */
export function cardPictureOf(post: Post): Post['images'][number] | null {
  return post.images.find((image) => image.status === 'pending') ?? null;
}

/** An action as an icon, named by its label (read aloud, and shown on hover and focus). */
function IconAction({ label, onClick, children, color }: { label: string; onClick: () => void; children: React.ReactNode; color?: string }) {
  return (
    <HintedAction label={label} variant={color ? 'subtle' : 'light'} color={color} size={30} radius="md" onClick={onClick}>
      {children}
    </HintedAction>
  );
}

/**
 * One post (SPEC §2 "Preview projects", §4): its first selected picture and number, the project's title
 * in full (several posts of one project, or two projects whose titles start alike, are told apart; SPEC
 * cuts it at 20, decision 025), the displayed state, each network's result with why it failed on the card
 * itself, the date and the text's start. Published or in process, it is locked: it looks so, and only
 * what is still possible is offered, on one line.
 */
export function PostCard({ post, onAction, onReview = () => {}, busy = false, first = false }: PostCardProps) {
  const { t } = useTranslation('posts');
  const { atTime } = useTimeOfDay();
  const titleId = useId();
  const numberId = useId();
  const published = post.state === 'published';
  const locked = published || post.in_process;
  const picture = cardPictureOf(post);
  // Inside the lock margin of its time (or past it) it can no longer be rescheduled (docs/decisions/026).
  const timeLocked = !post.editable && !published && !post.in_process;
  const lockReason = published
    ? t('card.lockedPublished')
    : post.in_process
      ? t('card.lockedInProcess')
      : timeLocked
        ? t('actions.publishLocked', { minutes: LOCK_MARGIN_MINUTES })
        : null;
  // The networks that failed are retried alone; the ones it went out on are not called again (decision 028).
  const retryable = retryableNetworks(post);
  const networksOf = (networks: readonly string[]) => networks.join(' · ');

  return (
    <Paper
      component="article"
      aria-labelledby={`${titleId} ${numberId}`}
      withBorder
      radius="md"
      data-locked={locked || timeLocked || undefined}
      style={{ overflow: 'hidden', display: 'flex', flexDirection: 'column', background: locked || timeLocked ? 'var(--mantine-color-gray-0)' : undefined }}
    >
      {/* overflow: hidden keeps the box at 4:3 whatever the picture's own shape. */}
      <Box pos="relative" style={{ aspectRatio: '4 / 3', overflow: 'hidden', background: 'var(--mantine-color-gray-1)' }}>
        <PostPicture src={picture?.url} priority={first ? 'first' : 'later'} style={locked ? { filter: 'grayscale(0.6)', opacity: 0.8 } : undefined} />
        <Badge id={numberId} pos="absolute" top={8} left={8} color="dark" variant="filled" radius="sm">
          {t('card.number', { number: post.sequence })}
        </Badge>
        {lockReason && (
          <HintedAction label={lockReason} pos="absolute" top={8} right={8} variant="white" color="dark" radius="xl" data-testid="post-lock">
            <LockIcon size={16} />
          </HintedAction>
        )}
      </Box>

      <Stack gap={8} p="md" style={{ flex: 1 }}>
        <Text id={titleId} component="h2" fw={650} size="md" lh={1.3} m={0} style={{ overflowWrap: 'anywhere' }}>
          {post.project_title}
        </Text>
        <Group gap={6}>
          <DisplayedStateBadge post={post} />
          {post.in_process && (
            <Text size="xs" c="blue.9">
              {t('card.inProcess')}
            </Text>
          )}
        </Group>
        <ApprovalAsked post={post} />
        {post.state === 'preview' && <ChangesComment post={post} clamp />}
        <ResultBadges post={post} />
        <ResultNotes post={post} busy={busy} onReview={onReview} />
        <PostFigures post={post} />
        <PostNotices post={post} />
        <Group gap={6} c="dimmed" wrap="nowrap">
          <CalendarIcon size={15} />
          <Text size="sm">
            {post.publish_on && post.publish_time
              ? t('card.publishAt', { date: formatDate(post.publish_on), at: atTime(post.publish_time) })
              : post.publish_on
                ? t('card.publishOn', { date: formatDate(post.publish_on) })
                : t('card.noDate')}
          </Text>
        </Group>
        {(post.state === 'scheduled' || post.state === 'awaiting_approval') && (
          <Text size="sm" c="dimmed" data-testid="post-goes-to">
            {t('card.goesTo', { networks: networksOf(POST_NETWORKS.filter((network) => post.networks[network]).map((network) => NETWORK_NAMES[network])) })}
          </Text>
        )}
        {timeLocked && (
          <Text size="sm" c="dimmed" data-testid="post-locked-reason">
            {lockReason}
          </Text>
        )}
        <Text size="sm" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
          {post.text || post.linkedin_text}
        </Text>
      </Stack>

      {post.can_approve && (
        // The owner's decision comes first, on a line of its own (issue 25).
        <Group gap="xs" px="md" pb="sm" data-testid="approval-actions">
          <Button size="xs" color="teal" leftSection={<CheckIcon size={14} />} onClick={() => onAction('approve')}>
            {t('approval.approve')}
          </Button>
          <Button size="xs" variant="light" color="orange" leftSection={<PencilIcon size={14} />} onClick={() => onAction('requestChanges')}>
            {t('approval.requestChanges')}
          </Button>
        </Group>
      )}
      <div className={classes.actions} style={{ padding: '0 var(--mantine-spacing-md) var(--mantine-spacing-md)' }} data-testid="post-actions">
        {!published && !timeLocked && (
          <Button size="xs" leftSection={<SendIcon size={14} />} disabled={post.in_process} onClick={() => onAction('publish')}>
            {t('actions.publish')}
          </Button>
        )}
        {retryable.length > 0 && (
          <Button
            size="xs"
            leftSection={<RetryIcon size={14} />}
            loading={busy}
            title={t('actions.retryHint', { networks: networksOf(retryable.map((network) => NETWORK_NAMES[network])) })}
            onClick={() => onAction('retry')}
          >
            {t('actions.retry')}
          </Button>
        )}
        {published && (
          // Beside "retry" it is the second choice: on a narrow card only its icon shows; the name stays.
          <Button
            size="xs"
            variant={retryable.length > 0 ? 'default' : 'light'}
            leftSection={<RestoreIcon size={14} />}
            aria-label={t('actions.publishAgain')}
            className={retryable.length > 0 ? classes.collapsible : undefined}
            onClick={() => onAction('reset')}
          >
            <span className={retryable.length > 0 ? classes.collapsibleLabel : undefined}>{t('actions.publishAgain')}</span>
          </Button>
        )}
        {post.editable && (
          // On a narrow card only its pencil shows; the name stays (aria-label).
          <Button
            size="xs"
            variant="default"
            leftSection={<PencilIcon size={14} />}
            aria-label={t('actions.edit')}
            className={classes.collapsible}
            onClick={() => onAction('edit')}
          >
            <span className={classes.collapsibleLabel}>{t('actions.edit')}</span>
          </Button>
        )}
        {post.state === 'preview' && post.editable && (
          <IconAction label={t('actions.rewrite')} onClick={() => onAction('rewrite')}>
            <RewriteIcon size={17} />
          </IconAction>
        )}
        {post.state === 'preview' && post.editable && (
          <IconAction label={t('actions.addToQueue')} onClick={() => onAction('queue')}>
            <CalendarPlusIcon size={17} />
          </IconAction>
        )}
        {!published && (
          <>
            <IconAction label={t('actions.instagramPreview')} onClick={() => onAction('instagramPreview')}>
              <InstagramGlyph size={17} />
            </IconAction>
            <IconAction label={t('actions.linkedinPreview')} onClick={() => onAction('linkedinPreview')}>
              <LinkedinGlyph size={17} />
            </IconAction>
            <IconAction label={t('actions.facebookPreview')} onClick={() => onAction('facebookPreview')}>
              <FacebookGlyph size={17} />
            </IconAction>
          </>
        )}
        <HistoryAction post={post} />
        {!post.in_process && (
          <span className={classes.end}>
            <IconAction label={t('actions.delete')} color="red" onClick={() => onAction('delete')}>
              <TrashIcon size={17} />
            </IconAction>
          </span>
        )}
      </div>
    </Paper>
  );
}
