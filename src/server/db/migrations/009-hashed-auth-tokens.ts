import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';

/** SHA-256, base64url: what Better Auth (verification identifiers) and auth/hashed-session-tokens.ts store. */
const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest('base64url');

/**
 * Session tokens and reset/welcome links were stored as sent, so a copy of the database signed anyone
 * in. From now on only their SHA-256 is stored (decision 015); this turns the rows already there into
 * that form, so signed-in users stay signed in and links already mailed keep working.
 */
export function hashedAuthTokensMigration() {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migration works on the schema as it was
    async up(db: Kysely<any>): Promise<void> {
      const sessions: { id: string; token: string }[] = await db.selectFrom('sessions').select(['id', 'token']).execute();
      for (const session of sessions) {
        await db
          .updateTable('sessions')
          .set({ token: digest(session.token) })
          .where('id', '=', session.id)
          .execute();
      }
      const links: { id: string; identifier: string }[] = await db
        .selectFrom('verifications')
        .select(['id', 'identifier'])
        .where('identifier', 'like', 'reset-password:%')
        .execute();
      for (const link of links) {
        await db
          .updateTable('verifications')
          .set({ identifier: digest(link.identifier) })
          .where('id', '=', link.id)
          .execute();
      }
    },
  };
}
