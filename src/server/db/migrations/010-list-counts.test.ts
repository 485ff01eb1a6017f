import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveUnpublishedPostRows } from '../../features/posts/repo.ts';
import { deleteProjectRow, updateProjectRow } from '../../features/projects/repo.ts';
import { claimPost, finishPost } from '../../features/publishing/repo.ts';
import { createLaunchableProject } from '../../test-support/launchable-project.ts';
import type { TestDatabase } from '../../test-support/database.ts';
import { createTestPost, createTestProject } from '../../test-support/posts.ts';
import { projectRowValues } from '../../test-support/projects.ts';
import { type TestSandbox, connect, sandboxAdapters, startTestSandbox } from '../../test-support/social-sandbox.ts';
import { storedFlag, storedInstant } from '../../test-support/stored-values.ts';
import { type TestApp, createTestApp, createTestUser, signIn } from '../../test-support/test-app.ts';
import { type DatabaseHandle, openDatabase } from '../database.ts';
import type { Database } from '../schema.ts';
import { fillListCounts } from './010-list-counts.ts';

/**
 * Migration 010 (decision 019): the counts per state the lists read are kept by the database itself,
 * so after every kind of write, by whichever code path, they equal a fresh `count(*) group by`.
 */

const NOW = new Date('2025-06-10T08:00:00Z');
const TODAY = '2025-06-10';

/** Counts as a map from key to n, the rows at 0 left out (the triggers leave them). */
async function keptCounts(db: Kysely<Database>) {
  const posts = await db.selectFrom('post_counts').select(['owner_id', 'state', 'n']).execute();
  const projects = await db.selectFrom('project_counts').select(['person_id', 'relation', 'state', 'n']).execute();
  return {
    negative: [...posts, ...projects].filter((row) => Number(row.n) < 0),
    posts: Object.fromEntries(posts.filter((row) => Number(row.n) !== 0).map((row) => [`${row.owner_id}|${row.state}`, Number(row.n)])),
    projects: Object.fromEntries(projects.filter((row) => Number(row.n) !== 0).map((row) => [`${row.person_id}|${row.relation}|${row.state}`, Number(row.n)])),
  };
}

/** The same, counted afresh from the rows. */
async function freshCounts(db: Kysely<Database>) {
  const posts = await sql<{ key: string; n: number | string }>`
    select coalesce(owner_id, '') || '|' || state as key, count(*) as n from posts group by coalesce(owner_id, ''), state`.execute(db);
  const projects = await sql<{ key: string; n: number | string }>`
    select coalesce(created_by, '') || '|creator|' || state as key, count(*) as n from projects group by coalesce(created_by, ''), state
    union all
    select assigned_to || '|assignee|' || state, count(*) from projects
    where assigned_to is not null and assigned_to is distinct from created_by group by assigned_to, state`.execute(db);
  const byKey = (rows: { key: string; n: number | string }[]) => Object.fromEntries(rows.map((row) => [row.key, Number(row.n)]));
  return { negative: [], posts: byKey(posts.rows), projects: byKey(projects.rows) };
}

async function expectCountsKept(db: Kysely<Database>): Promise<void> {
  const fresh = await freshCounts(db);
  expect(await keptCounts(db)).toEqual(fresh);
}

describe('migration 010: counts per state kept by every write', () => {
  let sandbox: TestSandbox;
  let t: TestApp;
  let db: Kysely<Database>;
  const ids = { admin: '', clara: '', bruno: '', pablo: '' };
  const cookies = { admin: '', clara: '', pablo: '' };

  const inject = async (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>) => {
    const response = await t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response.statusCode === 204 ? null : response.json();
  };

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    t = await createTestApp({ social: sandboxAdapters(sandbox), now: () => NOW });
    db = t.database.db;
    for (const [name, role] of [
      ['admin', 'admin'],
      ['clara', 'customer'],
      ['bruno', 'customer'],
      ['pablo', 'publisher'],
    ] as const) {
      ids[name] = (await createTestUser(t, { email: `${name}@studio.es`, role })).id;
      if (name !== 'bruno') cookies[name] = await signIn(t, `${name}@studio.es`, 'secret-123');
    }
    expect((await connect(t, cookies.clara, 'linkedin')).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  it('fills them from the rows already there', async () => {
    const project = await createTestProject(db, { createdBy: ids.pablo, assignedTo: ids.clara });
    const own = await createTestProject(db, { createdBy: ids.clara, assignedTo: ids.clara, state: 'draft' });
    await createTestProject(db, { createdBy: null, assignedTo: ids.bruno, state: 'launched' });
    for (const state of ['preview', 'scheduled', 'published', 'preview'] as const) await createTestPost(db, { projectId: project, ownerId: ids.clara, state });
    await createTestPost(db, { projectId: own, ownerId: null });
    const kept = await keptCounts(db);
    await db.deleteFrom('post_counts').execute();
    await db.deleteFrom('project_counts').execute();
    await fillListCounts(db);
    expect(await keptCounts(db)).toEqual(kept);
    await expectCountsKept(db);
  });

  it('follows writes of many rows in one statement: inserts, state and owner changes, deletes', async () => {
    const people = [ids.clara, ids.bruno, ids.pablo, null];
    const projectIds = (
      await db
        .insertInto('projects')
        .values(
          Array.from({ length: 60 }, (_, index) =>
            projectRowValues({
              title: `Lote ${index}`,
              state: ['draft', 'preview', 'inProgress', 'launched'][index % 4]!,
              created_by: people[index % 4]!,
              // Assigned to someone else, to the creator, or to no one.
              assigned_to: [ids.clara, people[index % 4]!, null][index % 3]!,
            }),
          ),
        )
        .returning('id')
        .execute()
    ).map((row) => row.id);
    await expectCountsKept(db);
    await db
      .insertInto('posts')
      .values(
        Array.from({ length: 300 }, (_, index) => ({
          project_id: projectIds[index % projectIds.length]!,
          owner_id: people[index % 4]!,
          sequence: 1,
          state: ['preview', 'scheduled', 'published'][index % 3]!,
          text: 'En lote',
          to_instagram: storedFlag(false),
          to_linkedin: storedFlag(false),
          created_at: storedInstant(NOW),
          updated_at: storedInstant(NOW),
        })),
      )
      .execute();
    await expectCountsKept(db);
    await db.updateTable('posts').set({ state: 'scheduled' }).where('state', '=', 'preview').where('owner_id', '=', ids.bruno).execute();
    await db.updateTable('posts').set({ owner_id: ids.clara, state: 'preview' }).where('owner_id', 'is', null).execute();
    // Neither owner nor state changes: nothing to count.
    await db.updateTable('posts').set({ text: 'Otro texto' }).where('owner_id', '=', ids.clara).execute();
    await db.updateTable('projects').set({ assigned_to: ids.bruno, state: 'launched' }).where('id', 'in', projectIds.slice(0, 30)).execute();
    await db.updateTable('projects').set({ created_by: ids.bruno }).where('id', 'in', projectIds.slice(20, 40)).execute();
    await expectCountsKept(db);
    await db.deleteFrom('posts').where('state', '=', 'published').execute();
    await db.deleteFrom('projects').where('id', 'in', projectIds.slice(10, 50)).execute();
    await expectCountsKept(db);
  });

  it('follows the posts API and publishing: schedule, unschedule, publish today, publish again, delete', async () => {
    const project = await createTestProject(db, { createdBy: ids.admin, assignedTo: ids.clara });
    const [first, second, third] = await Promise.all([1, 2, 3].map((sequence) => createTestPost(db, { projectId: project, ownerId: ids.clara, sequence })));
    const schedule = (id: number, publishOn: string | null) =>
      inject(cookies.clara, 'PUT', `/api/posts/${id}/schedule`, { publish_on: publishOn, networks: { instagram: false, linkedin: publishOn !== null } });
    await schedule(first!.id, '2025-06-20');
    await schedule(second!.id, '2025-06-21');
    await expectCountsKept(db);
    await schedule(second!.id, null);
    await expectCountsKept(db);
    // Today: the publish job is queued; publishing claims the post and finishes it as the job does.
    await schedule(third!.id, TODAY);
    const job = await db.selectFrom('jobs').select('id').where('subject', '=', `post:${third!.id}`).executeTakeFirstOrThrow();
    expect(await claimPost(db, { postId: third!.id, jobId: job.id, now: NOW.toISOString() })).toBe(true);
    expect((await finishPost(db, t.database.dialect, { id: third!.id, projectId: project }, NOW.toISOString())).published).toBe(true);
    await expectCountsKept(db);
    await inject(cookies.clara, 'POST', `/api/posts/${third!.id}/reset`);
    await expectCountsKept(db);
    await inject(cookies.clara, 'DELETE', `/api/posts/${first!.id}`);
    await expectCountsKept(db);
    // What the chips show is those counts.
    const states = (await db.selectFrom('posts').select('state').where('owner_id', '=', ids.clara).execute()).map((row) => row.state);
    const count = (state: string) => states.filter((candidate) => candidate === state).length;
    expect((await inject(cookies.clara, 'GET', '/api/posts')).counts).toEqual({
      all: states.length,
      preview: count('preview'),
      awaiting_approval: count('awaiting_approval'),
      scheduled: count('scheduled'),
      published: count('published'),
    });
  });

  it('follows a project through the API: created, launched and generated, recovered, reassigned, deleted with its posts', async () => {
    const project = await createLaunchableProject(t, cookies.pablo, { fields: { publications: 2 }, imageCount: 2 });
    await expectCountsKept(db);
    await inject(cookies.pablo, 'POST', `/api/projects/${project.id}/launch`);
    await expectCountsKept(db);
    await t.worker.runDueJobs();
    expect(await db.selectFrom('posts').select('id').where('project_id', '=', project.id).execute()).toHaveLength(2);
    await expectCountsKept(db);
    await inject(cookies.pablo, 'POST', `/api/projects/${project.id}/recover`);
    await expectCountsKept(db);
    await inject(cookies.pablo, 'POST', `/api/projects/${project.id}/launch`);
    await t.worker.runDueJobs();
    await inject(cookies.admin, 'POST', `/api/projects/${project.id}/assign`, { userId: ids.clara });
    expect(await db.selectFrom('posts').select('owner_id').where('project_id', '=', project.id).execute()).toEqual([
      { owner_id: ids.clara },
      { owner_id: ids.clara },
    ]);
    await expectCountsKept(db);
    await inject(cookies.admin, 'DELETE', `/api/projects/${project.id}`);
    expect(await db.selectFrom('posts').select('id').where('project_id', '=', project.id).execute()).toEqual([]);
    await expectCountsKept(db);
  });

  it("follows a deleted user's posts and projects as their references are set to null", async () => {
    const gone = await createTestUser(t, { email: 'gone@cliente.es', role: 'customer' });
    const project = await createTestProject(db, { createdBy: gone.id, assignedTo: gone.id });
    await createTestProject(db, { createdBy: ids.pablo, assignedTo: gone.id });
    await createTestPost(db, { projectId: project, ownerId: gone.id, state: 'scheduled' });
    await expectCountsKept(db);
    await db.deleteFrom('sessions').where('user_id', '=', gone.id).execute();
    await db.deleteFrom('accounts').where('user_id', '=', gone.id).execute();
    await db.deleteFrom('users').where('id', '=', gone.id).execute();
    await expectCountsKept(db);
  });

  describe('with writers at once', () => {
    // Two connections on PostgreSQL, as two processes would have. SQLite has one writer at a time and the
    // app one connection; a second one in this process would wait on the first synchronously.
    let second: DatabaseHandle;
    beforeAll(() => {
      second = t.database.dialect === 'postgres' ? openDatabase((t.database as TestDatabase).settings) : t.database;
    });
    afterAll(async () => {
      if (second !== t.database) await second.close();
    });

    it('keeps them exact with 120 writes at once on the same counter rows', async () => {
      const projects = await Promise.all(Array.from({ length: 12 }, () => createTestProject(db, { createdBy: ids.pablo, assignedTo: ids.bruno })));
      const posts = await Promise.all(
        Array.from({ length: 48 }, (_, index) =>
          createTestPost(db, {
            projectId: projects[index % 12]!,
            ownerId: ids.bruno,
            state: index % 2 === 0 ? 'scheduled' : 'preview',
            publishOn: TODAY,
            images: [],
          }),
        ),
      );
      await expectCountsKept(db);
      const writes: Promise<unknown>[] = [];
      for (let index = 0; index < 120; index += 1) {
        const handle = index % 2 === 0 ? db : second.db;
        const post = posts[index % posts.length]!.id;
        const postProject = projects[(index % posts.length) % projects.length]!;
        const project = projects[index % projects.length]!;
        const write = [
          () => createTestPost(handle, { projectId: project, ownerId: index % 3 === 0 ? ids.clara : ids.bruno, images: [] }),
          () => handle.updateTable('posts').set({ state: 'scheduled' }).where('id', '=', post).where('state', '=', 'preview').execute(),
          () => finishPost(handle, t.database.dialect, { id: post, projectId: postProject }, NOW.toISOString()),
          () => handle.deleteFrom('posts').where('id', '=', post).execute(),
          () => moveUnpublishedPostRows(handle, { projectId: project, ownerId: index % 2 === 0 ? ids.clara : ids.bruno, at: NOW, askApprovalBy: null }),
          () =>
            handle
              .insertInto('projects')
              .values(projectRowValues({ created_by: ids.clara, assigned_to: ids.bruno }))
              .execute(),
          () => updateProjectRow(handle, project, { state: ['preview', 'launched'][index % 2]! }, NOW),
        ][index % 7]!;
        writes.push(write());
      }
      const outcomes = await Promise.allSettled(writes);
      expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
      await expectCountsKept(db);
      // And once more with a project deleted, cascading to its posts, among them.
      await Promise.all([deleteProjectRow(second.db, projects[0]!), createTestPost(db, { projectId: projects[1]!, ownerId: ids.bruno, images: [] })]);
      await expectCountsKept(db);
    });
  });
});
