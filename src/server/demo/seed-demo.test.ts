import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureFirstAdmin } from '../auth/first-admin.ts';
import { composeApp } from '../compose.ts';
import { loadConfig } from '../config.ts';
import { readFlag } from '../db/values.ts';
import { systemClock } from '../lib/clock.ts';
import { createStudioCalendar } from '../lib/studio-calendar.ts';
import { type TestDatabase, createTestDatabase } from '../test-support/database.ts';
import { freePort } from '../test-support/free-port.ts';
import { filesUnder } from '../test-support/images.ts';
import { type DemoSummary, DemoRefused, seedDemo } from './seed-demo.ts';

/**
 * `npm run demo` (issue 6): the seeding run against a fresh database through the app npm start
 * composes (sandbox in the app, local storage in DATA_DIR), with small pictures to stay quick.
 */
const ADMIN = { email: 'admin@demo.test', password: 'demo-admin-123' };

async function startDemoApp(environment: Record<string, string> = {}) {
  const database = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'alzado-demo-'));
  const port = await freePort();
  const config = loadConfig({
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'silent',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ...environment,
  });
  const composed = await composeApp(config, database);
  await ensureFirstAdmin({ db: database.db, auth: composed.auth, credentials: config.firstAdmin, announce: () => undefined });
  await composed.app.listen({ port, host: '127.0.0.1' });
  const seed = () =>
    seedDemo({
      app: composed.app,
      db: database.db,
      runDueJobs: () => composed.worker.runDueJobs(),
      admin: ADMIN,
      publicUrl: config.publicUrl,
      linkedin: composed.socialClients.linkedin ? 'sandbox' : 'none',
      imageScale: 0.25,
    });
  const close = async () => {
    await composed.app.close();
    await composed.events.close();
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { database, mediaDir: path.join(dataDir, 'media'), seed, close, app: composed.app };
}

const countRows = async (database: TestDatabase) => {
  const count = async (table: 'users' | 'prompts' | 'projects' | 'project_images' | 'posts' | 'post_images' | 'social_connections' | 'jobs') =>
    Number(
      (
        await database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );
  return {
    users: await count('users'),
    prompts: await count('prompts'),
    projects: await count('projects'),
    project_images: await count('project_images'),
    posts: await count('posts'),
    post_images: await count('post_images'),
    social_connections: await count('social_connections'),
    jobs: await count('jobs'),
  };
};

describe('the demo studio, with the sandbox in the app', () => {
  let demo: Awaited<ReturnType<typeof startDemoApp>>;
  let summary: DemoSummary;

  beforeAll(async () => {
    demo = await startDemoApp();
    summary = await demo.seed();
  }, 120_000);
  afterAll(async () => demo?.close());

  it('makes the customer Estudio Roca and a publisher, who sign in with the printed passwords', async () => {
    const users = await demo.database.db.selectFrom('users').select(['email', 'role', 'language', 'company']).orderBy('email').execute();
    expect(users).toEqual([
      { email: 'admin@demo.test', role: 'admin', language: 'es', company: '' },
      { email: 'clienta@alzado.local', role: 'customer', language: 'es', company: 'Estudio Roca' },
      { email: 'publicador@alzado.local', role: 'publisher', language: 'es', company: 'Estudio Roca' },
    ]);
    expect(summary.accounts.map((account) => [account.role, account.email])).toEqual([
      ['admin', ADMIN.email],
      ['customer', 'clienta@alzado.local'],
      ['publisher', 'publicador@alzado.local'],
    ]);
    for (const account of summary.accounts) {
      const answer = await demo.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: account.email, password: account.password } });
      expect(answer.statusCode, account.email).toBe(200);
    }
  });

  it('makes two prompts: a public one by the admin and a private one by the customer', async () => {
    const prompts = await demo.database.db
      .selectFrom('prompts')
      .innerJoin('users', 'users.id', 'prompts.user_id')
      .select(['users.email', 'prompts.is_private', 'prompts.description'])
      .orderBy('prompts.id')
      .execute();
    expect(prompts.map((prompt) => [prompt.email, readFlag(prompt.is_private)])).toEqual([
      [ADMIN.email, false],
      ['clienta@alzado.local', true],
    ]);
    for (const prompt of prompts) expect(prompt.description.length).toBeGreaterThan(200);
  });

  it('makes six projects: two drafts (one assigned to the customer) and four launched with their posts in preview', async () => {
    const projects = await demo.database.db
      .selectFrom('projects')
      .leftJoin('users', 'users.id', 'projects.assigned_to')
      .select(['projects.title', 'projects.state', 'projects.publications', 'projects.required_ai', 'users.email as assignee'])
      .orderBy('projects.id')
      .execute();
    expect(projects.map((project) => project.state)).toEqual(['preview', 'preview', 'preview', 'preview', 'draft', 'draft']);
    expect(projects.filter((project) => project.state === 'draft').map((project) => project.assignee)).toEqual(['clienta@alzado.local', null]);
    expect(projects.filter((project) => !readFlag(project.required_ai))).toHaveLength(1);
    expect(new Set(projects.map((project) => project.publications))).toEqual(new Set([1, 2, 3, 4]));
    expect(summary.projects.map((project) => [project.state, project.posts])).toEqual([
      ['preview', 4],
      ['preview', 2],
      ['preview', 1],
      ['preview', 3],
      ['draft', 0],
      ['draft', 0],
    ]);
  });

  it("connects the customer's LinkedIn through the sandbox and schedules one post for the studio's tomorrow to it", async () => {
    const connections = await demo.database.db
      .selectFrom('social_connections')
      .innerJoin('users', 'users.id', 'social_connections.user_id')
      .select(['users.email', 'network', 'is_connected'])
      .execute();
    expect(connections.map((connection) => [connection.email, connection.network, readFlag(connection.is_connected)])).toEqual([
      ['clienta@alzado.local', 'linkedin', true],
    ]);

    const posts = await demo.database.db
      .selectFrom('posts')
      .innerJoin('users', 'users.id', 'posts.owner_id')
      .select(['posts.id', 'state', 'publish_on', 'to_linkedin', 'to_instagram', 'users.email'])
      .execute();
    expect(posts).toHaveLength(10);
    expect(new Set(posts.map((post) => post.email))).toEqual(new Set(['clienta@alzado.local']));
    const scheduled = posts.filter((post) => post.state === 'scheduled');
    expect(posts.filter((post) => post.state === 'preview')).toHaveLength(9);
    expect(scheduled).toHaveLength(1);
    const today = createStudioCalendar({ timeZone: 'Europe/Madrid', now: systemClock }).today();
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect([scheduled[0]!.publish_on, readFlag(scheduled[0]!.to_linkedin), readFlag(scheduled[0]!.to_instagram)]).toEqual([tomorrow, true, false]);
    expect(summary.scheduled).toEqual({ postId: scheduled[0]!.id, projectTitle: 'Biblioteca del Parque Norte', day: tomorrow });
  });

  it('stores every picture and its network variants, the unselected ones kept out of the posts', async () => {
    const files = filesUnder(demo.mediaDir);
    const images = await demo.database.db.selectFrom('project_images').select(['storage_key', 'status', 'width', 'height']).execute();
    expect(images).toHaveLength(19);
    expect(images.filter((image) => image.status === 'not_selected')).toHaveLength(2);
    for (const image of images) {
      expect(files).toContain(image.storage_key);
      expect(image.width / image.height).toBeGreaterThanOrEqual(0.8);
      expect(image.width / image.height).toBeLessThanOrEqual(1.91);
    }
    const variants = await demo.database.db.selectFrom('post_images').select(['instagram_key', 'linkedin_key']).execute();
    expect(variants.length).toBeGreaterThanOrEqual(10);
    for (const variant of variants) expect(files).toEqual(expect.arrayContaining([variant.instagram_key, variant.linkedin_key]));
  });

  it('refuses a second run and changes nothing', async () => {
    const before = await countRows(demo.database);
    const filesBefore = filesUnder(demo.mediaDir);
    await expect(demo.seed()).rejects.toThrow(DemoRefused);
    await expect(demo.seed()).rejects.toThrow(/already has 6 project\(s\).*nothing was changed/);
    expect(await countRows(demo.database)).toEqual(before);
    expect(filesUnder(demo.mediaDir)).toEqual(filesBefore);
  });
});

describe('the demo studio, with the sandbox off', () => {
  it('makes the same studio, connects no network and schedules nothing, and says why', async () => {
    const demo = await startDemoApp({ SOCIAL_SANDBOX: 'false' });
    try {
      const summary = await demo.seed();
      expect(summary.scheduled).toEqual({ skipped: expect.stringContaining('SOCIAL_SANDBOX=false') });
      expect(summary.projects.map((project) => project.state)).toEqual(['preview', 'preview', 'preview', 'preview', 'draft', 'draft']);
      expect(await countRows(demo.database)).toMatchObject({ users: 3, prompts: 2, projects: 6, posts: 10, social_connections: 0 });
      const states = await demo.database.db.selectFrom('posts').select('state').distinct().execute();
      expect(states).toEqual([{ state: 'preview' }]);
    } finally {
      await demo.close();
    }
  }, 120_000);
});
