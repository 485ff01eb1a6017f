import type { Kysely } from 'kysely';

/**
 * Each network's result gets the code of its reason (RESULT_ERROR_CODES in src/domain/post.ts), which
 * the app and the e-mails translate into the studio's language; `error` stays the English technical
 * detail for operators. Results recorded before have none and show their `error` as written.
 */
export function postResultReasonsMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('post_results').addColumn('error_code', 'text').execute();
    },
  };
}
