import { useTranslation } from 'react-i18next';
import type { Post } from '../../../../domain/post.ts';
import { textFor } from '../../../../domain/post-rules.ts';
import { ExpandableText } from './expandable-text.tsx';
import { ImageCarousel } from './image-carousel.tsx';
import { PreviewAuthor, type PreviewAuthorInfo } from './preview-author.tsx';
import { BookmarkGlyph, CommentGlyph, HeartGlyph, ShareGlyph } from './preview-icons.tsx';
import classes from './social-previews.module.css';

/** Instagram folds a caption after about 125 characters or two lines. */
const INSTAGRAM_FOLD = { characters: 125, lines: 2 };

/**
 * The owner's business account, the selected pictures in order as a carousel (each with its
 * description), and Instagram's text folded with "… more". The author is handed in (no data fetching, no
 * Mantine): the app's InstagramPreviewCard reads it, the review page has it in its answer.
 */
export function InstagramPost({ post, author }: { post: Pick<Post, 'id' | 'text' | 'linkedin_text' | 'images'>; author: PreviewAuthorInfo }) {
  const { t } = useTranslation('posts');
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
