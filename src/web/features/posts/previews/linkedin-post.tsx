import { useTranslation } from 'react-i18next';
import type { Post } from '../../../../domain/post.ts';
import { FeedPost } from './feed-post.tsx';
import type { PreviewAuthorInfo } from './preview-author.tsx';
import { CommentGlyph, RepostGlyph, ShareGlyph, ThumbGlyph } from './preview-icons.tsx';
import classes from './social-previews.module.css';

/** LinkedIn folds a post after about 210 characters or three lines. */
const LINKEDIN_FOLD = { characters: 210, lines: 3 };

/** The member or page it goes out as, LinkedIn's text, its picture grid and its four actions (FeedPost). */
export function LinkedinPost({ post, author }: { post: Pick<Post, 'id' | 'text' | 'linkedin_text' | 'images'>; author: PreviewAuthorInfo }) {
  const { t } = useTranslation('posts');
  return (
    <FeedPost
      post={post}
      author={author}
      look={{
        network: 'linkedin',
        label: t('preview.linkedinTitle'),
        classes: { frame: classes.linkedinFrame, text: classes.linkedinText, hashtag: classes.linkedinHashtag, actions: classes.linkedinActions },
        fold: LINKEDIN_FOLD,
        authorSize: 48,
        actions: [
          { glyph: <ThumbGlyph size={18} />, label: t('preview.like') },
          { glyph: <CommentGlyph size={18} />, label: t('preview.comment') },
          { glyph: <RepostGlyph size={18} />, label: t('preview.repost') },
          { glyph: <ShareGlyph size={18} />, label: t('preview.send') },
        ],
      }}
    />
  );
}
