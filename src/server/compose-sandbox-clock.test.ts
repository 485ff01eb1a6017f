import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays } from '../domain/studio-time.ts';
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
    const response = await fetch(`${url}/sandbox/control/advance-time`, { method: 'POST', headers: { 'content-type': 'application/json', origin: url }, body: JSON.stringify({ seconds }) });
    expect(response.status).toBe(200);
  };

  it("moves the studio's today and queues a post whose time has come at once", async () => {
    const cookie = await signIn(ADMIN);
    const today = async () => ((await (await fetch(`${url}/api/posts`, { headers: { cookie } })).json()) as { today: string }).today;
    const before = await today();

    const project = await createTestProject(database.db);
    const { id } = await createTestPost(database.db, { projectId: project, ownerId: null, state: 'scheduled', publishOn: addDays(before, 2), publishTime: '12:00', networks: { linkedin: true } });
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
});
