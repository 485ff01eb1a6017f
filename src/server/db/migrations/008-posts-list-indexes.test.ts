import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PostViewer, countPostsByState, pagePostRows, runIdsQuery } from '../../features/posts/repo.ts';
import { createTestPost, createTestProject } from '../../test-support/posts.ts';
import { recordQueries } from '../../test-support/recorded-queries.ts';
import { type TestApp, createTestApp, createTestUser } from '../../test-support/test-app.ts';

/**
 * Migration 008: the posts list's pages are read along indexes in the list's own order (newest first,
 * a project's posts in id order), never sorted, however deep the page (bench/posts-list.ts).
 */
describe('migration 008: posts list indexes', () => {
  let t: TestApp;
  let admin: PostViewer;
  let customer: PostViewer;
  /** By state and day: preview 1st, scheduled 2nd, published 3rd, preview 4th, published 5th of January. */
  const ids: number[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const clara = await createTestUser(t, { email: 'clara@cliente.es', role: 'customer' });
    admin = { id: (await createTestUser(t, { email: 'admin@studio.es', role: 'admin' })).id, seesAll: true };
    customer = { id: clara.id, seesAll: false };
    const project = await createTestProject(db, { createdBy: clara.id });
    for (const [index, state] of (['preview', 'scheduled', 'published', 'preview', 'published'] as const).entries()) {
      ids[index] = (
        await createTestPost(db, {
          projectId: project,
          ownerId: clara.id,
          state,
          sequence: index + 1,
          images: [{}],
          createdAt: new Date(Date.UTC(2025, 0, 1 + index)),
        })
      ).id;
    }
  });
  afterAll(() => t.close());

  /** Each full index on posts with its columns as written, e.g. `created_at desc` (partial ones, such as migration 011's, hold other queries' rows). */
  async function postIndexes(): Promise<Record<string, string>> {
    const { rows } =
      t.database.dialect === 'postgres'
        ? await sql<{
            name: string;
            definition: string;
          }>`select indexname as name, indexdef as definition from pg_indexes where tablename = 'posts' and indexname <> 'posts_pkey'`.execute(t.database.db)
        : await sql<{
            name: string;
            definition: string;
          }>`select name, sql as definition from sqlite_master where type = 'index' and tbl_name = 'posts' and sql is not null`.execute(t.database.db);
    const full = rows.filter((row) => !/\swhere\s/i.test(row.definition));
    return Object.fromEntries(full.map((row) => [row.name, /\((.*)\)\s*$/.exec(row.definition)![1]!.replaceAll('"', '').toLowerCase()]));
  }

  it("replaces 006's (state, created_at) and (owner_id, state, created_at) with indexes in the list's order", async () => {
    expect(await postIndexes()).toEqual({
      posts_project_idx: 'project_id, sequence',
      posts_due_idx: 'state, publish_on',
      posts_state_newest_idx: 'state, created_at desc, id',
      posts_owner_state_newest_idx: 'owner_id, state, created_at desc, id',
      posts_newest_idx: 'created_at desc, id, state',
      posts_owner_newest_idx: 'owner_id, created_at desc, id, state',
      // Migration 013's: the sweep's and the calendar's.
      posts_due_at_idx: 'state, publish_at',
      posts_day_idx: 'publish_on, id',
      posts_owner_day_idx: 'owner_id, publish_on, id',
    });
  });

  it('still lists previews first, then scheduled and published together, newest first', async () => {
    const page = async (viewer: PostViewer, offset: number) => {
      const previewCount = async () => (await countPostsByState(t.database.db, viewer)).preview;
      return (await pagePostRows(t.database.db, viewer, { state: undefined, offset, limit: 2 }, previewCount)).map((row) => row.id);
    };
    const [preview1, scheduled2, published3, preview4, published5] = ids;
    expect([...(await page(admin, 0)), ...(await page(admin, 2)), ...(await page(admin, 4))]).toEqual([preview4, preview1, published5, published3, scheduled2]);
    expect(await page(customer, 3)).toEqual([published3, scheduled2]);
  });

  it("reads every run of the list along one of them, with no sort, for admins and for a customer's own posts", async () => {
    const db = t.database.db;
    const withoutPlaceholders = (text: string) => text.replace(/\$\d+/g, '?');
    const plans: string[] = [];
    for (const viewer of [admin, customer]) {
      // One state (a filter or the previews' run), then the others past the previews, deep in the list.
      const walks = [runIdsQuery(db, viewer, { is: 'published' }, 0, 6).compile(), runIdsQuery(db, viewer, { isNot: 'preview' }, 1, 6).compile()];
      const queries = await recordQueries(db, async (recording) => {
        await pagePostRows(recording, viewer, { state: 'published', offset: 0, limit: 6 }, async () => 2);
        await pagePostRows(recording, viewer, { state: undefined, offset: 3, limit: 6 }, async () => 2);
      });
      // The page's statements choose their rows with exactly these walks.
      expect(withoutPlaceholders(queries[0]!.sql)).toContain(withoutPlaceholders(walks[0]!.sql));
      expect(withoutPlaceholders(queries.at(-1)!.sql)).toContain(withoutPlaceholders(walks[1]!.sql));
      for (const walk of walks) plans.push(await planOf(walk));
    }
    expect(plans.map((plan) => /posts_\w+_idx/.exec(plan)?.[0])).toEqual([
      'posts_state_newest_idx',
      'posts_newest_idx',
      'posts_owner_state_newest_idx',
      'posts_owner_newest_idx',
    ]);
    for (const plan of plans) expect(plan).not.toMatch(/sort|temp b-tree/i);
  });

  /**
   * The plan's text. PostgreSQL is told that sorting and reading the whole table are dear (a handful of
   * rows would otherwise be sorted in memory), so a plan without a sort shows an index gives the order.
   */
  async function planOf(query: CompiledQuery): Promise<string> {
    return t.database.db.transaction().execute(async (trx) => {
      if (t.database.dialect === 'postgres') {
        // Statistics of the rows there are, as autovacuum keeps them, rather than guesses from the table's width.
        await sql`analyze posts`.execute(trx);
        for (const setting of ['enable_sort', 'enable_incremental_sort', 'enable_seqscan', 'enable_bitmapscan'])
          await sql`set local ${sql.raw(setting)} = off`.execute(trx);
      }
      const prefix = t.database.dialect === 'postgres' ? 'explain ' : 'explain query plan ';
      const { rows } = await trx.executeQuery(CompiledQuery.raw(prefix + query.sql, [...query.parameters]));
      return (rows as Array<Record<string, unknown>>).map((row) => String(row['QUERY PLAN'] ?? row.detail)).join('\n');
    });
  }
});
