import fs from 'node:fs';
import type { Insertable } from 'kysely';
import sharp from 'sharp';
import { instantOf } from '../../src/domain/studio-time.ts';
import type { PostImagesTable, PostsTable } from '../../src/server/db/schema.ts';
import { createLocalStorage } from '../../src/server/adapters/storage/local-storage.ts';
import { type SandboxProcess, startSandboxProcess } from '../../src/server/test-support/crash-harness.ts';
import { projectRowValues } from '../../src/server/test-support/projects.ts';
import { freePort } from '../../src/server/test-support/free-port.ts';
import { connect, sandboxAdapters } from '../../src/server/test-support/social-sandbox.ts';
import { storedFlag, storedInstant } from '../../src/server/test-support/stored-values.ts';
import { type TestApp, createTestApp, createTestUser, signIn } from '../../src/server/test-support/test-app.ts';
import type { BenchDialect } from './bench-app.ts';

/**
 * What bench/publishing-volume.ts publishes with: the networks' sandbox in a process of its own (as
 * LinkedIn and Meta are elsewhere) with a studio per customer, each with her own LinkedIn member and
 * Facebook page with its Instagram account; the app on a real port, whose /media serves the Instagram
 * images the sandbox downloads; each customer connected to both networks through the real OAuth flow,
 * signed in to the sandbox as her studio; and the due posts written straight into the database in bulk.
 */
export interface StudiosEnv {
  t: TestApp;
  sandbox: SandboxProcess;
  /** http://127.0.0.1:{port}, the app's PUBLIC_URL. */
  publicUrl: string;
  /** One customer per studio, in the studios' order. */
  customers: string[];
  /** The sandbox's process, whose CPU time the bench reads. */
  sandboxPid: number | undefined;
  close: () => Promise<void>;
}

/** Customers connected at once while setting up (each connection is a dozen requests in a row). */
const CONNECTING_AT_ONCE = 4;

export async function startStudios(input: { dialect: BenchDialect; studios: number; now: () => Date }): Promise<StudiosEnv> {
  // The test database reads it when it is made.
  process.env.TEST_DIALECT = input.dialect;
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const sandbox = await startSandboxProcess(publicUrl);
  const t = await createTestApp({ publicUrl, social: sandboxAdapters(sandbox, { timeoutMs: 15_000 }), now: input.now });
  await t.app.listen({ port, host: '127.0.0.1' });
  const studios = await sandbox.control('addStudios', input.studios);
  const customers: string[] = [];
  for (let from = 0; from < studios.length; from += CONNECTING_AT_ONCE) {
    const batch = studios.slice(from, from + CONNECTING_AT_ONCE);
    customers.push(...(await Promise.all(batch.map((studio, offset) => connectCustomer(t, studio.id, from + offset + 1)))));
  }
  return {
    t,
    sandbox,
    publicUrl,
    customers,
    sandboxPid: childProcessRunning('sandbox-process.ts'),
    close: async () => {
      await t.close();
      await sandbox.close();
    },
  };
}

/** A child process of this one whose command line names `script` (Linux /proc). */
function childProcessRunning(script: string): number | undefined {
  for (const entry of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const parent = Number(fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
      if (parent === process.pid && fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(script)) return Number(entry);
    } catch {
      // Gone meanwhile.
    }
  }
  return undefined;
}

/** A process's CPU time so far, user and system, in ms (Linux /proc, 100 ticks a second). */
export function cpuMsOf(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** A customer who connects LinkedIn and Instagram as `studio` in the sandbox; her id. */
async function connectCustomer(t: TestApp, studio: string, number: number): Promise<string> {
  const user = await createTestUser(t, { email: `estudio-${number}@bench.es`, role: 'customer', firstName: `Estudio ${number}` });
  const cookie = await signIn(t, user.email, user.password);
  for (const network of ['linkedin', 'instagram'] as const) {
    const answer = await connect(t, cookie, network, { studio });
    if (answer.statusCode !== 200) throw new Error(`${studio} could not connect ${network}: ${answer.statusCode} ${answer.body}`);
  }
  // Her one Instagram account becomes the target as the pages are read, as Settings reads them.
  const pages = await t.app.inject({ method: 'GET', url: '/api/social/instagram/pages', headers: { cookie } });
  if (pages.statusCode !== 200) throw new Error(`${studio}'s Instagram pages: ${pages.statusCode} ${pages.body}`);
  const targets = await t.database.db.selectFrom('social_connections').select(['network', 'publish_target_id']).where('user_id', '=', user.id).execute();
  if (targets.length !== 2 || targets.some((row) => !row.publish_target_id))
    throw new Error(`${studio} has no target to publish to: ${JSON.stringify(targets)}`);
  return user.id;
}

/** Ten photo-like JPEGs (4:5, 1080 px wide, about 35 KB), the variants a launch leaves. */
async function photos(): Promise<Buffer[]> {
  return Promise.all(
    Array.from({ length: 10 }, (_unused, index) =>
      sharp({ create: { width: 1080, height: 1350, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 100 + index * 8, sigma: 8 } } })
        .blur(2)
        .jpeg({ quality: 80 })
        .toBuffer(),
    ),
  );
}

/**
 * `perStudio` posts for each customer, due on `day`, to both networks with one image each, as a launch
 * leaves them: a project per customer in preview (it becomes launched when its last post is out), and
 * posts scheduled in bulk. Each text is unique (`label`), so the sandbox's records tell each post apart.
 * `studios`: the first that many customers only. Answers the posts' ids and texts.
 */
export async function seedDuePosts(env: StudiosEnv, input: { day: string; perStudio: number; label: string; studios?: number }): Promise<Map<number, string>> {
  const db = env.t.database.db;
  const storage = createLocalStorage({ root: env.t.mediaDir, publicUrl: env.publicUrl });
  const images = await photos();
  const created = new Date();
  const projects = await db
    .insertInto('projects')
    .values(
      env.customers
        .slice(0, input.studios ?? env.customers.length)
        .map((customer, index) => projectRowValues({ title: `Obra ${input.label} ${index + 1}`, state: 'preview', created_by: customer, created_at: created })),
    )
    .returning(['id', 'created_by'])
    .execute();
  const texts = new Map<number, string>();
  const projectOf = new Map<number, number>();
  await db.transaction().execute(async (trx) => {
    const rows: Insertable<PostsTable>[] = projects.flatMap((project, studio) =>
      Array.from({ length: input.perStudio }, (_unused, index) => ({
        project_id: project.id,
        owner_id: project.created_by,
        sequence: index + 1,
        state: 'scheduled',
        text: `Estudio ${studio + 1}, obra ${input.label}, publicación ${index + 1}: fachada de ladrillo, un patio y la luz de la mañana. #arquitectura #vivienda`,
        publish_on: input.day,
        // PUBLISH_HOUR in Madrid, the time the bench's clock reaches.
        publish_time: '09:00',
        publish_at: storedInstant(instantOf(input.day, '09:00', 'Europe/Madrid')),
        to_instagram: storedFlag(true),
        to_linkedin: storedFlag(true),
        publishing_since: null,
        published_at: null,
        created_at: storedInstant(created),
        updated_at: storedInstant(created),
      })),
    );
    for (let from = 0; from < rows.length; from += 500) {
      for (const post of await trx
        .insertInto('posts')
        .values(rows.slice(from, from + 500))
        .returning(['id', 'text', 'project_id'])
        .execute()) {
        texts.set(post.id, post.text);
        projectOf.set(post.id, post.project_id);
      }
    }
  });
  const imageRows: Insertable<PostImagesTable>[] = [];
  for (const [postId, projectId] of projectOf) {
    // Each network's variant in the project's folder, as a launch names them (LinkedIn uploads its own; Meta downloads Instagram's from /media).
    const [instagramKey, linkedinKey] = ['ig', 'li'].map((variant) => `posts/${projectId}/${input.label}-${postId}-${variant}.jpg`);
    for (const key of [instagramKey!, linkedinKey!]) await storage.put(key, images[postId % images.length]!, 'image/jpeg');
    imageRows.push({
      post_id: postId,
      project_image_id: null,
      position: 0,
      status: 'pending',
      instagram_key: instagramKey!,
      instagram_width: 1080,
      instagram_height: 1350,
      linkedin_key: linkedinKey!,
      linkedin_content_type: 'image/jpeg',
      created_at: storedInstant(created),
    });
  }
  for (let from = 0; from < imageRows.length; from += 500)
    await db
      .insertInto('post_images')
      .values(imageRows.slice(from, from + 500))
      .execute();
  return texts;
}
