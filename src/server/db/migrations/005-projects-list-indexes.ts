import { type Kysely, sql } from 'kysely';

/**
 * Indexes for the projects list with 100,000 projects (bench/projects-list.ts): each sort the table
 * offers reads its page from an index, id last as the tie-break, instead of sorting every project.
 * created_at and state filters are served by migration 003's indexes.
 */
export function projectsListIndexesMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // Titles sort without capitals: lower(projects.title), as the list orders them.
      await db.schema
        .createIndex('projects_title_idx')
        .on('projects')
        .expression(sql`lower(title), id`)
        .execute();
      await db.schema.createIndex('projects_state_id_idx').on('projects').columns(['state', 'id']).execute();
      // One creator's projects in id order: the list sorted by creator reads them a creator at a time.
      await db.schema.createIndex('projects_created_by_id_idx').on('projects').columns(['created_by', 'id']).execute();
    },
  };
}
