import { useTranslation } from 'react-i18next';
import type { SocialNetwork } from '../../../../domain/social-networks.ts';
import { usePostAccounts } from '../api/get-post-accounts.ts';
import { type PreviewAuthorInfo, previewAuthorOf } from './preview-author.tsx';

/** The app's previews: the owner's account on the network, read from GET /api/posts/:id/accounts. */
export function usePreviewAuthor(postId: number | null, network: SocialNetwork): PreviewAuthorInfo {
  const { t } = useTranslation('posts');
  const accounts = usePostAccounts(postId);
  return { ...previewAuthorOf(accounts.data?.[network], network, t), loading: accounts.isPending && postId !== null };
}
