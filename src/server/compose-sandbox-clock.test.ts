import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays } from '../domain/studio-time.ts';
import { MAX_CLOCK_OFFSET_SECONDS } from '../sandbox/sandbox.ts';
import { startComposedApp } from './test-support/composed-app.ts';
import { type TestDatabase, createTestDatabase } from './test-support/database.ts';
import { createTestPost, createTestProject } from './test-support/posts.ts';

/**
 * Decision 026: where every network is emulated, the studio's clock is the sandbox's, so that a journey
 * sees a post published at its time by moving the sandbox's clock (POST /sandbox/control/advance-time):
 * the studio's today moves, and the publication sweep runs at once instead of at the next minute.
 */
const ADMIN = { email: 'admin@sandbox-clock.test', password: 'admin-secret-1' };

describe("the app's clock follows the sandbox's where every network is emulated", () => {
  let database: TestDatabase;
  let dataDir: string;
  let composed: Awaited<ReturnType<typeof startComposedApp>>['composed'];
  let url: string;
  let signIn: Awaited<ReturnType<typeof startComposedApp>>['signIn'];

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'alzado-sandbox-clock-'));
    const started = await startComposedApp(database, { dataDir, admin: ADMIN });
    ({ composed, url, signIn } = started);
  });
  afterAll(async () => {
    await composed?.app.close();
    await composed?.events.close();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const advance = async (seconds: number) => {
    const response = await fetch(`${url}/sandbox/control/advance-time`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ seconds }),
    });
    expect(response.status).toBe(200);
  };

  it("moves the studio's today and queues a post whose time has come at once", async () => {
    const cookie = await signIn(ADMIN);
    const today = async () => ((await (await fetch(`${url}/api/posts`, { headers: { cookie } })).json()) as { today: string }).today;
    const before = await today();

    const project = await createTestProject(database.db);
    const { id } = await createTestPost(database.db, {
      projectId: project,
      ownerId: null,
      state: 'scheduled',
      publishOn: addDays(before, 2),
      publishTime: '12:00',
      networks: { linkedin: true },
    });
    const jobs = () => database.db.selectFrom('jobs').select('id').where('subject', '=', `post:${id}`).execute();
    composed.publishing.sweep.start();
    try {
      await advance(86_400);
      expect(await today()).toBe(addDays(before, 1));
      expect(await jobs()).toEqual([]);
      // Three days on: its time has passed, and the sweep runs as the clock moves, not at the next minute.
      await advance(2 * 86_400);
      expect(await today()).toBe(addDays(before, 3));
      await vi.waitFor(async () => expect(await jobs()).toHaveLength(1), { timeout: 5_000, interval: 25 });
    } finally {
      await composed.publishing.sweep.stop();
    }
  });

  // Issue 21 item 5: { "seconds": 9e15 } put the clock past the last date JavaScript has, and the posts
  // list, the home and the calendar answered 500 to everyone until a reset.
  const control = (path: string, body?: unknown) =>
    fetch(`${url}/sandbox/control${path}`, {
      method: body === undefined && path === '' ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const offset = async () => ((await (await control('')).json()) as { clockOffsetSeconds: number }).clockOffsetSeconds;

  it.each([9e15, 8.64e12, MAX_CLOCK_OFFSET_SECONDS + 1, 1e300, -1, 1.5, '86400', null])(
    'refuses to move the clock by %s with 400, saying how far it may go, and leaves it where it was',
    async (seconds) => {
      const before = await offset();
      const response = await control('/advance-time', { seconds });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ status: 400, message: expect.any(String) });
      expect(await offset()).toBe(before);
    },
  );

  it('refuses an advance that would take the clock past its bound in several steps, and keeps the app answering after the largest it accepts', async () => {
    expect((await control('/reset', {})).status).toBe(200);
    const cookie = await signIn(ADMIN);
    const today = ((await (await fetch(`${url}/api/posts`, { headers: { cookie } })).json()) as { today: string }).today;
    const project = await createTestProject(database.db);
    await createTestPost(database.db, {
      projectId: project,
      ownerId: null,
      state: 'scheduled',
      publishOn: addDays(today, 2),
      publishTime: '12:00',
      networks: { linkedin: true },
    });

    expect((await control('/advance-time', { seconds: MAX_CLOCK_OFFSET_SECONDS - 86_400 })).status).toBe(200);
    const further = await control('/advance-time', { seconds: 2 * 86_400 });
    expect(further.status).toBe(400);
    expect(((await further.json()) as { message: string }).message).toMatch(/at most/);
    expect(await offset()).toBe(MAX_CLOCK_OFFSET_SECONDS - 86_400);
    expect((await control('/advance-time', { seconds: 86_400 })).status).toBe(200);
    expect(await offset()).toBe(MAX_CLOCK_OFFSET_SECONDS);

    const later = ((await (await fetch(`${url}/api/posts`, { headers: { cookie } })).json()) as { today: string }).today;
    expect(later > today).toBe(true);
    const month = later.slice(0, 7);
    for (const path of [
      '/api/posts',
      '/api/posts?state=scheduled',
      '/api/home',
      `/api/calendar?from=${month}-01&to=${month}-28`,
      `/api/calendar?from=${today}&to=${addDays(today, 30)}`,
      '/api/projects',
      '/api/social/linkedin',
    ]) {
      const response = await fetch(`${url}${path}`, { headers: { cookie } });
      expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
    }
    expect((await control('/reset', {})).status).toBe(200);
    expect(await offset()).toBe(0);
  });
});
