import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '../../../domain/project.ts';
import type { PostWriter, WriteRequest } from '../../adapters/ai/post-writer.ts';
import { createTemplateWriter } from '../../adapters/ai/template-writer.ts';
import { storedInstant } from '../../test-support/stored-values.ts';
import { filesUnder } from '../../test-support/images.ts';
import { createLaunchableProject } from '../../test-support/launchable-project.ts';
import { type TestApp, createTestApp, createTestUser, signIn } from '../../test-support/test-app.ts';

/** Recovery (SPEC §4, decision 009): back to draft; published posts stay, the others go with their files. */
describe('recovering a project', () => {
  let t: TestApp;
  let cookie: string;
  // A writer that waits when told to: lets a test recover the project while its generation runs.
  let hold: { reached: () => void; release: Promise<void> } | undefined;
  const template = createTemplateWriter();
  const writer: PostWriter = {
    kind: 'template',
    wantsImagePreviews: false,
    async write(request: WriteRequest) {
      if (hold) {
        hold.reached();
        await hold.release;
      }
      return template.write(request);
    },
  };

  beforeAll(async () => {
    t = await createTestApp({ writer });
    const user = await createTestUser(t, { email: 'estudio@recover.test', role: 'customer' });
    cookie = await signIn(t, user.email, user.password);
  });
  afterAll(async () => t.close());

  const recover = (projectId: number) => t.app.inject({ method: 'POST', url: `/api/projects/${projectId}/recover`, headers: { cookie } });
  const postsOf = (projectId: number) => t.database.db.selectFrom('posts').selectAll().where('project_id', '=', projectId).orderBy('sequence').execute();
  const keysOf = async (postIds: number[]) =>
    (await t.database.db.selectFrom('post_images').select(['instagram_key', 'linkedin_key']).where('post_id', 'in', postIds).execute()).flatMap((row) => [
      row.instagram_key,
      row.linkedin_key,
    ]);

  async function launched(publications: number): Promise<number> {
    const made = await createLaunchableProject(t, cookie, { fields: { publications }, imageCount: publications });
    expect((await t.app.inject({ method: 'POST', url: `/api/projects/${made.id}/launch`, headers: { cookie } })).statusCode).toBe(202);
    await t.worker.runDueJobs();
    return made.id;
  }

  it('keeps the published posts and deletes the others with their image variants', async () => {
    const projectId = await launched(3);
    const [published, scheduled, preview] = await postsOf(projectId);
    await t.database.db
      .updateTable('posts')
      .set({ state: 'published', published_at: storedInstant(new Date()) })
      .where('id', '=', published!.id)
      .execute();
    await t.database.db.updateTable('posts').set({ state: 'scheduled', publish_on: '2099-01-01' }).where('id', '=', scheduled!.id).execute();
    const goneKeys = await keysOf([scheduled!.id, preview!.id]);
    const keptKeys = await keysOf([published!.id]);

    const answer = await recover(projectId);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<Project>().state).toBe('draft');
    expect((await postsOf(projectId)).map((post) => post.id)).toEqual([published!.id]);
    const files = filesUnder(t.mediaDir);
    for (const key of goneKeys) expect(files).not.toContain(key);
    for (const key of keptKeys) expect(files).toContain(key);
    // The project's own images are untouched.
    expect(answer.json<Project>().images).toHaveLength(3);
  });

  it('refuses a draft (409) and a project whose post is being published (409 POST_LOCKED), changing nothing', async () => {
    const draft = await createLaunchableProject(t, cookie, { imageCount: 1 });
    expect((await recover(draft.id)).statusCode).toBe(409);

    const projectId = await launched(2);
    const [first] = await postsOf(projectId);
    await t.database.db
      .updateTable('posts')
      .set({ state: 'scheduled', publish_on: '2026-01-01', publishing_since: storedInstant(new Date()) })
      .where('id', '=', first!.id)
      .execute();
    const answer = await recover(projectId);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error.code).toBe('POST_LOCKED');
    expect(await postsOf(projectId)).toHaveLength(2);
  });

  it('leaves nothing behind when the project is recovered while its generation runs', async () => {
    const made = await createLaunchableProject(t, cookie, { fields: { publications: 2 }, imageCount: 2 });
    let reached!: () => void;
    const atWriter = new Promise<void>((resolve) => (reached = resolve));
    let release!: () => void;
    hold = { reached, release: new Promise<void>((resolve) => (release = resolve)) };
    const before = filesUnder(t.mediaDir);
    await t.app.inject({ method: 'POST', url: `/api/projects/${made.id}/launch`, headers: { cookie } });
    const running = t.worker.runDueJobs();
    await atWriter;
    expect((await recover(made.id)).statusCode).toBe(200);
    hold = undefined;
    release();
    await running;
    expect(await postsOf(made.id)).toEqual([]);
    const project = (await t.app.inject({ method: 'GET', url: `/api/projects/${made.id}`, headers: { cookie } })).json<Project>();
    expect(project.state).toBe('draft');
    expect(filesUnder(t.mediaDir).filter((file) => file.startsWith(`posts/${made.id}/`))).toEqual([]);
    expect(filesUnder(t.mediaDir).length).toBe(before.length);
  });
});
