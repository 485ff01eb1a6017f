import { useTranslation } from 'react-i18next';
import type { Post } from '../../../../domain/post.ts';
import { textFor } from '../../../../domain/post-rules.ts';
import { ExpandableText } from './expandable-text.tsx';
import { PictureGrid } from './picture-grid.tsx';
import { PreviewAuthor, type PreviewAuthorInfo } from './preview-author.tsx';
import { CommentGlyph, GlobeGlyph, ShareGlyph, ThumbGlyph } from './preview-icons.tsx';
import classes from './social-previews.module.css';

/**
 * Facebook folds a long post behind "See more". Meta does not document where; its app shows about five
 * lines, so the preview folds there (or at 250 characters), a guide rather than the rule.
 */
const FACEBOOK_FOLD = { characters: 250, lines: 5 };

/**
 * The Page it goes out as, the text Facebook gets (LinkedIn's, decision 053) folded with "…see more", the
 * pictures as its feed lays them out, and its three actions. The author is handed in, as the others'.
 */
export function FacebookPost({ post, author }: { post: Pick<Post, 'id' | 'text' | 'linkedin_text' | 'images'>; author: PreviewAuthorInfo }) {
  const { t } = useTranslation('posts');
  const images = post.images.filter((image) => image.status === 'pending');
  const text = textFor(post, 'facebook');
  return (
    <article className={classes.facebookFrame} aria-label={t('preview.facebookTitle')}>
      <PreviewAuthor
        author={author}
        size={40}
        detail={
          <div className={classes.dimmed} style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
            {t('preview.now')} · <GlobeGlyph />
          </div>
        }
      />
      <ExpandableText
        key={text}
        className={classes.facebookText}
        text={text}
        rule={FACEBOOK_FOLD}
        moreLabel={t('preview.seeMore')}
        hashtagClass={classes.facebookHashtag}
      />
      <PictureGrid images={images} testId="facebook-grid" />
      <div className={classes.facebookActions} aria-hidden="true">
        <span className={classes.feedAction}>
          <ThumbGlyph size={18} />
          {t('preview.facebookLike')}
        </span>
        <span className={classes.feedAction}>
          <CommentGlyph size={18} />
          {t('preview.comment')}
        </span>
        <span className={classes.feedAction}>
          <ShareGlyph size={18} />
          {t('preview.facebookShare')}
        </span>
      </div>
    </article>
  );
}
