import { useTranslation } from 'react-i18next';
import type { Post } from '../../../../domain/post.ts';
import { textFor } from '../../../../domain/post-rules.ts';
import { ExpandableText } from './expandable-text.tsx';
import { PictureGrid } from './picture-grid.tsx';
import { PreviewAuthor, type PreviewAuthorInfo } from './preview-author.tsx';
import { CommentGlyph, GlobeGlyph, RepostGlyph, ShareGlyph, ThumbGlyph } from './preview-icons.tsx';
import classes from './social-previews.module.css';

/** LinkedIn folds a post after about 210 characters or three lines. */
const LINKEDIN_FOLD = { characters: 210, lines: 3 };

/**
 * The member or page it goes out as, LinkedIn's text folded with "…see more", one picture alone or
 * several in a grid (each with its description). The author is handed in, as InstagramPost's.
 */
export function LinkedinPost({ post, author }: { post: Pick<Post, 'id' | 'text' | 'linkedin_text' | 'images'>; author: PreviewAuthorInfo }) {
  const { t } = useTranslation('posts');
  const images = post.images.filter((image) => image.status === 'pending');
  const text = textFor(post, 'linkedin');
  return (
    <article className={classes.linkedinFrame} aria-label={t('preview.linkedinTitle')}>
      <PreviewAuthor
        author={author}
        size={48}
        detail={
          <div className={classes.dimmed} style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
            {t('preview.now')} · <GlobeGlyph />
          </div>
        }
      />
      <ExpandableText
        key={text}
        className={classes.linkedinText}
        text={text}
        rule={LINKEDIN_FOLD}
        moreLabel={t('preview.seeMore')}
        hashtagClass={classes.linkedinHashtag}
      />
      <PictureGrid images={images} testId="linkedin-grid" />
      <div className={classes.linkedinActions} aria-hidden="true">
        <span className={classes.feedAction}>
          <ThumbGlyph size={18} />
          {t('preview.like')}
        </span>
        <span className={classes.feedAction}>
          <CommentGlyph size={18} />
          {t('preview.comment')}
        </span>
        <span className={classes.feedAction}>
          <RepostGlyph size={18} />
          {t('preview.repost')}
        </span>
        <span className={classes.feedAction}>
          <ShareGlyph size={18} />
          {t('preview.send')}
        </span>
      </div>
    </article>
  );
}
