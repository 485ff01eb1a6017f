import { Box, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Post } from '../../../../domain/post.ts';
import { useFormatInstant } from '../../../lib/format-time.ts';

type Person = NonNullable<NonNullable<Post['approval']>['asked_by']>;

const personName = (person: Person) => `${person.first_name} ${person.last_name}`.trim() || person.email;

/** "Pedida por Ana Roca el 3 dic, 10:15": who asked for the owner's approval, and when (issue 25 item 3). */
export function ApprovalAsked({ post }: { post: Pick<Post, 'approval'> }) {
  const { t } = useTranslation('posts');
  const formatInstant = useFormatInstant();
  if (!post.approval) return null;
  const when = formatInstant(post.approval.asked_at);
  return (
    <Text size="sm" c="grape.9" data-testid="approval-asked">
      {post.approval.asked_by ? t('approval.askedBy', { name: personName(post.approval.asked_by), when }) : t('approval.asked', { when })}
    </Text>
  );
}

/**
 * The owner's last "ask for changes" on a post back in preview: who, when, and the comment as written,
 * on the card and in the editor (issue 25 item 2).
 */
export function ChangesComment({ post, clamp = false }: { post: Pick<Post, 'changes_comment'>; clamp?: boolean }) {
  const { t } = useTranslation('posts');
  const formatInstant = useFormatInstant();
  const comment = post.changes_comment;
  if (!comment) return null;
  const when = formatInstant(comment.at);
  return (
    <Box
      component="blockquote"
      m={0}
      py={6}
      px="sm"
      data-testid="changes-comment"
      style={{
        borderInlineStart: '3px solid var(--mantine-color-orange-6)',
        background: 'var(--mantine-color-orange-0)',
        borderRadius: 'var(--mantine-radius-sm)',
      }}
    >
      <Text size="xs" fw={600} c="orange.9">
        {comment.by ? t('approval.changesBy', { name: personName(comment.by), when }) : t('approval.changes', { when })}
      </Text>
      <Text size="sm" mt={2} lineClamp={clamp ? 4 : undefined} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {comment.text}
      </Text>
    </Box>
  );
}
