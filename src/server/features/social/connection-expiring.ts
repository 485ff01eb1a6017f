import { DEFAULT_LANGUAGE, isLanguage } from '../../../domain/languages.ts';
import type { SocialNetwork } from '../../../domain/social.ts';
import { wallClockOf } from '../../../domain/studio-time.ts';
import type { ConnectionLossDependencies } from './connection-loss.ts';
import { connectionExpiringEmail } from './connection-expiring-email.ts';
import type { ConnectionRow } from './repo.ts';
import { countScheduledPostsFrom, expiringSubject, findConnectionOwner, recordExpiringMailed, wasExpiringMailed } from './token-refresh-repo.ts';

/** The studio's calendar: its zone says the expiry's day (posts have their own time: decision 026). */
export interface StudioSchedule {
  timeZone: string;
  publishHour: number;
}

/**
 * A connection the token refresh cannot renew while its token still works: it stays connected (the
 * posts due before the expiry go out with it) and its owner is e-mailed once per token, in their
 * language, with the day it expires and how many scheduled posts come after. The refresh closes it
 * once the token has expired. Throws when the mailer fails (the next run tries again).
 */
export async function warnExpiringConnection(
  deps: ConnectionLossDependencies & { studio: StudioSchedule },
  row: ConnectionRow,
  expiresAt: Date,
  now: Date,
): Promise<boolean> {
  const network = row.network as SocialNetwork;
  const subject = expiringSubject(network, row.user_id, expiresAt);
  if (await wasExpiringMailed(deps.db, subject)) return false;
  const owner = await findConnectionOwner(deps.db, row.user_id);
  if (!owner) return false;
  const { day } = wallClockOf(expiresAt, deps.studio.timeZone);
  // The posts that go out once the token has expired.
  const scheduledPosts = await countScheduledPostsFrom(deps.db, deps.dialect, row.user_id, network, expiresAt);
  await deps.mailer.send(
    connectionExpiringEmail({
      to: owner.email,
      name: owner.first_name || owner.name,
      language: isLanguage(owner.language) ? owner.language : DEFAULT_LANGUAGE,
      network,
      accountName: row.account_name,
      day: day.split('-').reverse().join('-'),
      scheduledPosts,
      settingsUrl: `${deps.publicUrl}/settings`,
    }),
  );
  await recordExpiringMailed(deps.db, subject, now);
  deps.log.info({ userId: row.user_id, network, expiresAt: expiresAt.toISOString(), scheduledPosts }, 'Connection-expiring e-mail sent');
  return true;
}
