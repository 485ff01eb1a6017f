import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Post } from '../../../../domain/post.ts';
import { textFor } from '../../../../domain/post-rules.ts';
import { ExpandableText } from './expandable-text.tsx';
import { ImageCarousel } from './image-carousel.tsx';
import { PreviewAuthor, usePreviewAuthor } from './preview-author.tsx';
import { BookmarkGlyph, CommentGlyph, HeartGlyph, ShareGlyph } from './preview-icons.tsx';
import classes from './social-previews.module.css';

/** Instagram folds a caption after about 125 characters or two lines. */
const INSTAGRAM_FOLD = { characters: 125, lines: 2 };

/**
 * The post as it will look on Instagram (SPEC §2 "photo-network preview"), in a dialog: see InstagramPreviewCard.
 */
export function InstagramPreview({ opened, post, onClose }: { opened: boolean; post: Post | null; onClose: () => void }) {
  const { t } = useTranslation('posts');
  return (
    <Modal opened={opened} onClose={onClose} title={t('preview.instagramTitle')} size="lg" centered>
      {post && <InstagramPreviewCard post={post} />}
    </Modal>
  );
}

/**
 * The owner's business account, the selected pictures in order as a carousel (each with its
 * description), and Instagram's text folded with "… more". The editor shows it beside the text.
 */
export function InstagramPreviewCard({ post }: { post: Pick<Post, 'id' | 'text' | 'linkedin_text' | 'images'> }) {
  const { t } = useTranslation('posts');
  const author = usePreviewAuthor(post.id, 'instagram');
  const images = post.images.filter((image) => image.status === 'pending');
  const text = textFor(post, 'instagram');
  return (
    <article className={classes.frame} aria-label={t('preview.instagramTitle')}>
      <PreviewAuthor author={author} size={32} />
      <ImageCarousel key={post.id} images={images} />
      <div className={classes.actions}>
        <HeartGlyph />
        <CommentGlyph />
        <ShareGlyph />
        <span className={classes.actionsEnd}>
          <BookmarkGlyph />
        </span>
      </div>
      <ExpandableText
        key={text}
        className={classes.caption}
        text={text}
        rule={INSTAGRAM_FOLD}
        ellipsis="… "
        moreLabel={t('preview.more')}
        hashtagClass={classes.hashtag}
        lead={<strong>{author.name} </strong>}
      />
    </article>
  );
}
