import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Post } from '../../../../domain/post.ts';
import { type PostNetwork, textFor } from '../../../../domain/post-rules.ts';
import { ExpandableText, type FoldRule } from './expandable-text.tsx';
import { PictureGrid } from './picture-grid.tsx';
import { PreviewAuthor, type PreviewAuthorInfo } from './preview-author.tsx';
import { GlobeGlyph } from './preview-icons.tsx';
import classes from './social-previews.module.css';

/** How one feed draws a post: its frame's look, where it folds the text, its author's size and its actions. */
export interface FeedLook {
  network: Exclude<PostNetwork, 'instagram'>;
  label: string;
  classes: Record<'frame' | 'text' | 'hashtag' | 'actions', string | undefined>;
  fold: FoldRule;
  authorSize: number;
  actions: Array<{ glyph: ReactNode; label: string }>;
}

/**
 * A post as LinkedIn's and Facebook's feeds show it: the account or page it goes out as, "now" and public,
 * the network's text folded with "…see more", the pictures in a grid (each with its description) and the
 * feed's actions. The author is handed in, as InstagramPost's.
 */
export function FeedPost({ post, author, look }: { post: Pick<Post, 'id' | 'text' | 'linkedin_text' | 'images'>; author: PreviewAuthorInfo; look: FeedLook }) {
  const { t } = useTranslation('posts');
  const images = post.images.filter((image) => image.status === 'pending');
  const text = textFor(post, look.network);
  return (
    <article className={look.classes.frame} aria-label={look.label}>
      <PreviewAuthor
        author={author}
        size={look.authorSize}
        detail={
          <div className={classes.dimmed} style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
            {t('preview.now')} · <GlobeGlyph />
          </div>
        }
      />
      <ExpandableText
        key={text}
        className={look.classes.text}
        text={text}
        rule={look.fold}
        moreLabel={t('preview.seeMore')}
        hashtagClass={look.classes.hashtag}
      />
      <PictureGrid images={images} testId={`${look.network}-grid`} />
      <div className={look.classes.actions} aria-hidden="true">
        {look.actions.map((action) => (
          <span key={action.label} className={classes.feedAction}>
            {action.glyph}
            {action.label}
          </span>
        ))}
      </div>
    </article>
  );
}
