import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Post } from '../../../../domain/post.ts';
import { InstagramPost } from './instagram-post.tsx';
import { usePreviewAuthor } from './use-preview-author.ts';

/**
 * The post as it will look on Instagram (SPEC §2 "photo-network preview"), in a dialog: see InstagramPost.
 */
export function InstagramPreview({ opened, post, onClose }: { opened: boolean; post: Post | null; onClose: () => void }) {
  const { t } = useTranslation('posts');
  return (
    <Modal opened={opened} onClose={onClose} title={t('preview.instagramTitle')} size="lg" centered>
      {post && <InstagramPreviewCard post={post} />}
    </Modal>
  );
}

/** The post as it will look on Instagram, as the owner's account (read here). The editor shows it beside the text. */
export function InstagramPreviewCard({ post }: { post: Pick<Post, 'id' | 'text' | 'linkedin_text' | 'images'> }) {
  return <InstagramPost post={post} author={usePreviewAuthor(post.id, 'instagram')} />;
}
