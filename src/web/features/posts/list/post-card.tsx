import { ActionIcon, Badge, Box, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type Post, cutTitle } from '../../../../domain/post.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { CalendarIcon, EyeIcon, LockIcon, PencilIcon, RestoreIcon, SendIcon, TrashIcon } from '../../../ui/icons.tsx';
import { PostPicture } from '../post-picture.tsx';
import { DisplayedStateBadge, ResultBadges } from './post-badges.tsx';

export type CardAction = 'instagramPreview' | 'linkedinPreview' | 'edit' | 'publish' | 'delete' | 'reset';

export interface PostCardProps {
  post: Post;
  /** The studio's today (YYYY-MM-DD), from the server. */
  today: string;
  onAction: (action: CardAction) => void;
}

/**
 * One post (SPEC §2 "Preview projects", §4): its first selected picture, the project title cut at 20,
 * its number, the displayed state and each network's result, the date and the text's start. Published
 * or in process, it is locked: it looks so, and only what is still possible is offered.
 */
export function PostCard({ post, today, onAction }: PostCardProps) {
  const { t } = useTranslation('posts');
  const titleId = useId();
  const published = post.state === 'published';
  const locked = published || post.in_process;
  const picture = post.images.find((image) => image.status === 'pending') ?? null;
  const datePassed = post.publish_on !== null && post.publish_on < today;

  return (
    <Paper
      component="article"
      aria-labelledby={titleId}
      withBorder
      radius="md"
      data-locked={locked || undefined}
      style={{ overflow: 'hidden', display: 'flex', flexDirection: 'column', background: locked ? 'var(--mantine-color-gray-0)' : undefined }}
    >
      {/* overflow: hidden keeps the box at 4:3 whatever the picture's own shape. */}
      <Box pos="relative" style={{ aspectRatio: '4 / 3', overflow: 'hidden', background: 'var(--mantine-color-gray-1)' }}>
        <PostPicture src={picture?.url} style={locked ? { filter: 'grayscale(0.6)', opacity: 0.8 } : undefined} />
        <Badge pos="absolute" top={8} left={8} color="dark" variant="filled" radius="sm">{t('card.number', { number: post.sequence })}</Badge>
        {locked && (
          <Tooltip label={published ? t('card.lockedPublished') : t('card.lockedInProcess')} withinPortal>
            <ActionIcon pos="absolute" top={8} right={8} variant="white" color="dark" radius="xl" aria-label={published ? t('card.lockedPublished') : t('card.lockedInProcess')} data-testid="post-lock">
              <LockIcon size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </Box>

      <Stack gap={8} p="md" style={{ flex: 1 }}>
        <Text id={titleId} fw={650} title={post.project_title} style={{ overflowWrap: 'anywhere' }}>
          {cutTitle(post.project_title)}
        </Text>
        <Group gap={6}>
          <DisplayedStateBadge post={post} />
          {post.in_process && <Text size="xs" c="blue">{t('card.inProcess')}</Text>}
        </Group>
        <ResultBadges post={post} />
        <Group gap={6} c="dimmed">
          <CalendarIcon size={15} />
          <Text size="sm">{post.publish_on ? t('card.publishOn', { date: formatDate(post.publish_on) }) : t('card.noDate')}</Text>
        </Group>
        <Text size="sm" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>{post.text}</Text>
      </Stack>

      <Group gap={6} px="md" pb="md" wrap="wrap">
        {!published && (
          <>
            <Button size="compact-sm" variant="light" leftSection={<EyeIcon size={14} />} onClick={() => onAction('instagramPreview')}>{t('actions.instagramPreview')}</Button>
            <Button size="compact-sm" variant="light" leftSection={<EyeIcon size={14} />} onClick={() => onAction('linkedinPreview')}>{t('actions.linkedinPreview')}</Button>
          </>
        )}
        {post.editable && (
          <Button size="compact-sm" variant="default" leftSection={<PencilIcon size={14} />} onClick={() => onAction('edit')}>{t('actions.edit')}</Button>
        )}
        {!published && (
          <Button
            size="compact-sm"
            leftSection={<SendIcon size={14} />}
            disabled={datePassed || post.in_process}
            title={datePassed ? t('actions.publishDatePassed') : undefined}
            onClick={() => onAction('publish')}
          >
            {t('actions.publish')}
          </Button>
        )}
        {published && (
          <Button size="compact-sm" variant="light" leftSection={<RestoreIcon size={14} />} onClick={() => onAction('reset')}>{t('actions.publishAgain')}</Button>
        )}
        {!post.in_process && (
          <Button size="compact-sm" variant="subtle" color="red" leftSection={<TrashIcon size={14} />} onClick={() => onAction('delete')} ml="auto">{t('actions.delete')}</Button>
        )}
      </Group>
    </Paper>
  );
}
