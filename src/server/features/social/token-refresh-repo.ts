import type { ExpressionBuilder, Kysely } from 'kysely';
import type { SocialNetwork } from '../../../domain/social.ts';
import type { Dialect } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { flagWriter } from '../../db/values.ts';
import { type ConnectionChanges, type ConnectionRow, readConnectionRow, writeConnectionChanges } from './repo.ts';

/**
 * SQL of the token refresh (token-refresh.ts). A connection the refresh closes, or one closed because a
 * publication found its token refused (connection-loss.ts), is remembered in audit_log:
 * `social.connection-lost` when it is closed (in the same transaction), and
 * `social.connection-lost-mailed` once its owner has the e-mail, both with the subject
 * `<network>:<user id>`. A lost row with no mailed row after it is an e-mail still owed. A connection
 * that cannot be renewed but still works is warned once per token: `social.connection-expiring-mailed`
 * with the subject `<network>:<user id>:<expiry ISO>`, so a new token gets a new warning.
 */
export const REFRESH_TOKENS_SUBJECT = 'refresh-tokens';
export const LOST_ACTION = 'social.connection-lost';
export const LOST_MAILED_ACTION = 'social.connection-lost-mailed';
export const EXPIRING_MAILED_ACTION = 'social.connection-expiring-mailed';
/** Attempts of one run for the providers that did not answer (RetryLater); the next run starts afresh. */
export const REFRESH_TOKENS_MAX_ATTEMPTS = 5;

export const lossSubject = (network: SocialNetwork, userId: string) => `${network}:${userId}`;
export const expiringSubject = (network: SocialNetwork, userId: string, expiresAt: Date) => `${network}:${userId}:${expiresAt.toISOString()}`;

/** Connected connections whose token, or Meta's data access, ends before the horizon (or whose expiry is unknown). */
export async function findConnectionsToRenew(db: Kysely<Database>, dialect: Dialect, horizon: Date): Promise<ConnectionRow[]> {
  const limit = horizon.toISOString();
  return (
    await db
      .selectFrom('social_connections')
      .selectAll()
      .where('is_connected', '=', flagWriter(dialect)(true))
      .where((eb) => eb.or([eb('token_expires_at', 'is', null), eb('token_expires_at', '<=', limit), eb('data_access_expires_at', '<=', limit)]))
      .orderBy('token_expires_at')
      .orderBy('id')
      .execute()
  ).map(readConnectionRow);
}

const NETWORK_COLUMNS = { linkedin: 'to_linkedin', instagram: 'to_instagram', facebook: 'to_facebook' } as const;
const networkColumn = (network: SocialNetwork) => NETWORK_COLUMNS[network];

/** The first day (YYYY-MM-DD) each owner has a post scheduled to the network. */
export async function findFirstScheduledDays(db: Kysely<Database>, dialect: Dialect, network: SocialNetwork, ownerIds: string[]): Promise<Map<string, string>> {
  if (ownerIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('posts')
    .select(['owner_id', (eb) => eb.fn.min('publish_on').as('first_day')])
    .where('state', '=', 'scheduled')
    .where(networkColumn(network), '=', flagWriter(dialect)(true))
    .where('owner_id', 'in', ownerIds)
    .groupBy('owner_id')
    .execute();
  return new Map(rows.filter((row) => row.owner_id !== null && row.first_day !== null).map((row) => [row.owner_id!, String(row.first_day)]));
}

/**
 * How many of the user's posts are scheduled to the network (publishing or not yet), but for
 * `exceptPostId`: the post whose publication found the connection refused has failed there already.
 */
export async function countScheduledPosts(
  db: Kysely<Database>,
  dialect: Dialect,
  userId: string,
  network: SocialNetwork,
  exceptPostId?: number,
): Promise<number> {
  let query = db
    .selectFrom('posts')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('owner_id', '=', userId)
    .where('state', '=', 'scheduled')
    .where(networkColumn(network), '=', flagWriter(dialect)(true));
  if (exceptPostId !== undefined) query = query.where('id', '!=', exceptPostId);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.count);
}

/** How many of the user's posts are scheduled to the network to go out at `from` or later (their time, decision 026). */
export async function countScheduledPostsFrom(db: Kysely<Database>, dialect: Dialect, userId: string, network: SocialNetwork, from: Date): Promise<number> {
  const row = await db
    .selectFrom('posts')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('owner_id', '=', userId)
    .where('state', '=', 'scheduled')
    .where(networkColumn(network), '=', flagWriter(dialect)(true))
    .where('publish_at', '>=', from.toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Whether the owner was already warned that this token expires (subject from expiringSubject). */
export async function wasExpiringMailed(db: Kysely<Database>, subject: string): Promise<boolean> {
  const row = await db.selectFrom('audit_log').select('id').where('action', '=', EXPIRING_MAILED_ACTION).where('subject', '=', subject).executeTakeFirst();
  return row !== undefined;
}

export async function recordExpiringMailed(db: Kysely<Database>, subject: string, now: Date): Promise<void> {
  await db.insertInto('audit_log').values({ actor_id: null, action: EXPIRING_MAILED_ACTION, subject, created_at: now.toISOString() }).execute();
}

/**
 * The renewed tokens in place of the old ones, in one update, only if the row still holds the token
 * that was renewed: a reconnection or a disconnection meanwhile wins. False when it did.
 */
export async function replaceTokens(db: Kysely<Database>, dialect: Dialect, row: ConnectionRow, changes: ConnectionChanges, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('social_connections')
    .set({ ...writeConnectionChanges(dialect, changes), updated_at: now.toISOString() })
    .where(sameConnection(dialect, row))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Not connected any more, and the loss recorded for its owner's e-mail (the loss, still unmailed);
 * undefined when the row changed meanwhile (reconnected, disconnected, renewed).
 */
export async function markConnectionLost(db: Kysely<Database>, dialect: Dialect, row: ConnectionRow, now: Date): Promise<UnmailedLoss | undefined> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('social_connections')
      .set({ is_connected: flagWriter(dialect)(false), updated_at: now.toISOString() })
      .where(sameConnection(dialect, row))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return undefined;
    const network = row.network as SocialNetwork;
    const lostAt = now.toISOString();
    const loss = await trx
      .insertInto('audit_log')
      .values({ actor_id: null, action: LOST_ACTION, subject: lossSubject(network, row.user_id), created_at: lostAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: loss.id, network, userId: row.user_id, lostAt };
  });
}

/** The row as it was read: still connected, still holding the same token. */
function sameConnection(dialect: Dialect, row: ConnectionRow) {
  return (eb: ExpressionBuilder<Database, 'social_connections'>) =>
    eb.and([
      eb('id', '=', row.id),
      eb('is_connected', '=', flagWriter(dialect)(true)),
      row.access_token === null ? eb('access_token', 'is', null) : eb('access_token', '=', row.access_token),
    ]);
}

export interface UnmailedLoss {
  id: number;
  network: SocialNetwork;
  userId: string;
  lostAt: string;
}

/** Losses recorded since `since` whose owner has not had the e-mail yet, oldest first. */
export async function findUnmailedLosses(db: Kysely<Database>, since: Date): Promise<UnmailedLoss[]> {
  const rows = await db
    .selectFrom('audit_log as lost')
    .select(['lost.id', 'lost.subject', 'lost.created_at'])
    .where('lost.action', '=', LOST_ACTION)
    .where('lost.created_at', '>=', since.toISOString())
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('audit_log as mailed')
            .select('mailed.id')
            .where('mailed.action', '=', LOST_MAILED_ACTION)
            .whereRef('mailed.subject', '=', 'lost.subject')
            .whereRef('mailed.id', '>', 'lost.id'),
        ),
      ),
    )
    .orderBy('lost.id')
    .execute();
  return rows.flatMap((row) => {
    const match = /^(linkedin|instagram):(.+)$/.exec(row.subject ?? '');
    if (!match) return [];
    const lostAt = row.created_at instanceof Date ? row.created_at.toISOString() : String(row.created_at);
    return [{ id: row.id, network: match[1] as SocialNetwork, userId: match[2]!, lostAt }];
  });
}

export async function recordLossMailed(db: Kysely<Database>, loss: UnmailedLoss, now: Date): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({ actor_id: null, action: LOST_MAILED_ACTION, subject: lossSubject(loss.network, loss.userId), created_at: now.toISOString() })
    .execute();
}

export async function findConnectionOwner(db: Kysely<Database>, userId: string) {
  return db.selectFrom('users').select(['email', 'first_name', 'name', 'language']).where('id', '=', userId).executeTakeFirst();
}
