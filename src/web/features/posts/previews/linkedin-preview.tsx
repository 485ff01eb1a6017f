import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Post } from '../../../../domain/post.ts';
import { LinkedinPost } from './linkedin-post.tsx';
import { usePreviewAuthor } from './use-preview-author.ts';

/**
 * The post as it will look on LinkedIn (SPEC §2 "professional-network preview"), in a dialog: see LinkedinPost.
 */
export function LinkedinPreview({ opened, post, onClose }: { opened: boolean; post: Post | null; onClose: () => void }) {
  const { t } = useTranslation('posts');
  return (
    <Modal opened={opened} onClose={onClose} title={t('preview.linkedinTitle')} size="lg" centered>
      {post && <LinkedinPreviewCard post={post} />}
    </Modal>
  );
}

/** The post as it will look on LinkedIn, as the owner's member or page (read here). The editor shows it beside the text. */
export function LinkedinPreviewCard({ post }: { post: Pick<Post, 'id' | 'text' | 'linkedin_text' | 'images'> }) {
  return <LinkedinPost post={post} author={usePreviewAuthor(post.id, 'linkedin')} />;
}
