import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Post } from '../../../../domain/post.ts';
import { type CardAction, PostCard } from '../list/post-card.tsx';
import type { ReviewAnswer } from '../list/result-notes.tsx';

/**
 * A post opened from the calendar: its card as on the posts page, with the same actions; each opens the
 * same dialog there (the card closes first, so one dialog shows at a time).
 */
export function PostModal({
  post,
  onClose,
  onAction,
  onReview,
}: {
  post: Post | null;
  onClose: () => void;
  onAction: (action: CardAction, post: Post) => void;
  /** A "needs review" result answered on the card (decision 025): confirmed in the posts' own dialog. */
  onReview: (post: Post, answer: ReviewAnswer) => void;
}) {
  const { t } = useTranslation('calendar');
  return (
    <Modal
      opened={post !== null}
      onClose={onClose}
      title={post ? t('postDialog.title', { title: post.project_title, number: post.sequence }) : ''}
      centered
      size="md"
    >
      {post && (
        <PostCard
          post={post}
          onAction={(action) => {
            onClose();
            onAction(action, post);
          }}
          onReview={(answer) => {
            onClose();
            onReview(post, answer);
          }}
        />
      )}
    </Modal>
  );
}
