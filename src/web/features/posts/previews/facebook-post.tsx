import { useTranslation } from 'react-i18next';
import type { Post } from '../../../../domain/post.ts';
import { FeedPost } from './feed-post.tsx';
import type { PreviewAuthorInfo } from './preview-author.tsx';
import { CommentGlyph, ShareGlyph, ThumbGlyph } from './preview-icons.tsx';
import classes from './social-previews.module.css';

/**
 * Facebook folds a long post behind "See more". Meta does not document where; its app shows about five
 * lines, so the preview folds there (or at 250 characters), a guide rather than the rule.
 */
const FACEBOOK_FOLD = { characters: 250, lines: 5 };

/** The Page it goes out as, the text Facebook gets (LinkedIn's, decision 053), its picture grid and its three actions (FeedPost). */
export function FacebookPost({ post, author }: { post: Pick<Post, 'id' | 'text' | 'linkedin_text' | 'images'>; author: PreviewAuthorInfo }) {
  const { t } = useTranslation('posts');
  return (
    <FeedPost
      post={post}
      author={author}
      look={{
        network: 'facebook',
        label: t('preview.facebookTitle'),
        classes: { frame: classes.facebookFrame, text: classes.facebookText, hashtag: classes.facebookHashtag, actions: classes.facebookActions },
        fold: FACEBOOK_FOLD,
        authorSize: 40,
        actions: [
          { glyph: <ThumbGlyph size={18} />, label: t('preview.facebookLike') },
          { glyph: <CommentGlyph size={18} />, label: t('preview.comment') },
          { glyph: <ShareGlyph size={18} />, label: t('preview.facebookShare') },
        ],
      }}
    />
  );
}
