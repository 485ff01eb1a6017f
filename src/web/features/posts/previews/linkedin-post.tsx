import { useTranslation } from 'react-i18next';
import type { Post, PostImage } from '../../../../domain/post.ts';
import { textFor } from '../../../../domain/post-rules.ts';
import { PostPicture } from '../post-picture.tsx';
import { ExpandableText } from './expandable-text.tsx';
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
      <LinkedinImages images={images} />
      <div className={classes.linkedinActions} aria-hidden="true">
        <span className={classes.linkedinAction}>
          <ThumbGlyph size={18} />
          {t('preview.like')}
        </span>
        <span className={classes.linkedinAction}>
          <CommentGlyph size={18} />
          {t('preview.comment')}
        </span>
        <span className={classes.linkedinAction}>
          <RepostGlyph size={18} />
          {t('preview.repost')}
        </span>
        <span className={classes.linkedinAction}>
          <ShareGlyph size={18} />
          {t('preview.send')}
        </span>
      </div>
    </article>
  );
}

/** How LinkedIn lays out the pictures: one at its own shape; two side by side; more as one large and a row below. */
function LinkedinImages({ images }: { images: PostImage[] }) {
  const { t } = useTranslation('posts');
  const alt = (index: number) => images[index]!.alt_text || t('preview.imageOf', { index: index + 1, count: images.length });
  if (images.length === 0) return null;
  if (images.length === 1) {
    const [image] = images as [PostImage];
    const ratio = image.width > 0 && image.height > 0 ? image.width / image.height : 1;
    return (
      <div className={classes.gridCell} style={{ aspectRatio: String(ratio) }}>
        <PostPicture src={image.linkedin_url || image.url} alt={alt(0)} />
      </div>
    );
  }
  if (images.length === 2) {
    return (
      <div className={classes.grid} style={{ gridTemplateColumns: '1fr 1fr' }} data-testid="linkedin-grid">
        {images.map((image, index) => (
          <div key={image.id} className={classes.gridCell} style={{ aspectRatio: '1 / 1' }}>
            <PostPicture src={image.linkedin_url || image.url} alt={alt(index)} />
          </div>
        ))}
      </div>
    );
  }
  const [first, ...rest] = images as [PostImage, ...PostImage[]];
  const below = rest.slice(0, 3);
  const hidden = images.length - 1 - below.length;
  return (
    <div className={classes.grid} style={{ gridTemplateColumns: `repeat(${below.length}, 1fr)` }} data-testid="linkedin-grid">
      <div className={classes.gridCell} style={{ gridColumn: '1 / -1', aspectRatio: '16 / 9' }}>
        <PostPicture src={first.linkedin_url || first.url} alt={alt(0)} />
      </div>
      {below.map((image, index) => (
        <div key={image.id} className={classes.gridCell} style={{ aspectRatio: '1 / 1' }}>
          <PostPicture src={image.linkedin_url || image.url} alt={alt(index + 1)} />
          {hidden > 0 && index === below.length - 1 && <div className={classes.gridRest}>+{hidden}</div>}
        </div>
      ))}
    </div>
  );
}
