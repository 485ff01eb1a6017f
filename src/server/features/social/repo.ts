import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { SocialNetwork } from '../../../domain/social.ts';
import type { Database, OAuthStatesTable, SocialConnectionsTable } from '../../db/schema.ts';
import type { Dialect } from '../../db/database.ts';
import { flagWriter, readFlag } from '../../db/values.ts';

/** SQL of the social connections and the OAuth states (migration 004). Instants are written as ISO text. */
/** A connection as the feature sees it, and the changes it makes: is_connected a boolean whatever the dialect stores. */
export type ConnectionRow = Omit<Selectable<SocialConnectionsTable>, 'is_connected'> & { is_connected: boolean };
export type ConnectionChanges = Omit<Updateable<SocialConnectionsTable>, 'id' | 'user_id' | 'network' | 'created_at' | 'is_connected'> & {
  is_connected?: boolean;
};

export function readConnectionRow(row: Selectable<SocialConnectionsTable>): ConnectionRow {
  return { ...row, is_connected: readFlag(row.is_connected) };
}

/** The changes as the dialect stores them. */
export function writeConnectionChanges(dialect: Dialect, changes: ConnectionChanges): Updateable<SocialConnectionsTable> {
  const { is_connected: isConnected, ...rest } = changes;
  return { ...rest, ...(isConnected === undefined ? {} : { is_connected: flagWriter(dialect)(isConnected) }) };
}

export async function findConnectionRow(db: Kysely<Database>, userId: string, network: SocialNetwork): Promise<ConnectionRow | undefined> {
  const row = await db.selectFrom('social_connections').selectAll().where('user_id', '=', userId).where('network', '=', network).executeTakeFirst();
  return row && readConnectionRow(row);
}

/** Whether the user's connection to the network is open, its account's name, when it was last connected and the way (Instagram). */
export async function findConnectionStatus(db: Kysely<Database>, userId: string, network: SocialNetwork) {
  const row = await db
    .selectFrom('social_connections')
    .select(['is_connected', 'account_name', 'connected_at', 'login'])
    .where('user_id', '=', userId)
    .where('network', '=', network)
    .executeTakeFirst();
  return row && { ...row, is_connected: readFlag(row.is_connected) };
}

/** Creates the user's connection to the network, or overwrites the one there is (a reconnection). */
export async function upsertConnectionRow(
  db: Kysely<Database>,
  dialect: Dialect,
  userId: string,
  network: SocialNetwork,
  values: ConnectionChanges,
  at: Date,
): Promise<void> {
  const now = at.toISOString();
  const row = { ...writeConnectionChanges(dialect, values), updated_at: now } as Insertable<SocialConnectionsTable>;
  await db
    .insertInto('social_connections')
    .values({ ...row, user_id: userId, network, created_at: now })
    .onConflict((conflict) => conflict.columns(['user_id', 'network']).doUpdateSet(row))
    .execute();
}

/** The users' connections that can publish now: open, and with a token not yet expired at `now`. */
export function listUsableConnectionRows(db: Kysely<Database>, dialect: Dialect, userIds: string[], now: string) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('social_connections')
    .select(['user_id', 'network'])
    .where('user_id', 'in', userIds)
    .where('is_connected', '=', flagWriter(dialect)(true))
    .where((eb) => eb.or([eb('token_expires_at', 'is', null), eb('token_expires_at', '>', now)]))
    .execute();
}

export async function updateConnectionRow(db: Kysely<Database>, dialect: Dialect, id: number, changes: ConnectionChanges, at: Date): Promise<void> {
  await db
    .updateTable('social_connections')
    .set({ ...writeConnectionChanges(dialect, changes), updated_at: at.toISOString() })
    .where('id', '=', id)
    .execute();
}

export async function insertOAuthState(db: Kysely<Database>, state: Insertable<OAuthStatesTable>): Promise<void> {
  await db.insertInto('oauth_states').values(state).execute();
}

/**
 * Takes a state out of the table, whatever happens next: a state is good for one attempt only. Returns
 * it when it existed, for the caller to check whose it was.
 */
export async function takeOAuthState(db: Kysely<Database>, stateHash: string): Promise<OAuthStatesTable | undefined> {
  return db.deleteFrom('oauth_states').where('state_hash', '=', stateHash).returningAll().executeTakeFirst();
}

/** A user's states beyond the newest `keep`: a client asking again and again cannot grow the table. */
export async function deleteSurplusOAuthStates(db: Kysely<Database>, userId: string, keep: number): Promise<void> {
  const newest = db
    .selectFrom('oauth_states')
    .select('state_hash')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('state_hash')
    .limit(keep);
  await db.deleteFrom('oauth_states').where('user_id', '=', userId).where('state_hash', 'not in', newest).execute();
}

/** States nobody came back with: removed when new ones are handed out. */
export async function deleteExpiredOAuthStates(db: Kysely<Database>, now: Date): Promise<void> {
  await db.deleteFrom('oauth_states').where('expires_at', '<', now.toISOString()).execute();
}
