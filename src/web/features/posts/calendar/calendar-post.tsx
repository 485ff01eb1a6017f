import { useDraggable } from '@dnd-kit/core';
import { Box, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { CSSProperties, KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Post } from '../../../../domain/post.ts';
import { DISPLAYED_STATE_COLORS, POST_NETWORKS, displayedStateOf } from '../../../../domain/post-rules.ts';
import { NETWORK_NAMES } from '../../../../domain/social-networks.ts';
import { useTimeOfDay } from '../../../lib/format-time.ts';
import { LockIcon } from '../../../ui/icons.tsx';
import { NetworkIcon } from '../../../ui/network-icon.tsx';
import { ChipFigures } from '../list/post-figures.tsx';
import { PostPicture } from '../post-picture.tsx';
import classes from './calendar.module.css';
import { capitalized, useCalendarLabels } from './calendar-labels.ts';

export interface CalendarPostProps {
  post: Post;
  /** Can be dragged (or moved with the keyboard) to another day or time: scheduled and not locked yet. */
  movable: boolean;
  /** Smaller, for the week view's quarter hours. */
  compact?: boolean;
  onOpen: () => void;
}

/** The colour of a post's edge: its displayed state's, or orange when it will fail for want of a connection. */
function edgeColorOf(post: Post): string {
  return `var(--mantine-color-${post.unreachable.length > 0 ? 'orange' : DISPLAYED_STATE_COLORS[displayedStateOf(post)]}-6)`;
}

/** "Will fail: Instagram not connected", for a scheduled post whose owner's account is not connected (issue 29). */
function useUnreachableWarning(post: Post): string | null {
  const { t } = useTranslation('posts');
  if (post.unreachable.length === 0) return null;
  return t('card.unreachableShort', { networks: post.unreachable.map((network) => NETWORK_NAMES[network]).join(', ') });
}

/** The draggable's id for a post. */
export const postDragId = (postId: number) => `post:${postId}`;

/**
 * What a screen reader hears for a post: what the eye reads on it first (its time and project, so a voice
 * command naming them finds it), then its number, day, networks and state. It is the post's name from its
 * content (a visually hidden sentence), the visible parts being hidden from screen readers.
 */
export function useCalendarPostLabel(post: Post): string {
  const { t } = useTranslation('calendar');
  const { t: tp } = useTranslation('posts');
  const { formatTime } = useTimeOfDay();
  const labels = useCalendarLabels();
  const warning = useUnreachableWarning(post);
  const networks = POST_NETWORKS.filter((network) => post.networks[network]).map((network) => NETWORK_NAMES[network]);
  return t('post.label', {
    title: post.project_title,
    number: post.sequence,
    day: post.publish_on ? labels.dayLong(post.publish_on) : '',
    time: post.publish_time ? formatTime(post.publish_time) : '',
    networks: networks.length > 0 ? networks.join(', ') : t('post.noNetworks'),
    state: warning ? `${tp(`states.${displayedStateOf(post)}`)}. ${warning}` : tp(`states.${displayedStateOf(post)}`),
  });
}

/**
 * A post on the calendar: its time, first picture, project, networks and displayed state (the colour of
 * its edge). A click (or Enter) opens it; a movable one is also a draggable: pointer, or Space to lift,
 * arrows to move, Space to drop, Escape to cancel. While dragged it stays here, faded, and a copy
 * (CalendarPostOverlay) follows the pointer.
 */
export function CalendarPost({ post, movable, compact = false, onOpen }: CalendarPostProps) {
  return movable ? <MovablePost post={post} compact={compact} onOpen={onOpen} /> : <StaticPost post={post} compact={compact} onOpen={onOpen} />;
}

function MovablePost({ post, compact = false, onOpen }: Omit<CalendarPostProps, 'movable'>) {
  const { t } = useTranslation('calendar');
  const label = useCalendarPostLabel(post);
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: postDragId(post.id),
    data: { post },
    attributes: { roleDescription: t('drag.roleDescription') },
  });
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    // Enter opens the post; Space (dnd-kit's listener) lifts it.
    if (event.key === 'Enter' && !isDragging) {
      event.preventDefault();
      onOpen();
      return;
    }
    listeners?.onKeyDown?.(event);
  };
  return (
    <Box
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      onKeyDown={onKeyDown}
      onClick={onOpen}
      className={classes.post}
      data-compact={compact || undefined}
      data-dragging={isDragging || undefined}
      data-movable
      data-post-id={post.id}
      data-awaiting={post.state === 'awaiting_approval' || undefined}
      style={{ '--post-state-color': edgeColorOf(post) } as CSSProperties}
    >
      <PostChipContent post={post} compact={compact} />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Box>
  );
}

/** The post under the pointer while it is dragged (DragOverlay). */
export function CalendarPostOverlay({ post }: { post: Post }) {
  return (
    <Box className={classes.post} data-overlay style={{ '--post-state-color': edgeColorOf(post), width: 180 } as CSSProperties}>
      <PostChipContent post={post} compact={false} />
    </Box>
  );
}

function StaticPost({ post, compact = false, onOpen }: Omit<CalendarPostProps, 'movable'>) {
  const label = useCalendarPostLabel(post);
  return (
    <UnstyledButton
      onClick={onOpen}
      className={classes.post}
      data-compact={compact || undefined}
      data-post-id={post.id}
      data-awaiting={post.state === 'awaiting_approval' || undefined}
      style={{ '--post-state-color': edgeColorOf(post) } as CSSProperties}
    >
      <PostChipContent post={post} compact={compact} locked />
      <VisuallyHidden>{label}</VisuallyHidden>
    </UnstyledButton>
  );
}

function PostChipContent({ post, compact, locked = false }: { post: Post; compact: boolean; locked?: boolean }) {
  const { t } = useTranslation('posts');
  const { t: tc } = useTranslation('calendar');
  const { formatTime } = useTimeOfDay();
  const picture = post.images.find((image) => image.status === 'pending') ?? null;
  const state = displayedStateOf(post);
  const warning = useUnreachableWarning(post);
  const networks: ReactNode = (
    <Group gap={2} wrap="nowrap">
      {POST_NETWORKS.filter((network) => post.networks[network]).map((network) => (
        <NetworkIcon key={network} network={network} size={compact ? 12 : 14} />
      ))}
    </Group>
  );
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" aria-hidden="true">
      <Box className={classes.thumb} data-compact={compact || undefined}>
        <PostPicture src={picture?.url} />
      </Box>
      <Box miw={0} style={{ flex: 1 }}>
        <Group gap={4} wrap="nowrap" justify="space-between">
          <Text size="xs" fw={700} lh={1.3}>
            {post.publish_time ? formatTime(post.publish_time) : ''}
          </Text>
          {networks}
        </Group>
        <Text size="xs" lh={1.3} truncate="end">
          {post.project_title}
        </Text>
        {state === 'awaitingApproval' && !post.in_process ? (
          // Awaiting the owner's approval (issue 25): said in words and marked, not by the edge's colour alone.
          <Text size="xs" lh={1.3} fw={700} c="grape.9" truncate="end" data-state={state} data-awaiting-mark>
            {compact ? tc('post.awaitingShort') : capitalized(t(`states.${state}`))}
          </Text>
        ) : (
          !compact && (
            <Group gap={4} wrap="nowrap">
              {locked && <LockIcon size={11} />}
              {warning && !post.in_process ? (
                <Text size="xs" lh={1.3} c="orange.9" truncate="end" data-state={state} data-unreachable>
                  {warning}
                </Text>
              ) : (
                <Text size="xs" lh={1.3} c="dimmed" truncate="end" data-state={state}>
                  {capitalized(post.in_process ? t('card.inProcess') : t(`states.${state}`))}
                </Text>
              )}
            </Group>
          )
        )}
        {!compact && <ChipFigures post={post} />}
      </Box>
    </Group>
  );
}
