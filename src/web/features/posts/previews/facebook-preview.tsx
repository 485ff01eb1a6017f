import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Post } from '../../../../domain/post.ts';
import { FacebookPost } from './facebook-post.tsx';
import { usePreviewAuthor } from './use-preview-author.ts';

/** The post as it will look on the owner's Facebook Page (issue 27), in a dialog: see FacebookPost. */
export function FacebookPreview({ opened, post, onClose }: { opened: boolean; post: Post | null; onClose: () => void }) {
  const { t } = useTranslation('posts');
  return (
    <Modal opened={opened} onClose={onClose} title={t('preview.facebookTitle')} size="lg" centered>
      {post && <FacebookPreviewCard post={post} />}
    </Modal>
  );
}

/** The post as it will look on Facebook, as the owner's Page (read here). The editor shows it beside LinkedIn's, whose text it shares. */
export function FacebookPreviewCard({ post }: { post: Pick<Post, 'id' | 'text' | 'linkedin_text' | 'images'> }) {
  return <FacebookPost post={post} author={usePreviewAuthor(post.id, 'facebook')} />;
}
