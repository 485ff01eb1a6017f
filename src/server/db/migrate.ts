import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Dialect } from './database.ts';
import { accountsMigration } from './migrations/001-accounts.ts';
import { contactMessagesMigration } from './migrations/002-contact-messages.ts';
import { projectsMigration } from './migrations/003-projects.ts';
import { socialConnectionsMigration } from './migrations/004-social-connections.ts';
import { projectsListIndexesMigration } from './migrations/005-projects-list-indexes.ts';
import { postsAndJobsMigration } from './migrations/006-posts-and-jobs.ts';
import { postResultReasonsMigration } from './migrations/007-post-result-reasons.ts';
import { postsListIndexesMigration } from './migrations/008-posts-list-indexes.ts';
import { hashedAuthTokensMigration } from './migrations/009-hashed-auth-tokens.ts';
import { listCountsMigration } from './migrations/010-list-counts.ts';
import { homeIndexesMigration } from './migrations/011-home-indexes.ts';

/** Forward-only migrations, in order. Add a file, never edit a landed one. */
function allMigrations(dialect: Dialect): Record<string, Migration> {
  return {
    '001-accounts': accountsMigration(dialect),
    '002-contact-messages': contactMessagesMigration(dialect),
    '003-projects': projectsMigration(dialect),
    '004-social-connections': socialConnectionsMigration(dialect),
    '005-projects-list-indexes': projectsListIndexesMigration(),
    '006-posts-and-jobs': postsAndJobsMigration(dialect),
    '007-post-result-reasons': postResultReasonsMigration(),
    '008-posts-list-indexes': postsListIndexesMigration(),
    '009-hashed-auth-tokens': hashedAuthTokensMigration(),
    '010-list-counts': listCountsMigration(dialect),
    '011-home-indexes': homeIndexesMigration(),
  };
}

class StaticMigrationProvider implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return allMigrations(this.dialect);
  }
}

/** Brings the database up to date; throws with the failing migration's error. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works on any schema
export async function migrateToLatest(db: Kysely<any>, dialect: Dialect): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new StaticMigrationProvider(dialect) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
