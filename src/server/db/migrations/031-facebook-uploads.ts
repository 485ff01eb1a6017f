import type { Kysely } from 'kysely';

/**
 * Facebook Pages' exactly once (issue 27, docs/decisions/050 and 055): the unpublished photos uploaded for a
 * post of several images are kept with its Facebook result (`post_results.uploads`, a JSON list of
 * `{id, url, uploadedAt}`), written with the `publishing` commit, so that a later attempt attaches them again
 * rather than uploading them anew. Null for the other networks and for a result that uploaded nothing.
 */
export function facebookUploadsMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('post_results').addColumn('uploads', 'text').execute();
    },
  };
}
