import { Avatar, Skeleton } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PostAccounts } from '../../../../domain/post.ts';
import { NETWORK_NAMES, type SocialNetwork } from '../../../../domain/social-networks.ts';
import { usePostAccounts } from '../api/get-post-accounts.ts';
import classes from './social-previews.module.css';

/** The account a preview is posted as: the owner's, with a "not connected" name when there is none. */
export function usePreviewAuthor(postId: number | null, network: SocialNetwork) {
  const { t } = useTranslation('posts');
  const accounts = usePostAccounts(postId);
  const account: PostAccounts[SocialNetwork] | undefined = accounts.data?.[network];
  const connected = account?.connected === true;
  return {
    loading: accounts.isPending && postId !== null,
    connected,
    // Connected before a business account or page was chosen in Settings: no name to show yet.
    name: connected ? (account.name ?? t('preview.unnamedAccount', { network: NETWORK_NAMES[network] })) : t('preview.notConnected'),
    picture: connected ? account.picture : null,
  };
}

export function PreviewAuthor({ author, size, detail }: { author: ReturnType<typeof usePreviewAuthor>; size: number; detail?: ReactNode }) {
  return (
    <div className={classes.header}>
      {author.loading ? (
        <Skeleton circle height={size} />
      ) : (
        <Avatar src={author.picture} name={author.connected ? author.name : undefined} size={size} radius="xl" alt="" color="gray" />
      )}
      <div style={{ minWidth: 0 }}>
        {author.loading ? (
          <Skeleton height={12} width={120} />
        ) : (
          <div className={classes.accountName} data-testid="preview-author">
            {author.name}
          </div>
        )}
        {detail}
      </div>
    </div>
  );
}
