import { getMigrations } from 'better-auth/db/migration';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../test-support/test-app.ts';
import { migrateToLatest } from './migrate.ts';

/** Better Auth's own plan for our database, with the warnings it logs about type and null drift. */
async function betterAuthPlan(t: TestApp) {
  const warnings: string[] = [];
  const plan = await getMigrations({
    ...t.auth.options,
    logger: { level: 'warn', log: (level, message) => void warnings.push(`${level}: ${message}`) },
  });
  return { ...plan, warnings };
}

describe('migrations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('running them again on a migrated database changes nothing', async () => {
    const tablesBefore = (await t.database.db.introspection.getTables()).map((table) => table.name).sort();
    expect(await migrateToLatest(t.database.db, t.database.dialect)).toEqual([]);
    expect(await migrateToLatest(t.database.db, t.database.dialect)).toEqual([]);
    const tablesAfter = (await t.database.db.introspection.getTables()).map((table) => table.name).sort();
    expect(tablesAfter).toEqual(tablesBefore);
    expect(tablesAfter).toEqual(
      expect.arrayContaining([
        'jobs',
        'posts',
        'post_images',
        'post_results',
        'users',
        'sessions',
        'accounts',
        'verifications',
        'attempt_counters',
        'audit_log',
        'contact_messages',
        'social_connections',
        'oauth_states',
        'queue_slots',
      ]),
    );
    const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(t.database.db);
    expect(applied.rows.map((row) => row.name)).toEqual([
      '001-accounts',
      '002-contact-messages',
      '003-projects',
      '004-social-connections',
      '005-projects-list-indexes',
      '006-posts-and-jobs',
      '007-post-result-reasons',
      '008-posts-list-indexes',
      '009-hashed-auth-tokens',
      '010-list-counts',
      '011-home-indexes',
      '012-result-reviews',
      '013-posts-time-of-day',
      '014-queue-slots',
      '015-earlier-publications',
      '016-texts-per-network',
      '017-studio-voice',
      '018-post-text-versions',
      '019-approval',
      '020-changes-comment-author',
      '022-post-history',
      '023-review-links',
      '024-approval-emails',
      '025-post-metrics',
      '026-monthly-report-emails',
      '027-results-export-index',
      '028-results-sums',
      '029-facebook-posts',
      '030-instagram-login',
      '031-facebook-uploads',
    ]);
  });

  it("agree with Better Auth's own schema check: nothing to create or add, no problems, no drift", async () => {
    const plan = await betterAuthPlan(t);
    expect(plan.toBeCreated).toEqual([]);
    expect(plan.toBeAdded).toEqual([]);
    expect(plan.toBeAddedIndexes).toEqual([]);
    expect(plan.unsafeChanges).toEqual([]);
    expect(plan.schemaProblems).toEqual([]);
    expect(plan.warnings).toEqual([]);
  });
});

describe("Better Auth's schema check", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('does notice a database that drifted from the schema, so the check above can fail', async () => {
    await t.database.db.schema.alterTable('users').dropColumn('vat').execute();
    await t.database.db.schema
      .alterTable('users')
      .addColumn('nickname', 'text', (column) => column.notNull())
      .execute();
    const plan = await betterAuthPlan(t);
    expect(plan.toBeAdded.map((entry) => [entry.table, Object.keys(entry.fields)])).toEqual([['users', ['vat']]]);
    expect(plan.schemaProblems.join('\n')).toContain('nickname');
  });
});
