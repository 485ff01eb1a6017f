import type { Kysely } from 'kysely';
import { DEFAULT_LANGUAGE, isLanguage } from '../../../domain/languages.ts';
import type { ResultErrorCode } from '../../../domain/post.ts';
import type { SocialNetwork } from '../../../domain/social.ts';
import type { Mailer } from '../../adapters/mail/mailer.ts';
import type { Dialect } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { type TokenCipher, TokenDecryptionError } from '../../lib/token-cipher.ts';
import { openPageTokens, openSecret, readConnection } from './connection.ts';
import { connectionLostEmail } from './connection-lost-email.ts';
import { findConnectionRow, findConnectionStatus } from './repo.ts';
import { type UnmailedLoss, countScheduledPosts, findConnectionOwner, markConnectionLost, recordLossMailed } from './token-refresh-repo.ts';
import type { Log } from '../../lib/log.ts';

/**
 * A lost connection: closed (is_connected false, the loss in audit_log in the same transaction) and its
 * owner e-mailed once. The token refresh closes a connection it cannot renew (token-refresh.ts);
 * publishing closes one whose token the network refused (closeRefusedConnection), so that the owner's
 * other scheduled posts fail at once as "not connected" instead of each calling the network in vain,
 * and Settings shows the connect button at once.
 */
export interface ConnectionLossDependencies {
  db: Kysely<Database>;
  dialect: Dialect;
  mailer: Mailer;
  /** The app's address: the e-mail links to its /settings. */
  publicUrl: string;
  log: Log;
}

/** The tokens a publication used (what getPublishingAccess handed out). */
export interface RefusedTokens {
  accessToken: string;
  pageAccessToken: string | null;
}

/** The post whose publication found the connection refused; `day` as the app shows it (dd-mm-yyyy), `time` HH:MM. */
export interface RefusedPost {
  id: number;
  project: string;
  sequence: number;
  day: string;
  time: string | null;
  /** Why, as the post's result records it (connectionRefused, permissionMissing). */
  reasonCode: ResultErrorCode;
}

/**
 * Sends the connection-lost e-mail for a loss and records it as mailed. A connection connected again
 * since, or a user gone, settles the loss without an e-mail. Throws when the mailer fails (the loss
 * stays owed: the token refresh sends it later).
 */
export async function mailConnectionLoss(deps: ConnectionLossDependencies, loss: UnmailedLoss, now: Date, refusedPost?: RefusedPost): Promise<void> {
  const connection = await findConnectionStatus(deps.db, loss.userId, loss.network);
  const owner = await findConnectionOwner(deps.db, loss.userId);
  const connectedAgain = connection !== undefined && (connection.is_connected || isAfter(connection.connected_at, loss.lostAt));
  if (!connection || !owner || connectedAgain) {
    // Nothing to tell any more (reconnected, or the user is gone): the loss is settled.
    await recordLossMailed(deps.db, loss, now);
    return;
  }
  const scheduledPosts = await countScheduledPosts(deps.db, deps.dialect, loss.userId, loss.network, refusedPost?.id);
  await deps.mailer.send(
    connectionLostEmail({
      to: owner.email,
      name: owner.first_name || owner.name,
      language: isLanguage(owner.language) ? owner.language : DEFAULT_LANGUAGE,
      network: loss.network,
      accountName: connection.account_name,
      login: connection.login === 'instagram' ? 'instagram' : 'facebook',
      scheduledPosts,
      settingsUrl: `${deps.publicUrl}/settings`,
      ...(refusedPost
        ? {
            failedPost: {
              project: refusedPost.project,
              sequence: refusedPost.sequence,
              day: refusedPost.day,
              time: refusedPost.time,
              reasonCode: refusedPost.reasonCode,
            },
          }
        : {}),
    }),
  );
  await recordLossMailed(deps.db, loss, now);
  deps.log.info({ userId: loss.userId, network: loss.network, scheduledPosts }, 'Connection-lost e-mail sent');
}

function isAfter(instant: Date | string | null, reference: string): boolean {
  return instant !== null && new Date(instant).getTime() > new Date(reference).getTime();
}

/**
 * Publishing found the network refusing the owner's token (invalid, expired, revoked app, or a
 * permission missing): the connection is closed and its owner e-mailed, as the token refresh does,
 * only if the row still holds the tokens that were refused (a reconnection or a renewal meanwhile wins,
 * and of two publications refused at once only the first closes it and e-mails). `closed` is false
 * when nothing was closed; `mailed` says whether the e-mail went (if not, the token refresh sends it).
 */
export async function closeRefusedConnection(
  deps: ConnectionLossDependencies & { cipher: TokenCipher },
  input: { userId: string; network: SocialNetwork; refused: RefusedTokens; reason: string; post: RefusedPost; now: Date },
): Promise<{ closed: boolean; mailed: boolean }> {
  const { userId, network, now } = input;
  const row = await findConnectionRow(deps.db, userId, network);
  if (!row || !row.is_connected || !holdsTokens(deps.cipher, row, input.refused)) return { closed: false, mailed: false };
  const loss = await markConnectionLost(deps.db, deps.dialect, row, now);
  deps.log.warn(
    { userId, network, postId: input.post.id, reason: input.reason, closed: loss !== undefined },
    'The network refused the connection while publishing: closed, its owner is e-mailed',
  );
  if (!loss) return { closed: false, mailed: false };
  try {
    await mailConnectionLoss(deps, loss, now, input.post);
    return { closed: true, mailed: true };
  } catch (error) {
    deps.log.error({ err: error, userId, network }, 'The connection-lost e-mail could not be sent; the token refresh sends it later');
    return { closed: true, mailed: false };
  }
}

/** The row still holds the user token that was refused and, when one was used, the page token (Instagram). */
function holdsTokens(cipher: TokenCipher, row: Parameters<typeof readConnection>[0], refused: RefusedTokens): boolean {
  const connection = readConnection(row);
  try {
    if (openSecret(cipher, connection, 'access_token') !== refused.accessToken) return false;
    if (refused.pageAccessToken === null) return true;
    return Object.values(openPageTokens(cipher, connection)).includes(refused.pageAccessToken);
  } catch (error) {
    // A row that no longer decrypts was not the one the publication read.
    if (error instanceof TokenDecryptionError || error instanceof SyntaxError) return false;
    throw error;
  }
}
