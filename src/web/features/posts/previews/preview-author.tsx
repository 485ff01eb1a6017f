import { type ReactNode, useState } from 'react';
import type { TFunction } from 'i18next';
import type { PostAccounts } from '../../../../domain/post.ts';
import { NETWORK_NAMES, type SocialNetwork } from '../../../../domain/social-networks.ts';
import classes from './social-previews.module.css';

/** The account a preview is posted as (its name, picture), or a skeleton while it is being read. */
export interface PreviewAuthorInfo {
  loading?: boolean;
  connected: boolean;
  name: string;
  picture: string | null;
}

/**
 * The owner's account on a network as a preview's author, with a "not connected" name when there is none.
 * Free of data fetching: the app reads the accounts with usePreviewAuthor, the review page has them in its answer.
 */
export function previewAuthorOf(account: PostAccounts[SocialNetwork] | undefined, network: SocialNetwork, t: TFunction<'posts'>): PreviewAuthorInfo {
  const connected = account?.connected === true;
  return {
    connected,
    // Connected before a business account or page was chosen in Settings: no name to show yet.
    name: connected ? (account.name ?? t('preview.unnamedAccount', { network: NETWORK_NAMES[network] })) : t('preview.notConnected'),
    picture: connected ? account.picture : null,
  };
}

/** The author's header of a preview: picture (or initials), name and, on LinkedIn, a detail line. No UI library. */
export function PreviewAuthor({ author, size, detail }: { author: PreviewAuthorInfo; size: number; detail?: ReactNode }) {
  return (
    <div className={classes.header}>
      {author.loading ? (
        <div className={classes.skeleton} style={{ width: size, height: size, borderRadius: '50%', flex: 'none' }} />
      ) : (
        <AuthorPicture picture={author.picture} name={author.connected ? author.name : undefined} size={size} />
      )}
      <div style={{ minWidth: 0 }}>
        {author.loading ? (
          <div className={classes.skeleton} style={{ height: 12, width: 120 }} />
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

/** "Estudio Ferrer" → "EF", "estudio.ferrer" → "ES": as Mantine's Avatar made them, which the app showed before. */
export function initialsOf(name: string): string {
  const words = name.split(' ');
  if (words.length === 1) return name.slice(0, 2).toUpperCase();
  return words
    .map((word) => word.slice(0, 1))
    .slice(0, 2)
    .join('')
    .toUpperCase();
}

/** A round picture; the initials when there is none or it fails to load, a person's outline without a name. */
function AuthorPicture({ picture, name, size }: { picture: string | null; name: string | undefined; size: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  const style = { width: size, height: size, fontSize: size / 2.5 };
  if (picture && failed !== picture) {
    return (
      <div className={classes.avatar} style={style}>
        <img src={picture} alt="" onError={() => setFailed(picture)} />
      </div>
    );
  }
  return (
    <div className={classes.avatar} style={style}>
      {name ? (
        initialsOf(name)
      ) : (
        <svg viewBox="0 0 15 15" width="70%" height="70%" fill="none" aria-hidden="true" focusable="false">
          <path
            d="M0.877014 7.49988C0.877014 3.84219 3.84216 0.877045 7.49985 0.877045C11.1575 0.877045 14.1227 3.84219 14.1227 7.49988C14.1227 11.1575 11.1575 14.1227 7.49985 14.1227C3.84216 14.1227 0.877014 11.1575 0.877014 7.49988ZM7.49985 1.82704C4.36683 1.82704 1.82701 4.36686 1.82701 7.49988C1.82701 8.97196 2.38774 10.3131 3.30727 11.3213C4.19074 9.94119 5.73818 9.02499 7.50023 9.02499C9.26206 9.02499 10.8093 9.94097 11.6929 11.3208C12.6121 10.3127 13.1727 8.97172 13.1727 7.49988C13.1727 4.36686 10.6328 1.82704 7.49985 1.82704ZM10.9818 11.9787C10.2839 10.7795 8.9857 9.97499 7.50023 9.97499C6.01458 9.97499 4.71624 10.7797 4.01845 11.9791C4.97952 12.7272 6.18765 13.1727 7.49985 13.1727C8.81227 13.1727 10.0206 12.727 10.9818 11.9787ZM5.14999 6.50487C5.14999 5.207 6.20212 4.15487 7.49999 4.15487C8.79786 4.15487 9.84999 5.207 9.84999 6.50487C9.84999 7.80274 8.79786 8.85487 7.49999 8.85487C6.20212 8.85487 5.14999 7.80274 5.14999 6.50487ZM7.49999 5.10487C6.72679 5.10487 6.09999 5.73167 6.09999 6.50487C6.09999 7.27807 6.72679 7.90487 7.49999 7.90487C8.27319 7.90487 8.89999 7.27807 8.89999 6.50487C8.89999 5.73167 8.27319 5.10487 7.49999 5.10487Z"
            fill="currentColor"
            fillRule="evenodd"
            clipRule="evenodd"
          />
        </svg>
      )}
    </div>
  );
}
