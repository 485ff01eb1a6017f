import { DEFAULT_MIGRATION_TABLE, type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import { errorMessage } from '../lib/error-message.ts';
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
import { resultReviewsMigration } from './migrations/012-result-reviews.ts';
import { type StudioSchedule, postsTimeOfDayMigration } from './migrations/013-posts-time-of-day.ts';
import { queueSlotsMigration } from './migrations/014-queue-slots.ts';
import { earlierPublicationsMigration } from './migrations/015-earlier-publications.ts';
import { textsPerNetworkMigration } from './migrations/016-texts-per-network.ts';
import { studioVoiceMigration } from './migrations/017-studio-voice.ts';
import { postTextVersionsMigration } from './migrations/018-post-text-versions.ts';
import { approvalMigration } from './migrations/019-approval.ts';
import { changesCommentAuthorMigration } from './migrations/020-changes-comment-author.ts';
import { postHistoryMigration } from './migrations/022-post-history.ts';
import { reviewLinksMigration } from './migrations/023-review-links.ts';
import { postMetricsMigration } from './migrations/025-post-metrics.ts';
import { approvalEmailsMigration } from './migrations/024-approval-emails.ts';
import { monthlyReportEmailsMigration } from './migrations/026-monthly-report-emails.ts';
import { resultsExportIndexMigration } from './migrations/027-results-export-index.ts';
import { resultsSumsMigration } from './migrations/028-results-sums.ts';
import { facebookPostsMigration } from './migrations/029-facebook-posts.ts';
import { instagramLoginMigration } from './migrations/030-instagram-login.ts';
import { facebookUploadsMigration } from './migrations/031-facebook-uploads.ts';

/** Forward-only migrations, in order. Add a file, never edit a landed one. */
function allMigrations(dialect: Dialect, studio: StudioSchedule): Record<string, Migration> {
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
    '012-result-reviews': resultReviewsMigration(dialect),
    '013-posts-time-of-day': postsTimeOfDayMigration(dialect, studio),
    '014-queue-slots': queueSlotsMigration(dialect),
    '015-earlier-publications': earlierPublicationsMigration(dialect),
    '016-texts-per-network': textsPerNetworkMigration(),
    '017-studio-voice': studioVoiceMigration(dialect),
    '018-post-text-versions': postTextVersionsMigration(dialect),
    '019-approval': approvalMigration(dialect),
    '020-changes-comment-author': changesCommentAuthorMigration(dialect),
    '022-post-history': postHistoryMigration(dialect),
    '023-review-links': reviewLinksMigration(dialect),
    '025-post-metrics': postMetricsMigration(dialect),
    '024-approval-emails': approvalEmailsMigration(dialect),
    '026-monthly-report-emails': monthlyReportEmailsMigration(dialect),
    '027-results-export-index': resultsExportIndexMigration(dialect),
    '028-results-sums': resultsSumsMigration(dialect),
    '029-facebook-posts': facebookPostsMigration(dialect),
    '030-instagram-login': instagramLoginMigration(),
    '031-facebook-uploads': facebookUploadsMigration(),
  };
}

class StaticMigrationProvider implements MigrationProvider {
  constructor(private readonly migrations: Record<string, Migration>) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return this.migrations;
  }
}

/** STUDIO_TIME_ZONE's and PUBLISH_HOUR's defaults (config.ts), for a database migrated without a configuration (tests). */
const DEFAULT_STUDIO: StudioSchedule = { timeZone: 'Europe/Madrid', publishHour: 9 };

/**
 * Brings the database up to date; throws with the failing migration's error. `studio`: the
 * configuration's zone and publish hour, which give the posts of before issue 16 their time (013).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works on any schema
export async function migrateToLatest(db: Kysely<any>, dialect: Dialect, studio: StudioSchedule = DEFAULT_STUDIO): Promise<string[]> {
  const migrations = allMigrations(dialect, studio);
  if (await allApplied(db, Object.keys(migrations))) return [];
  const migrator = new Migrator({ db, provider: new StaticMigrationProvider(migrations) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${errorMessage(error)}`, { cause: error });
  }
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

/**
 * Whether the database has applied exactly these migrations: a start with nothing to migrate reads the
 * list once, not the migrator's checks of its two tables, its lock row and a locked transaction. Any
 * other answer (a new database, one with a migration unknown here, a failed read) leaves the decision,
 * and the error, to the migrator.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works on any schema
async function allApplied(db: Kysely<any>, names: string[]): Promise<boolean> {
  try {
    const applied = new Set((await db.selectFrom(DEFAULT_MIGRATION_TABLE).select('name').execute()).map((row: { name: string }) => row.name));
    return applied.size === names.length && names.every((name) => applied.has(name));
  } catch {
    return false;
  }
}
