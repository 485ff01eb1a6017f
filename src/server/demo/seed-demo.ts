import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { GenerationStatus } from '../../domain/generation.ts';
import type { PostPage } from '../../domain/post.ts';
import type { Project, ProjectState } from '../../domain/project.ts';
import type { Prompt } from '../../domain/prompt.ts';
import type { CurrentUser, User } from '../../domain/user.ts';
import type { Database } from '../db/schema.ts';
import { DemoApi } from './demo-api.ts';
import { DEMO_CUSTOMER, DEMO_PROJECTS, DEMO_PUBLISHER, type DemoPerson, type DemoProject, PRIVATE_PROMPT, PUBLIC_PROMPT } from './demo-content.ts';
import { renderScene } from './demo-images.ts';

export interface DemoDependencies {
  app: FastifyInstance;
  db: Kysely<Database>;
  /** Runs the jobs that are due (the launches' generation) in this process; how many ran. */
  runDueJobs: () => Promise<number>;
  /** The first administrator, as main.ts makes it. */
  admin: { email: string; password: string };
  /** PUBLIC_URL: the demo writes as the app's own pages do, with their Origin. */
  publicUrl: string;
  /**
   * How LinkedIn is served: by the sandbox mounted in the app (the demo connects the customer through
   * it), by the real network (a person must connect it) or not at all (SOCIAL_SANDBOX=false, or auto while the other network has credentials).
   */
  linkedin: 'sandbox' | 'real' | 'none';
  /** Shrinks the pictures (tests use a fraction); 1 is the real size. */
  imageScale?: number;
}

export interface DemoSummary {
  accounts: { role: DemoPerson; email: string; password: string }[];
  prompts: { title: string; public: boolean }[];
  projects: { id: number; title: string; state: ProjectState; posts: number; images: number }[];
  /** The post scheduled to the customer's LinkedIn, or why there is none. */
  scheduled: { postId: number; projectTitle: string; day: string } | { skipped: string };
}

/** The demo is only for an empty studio: it never mixes its data with someone's real projects. */
export class DemoRefused extends Error {}

export async function assertNoProjects(db: Kysely<Database>): Promise<void> {
  const { count } = await db
    .selectFrom('projects')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
    .executeTakeFirstOrThrow();
  if (Number(count) > 0) {
    throw new DemoRefused(
      `This database already has ${Number(count)} project(s): the demo only fills an empty one, so nothing was changed. Point DATA_DIR (or DATABASE_URL) at a new database to try it.`,
    );
  }
}

/**
 * Fills an empty database with a demo studio through the app's own HTTP API: a customer and a
 * publisher, two prompts, six projects with pictures (two drafts, four launched with their posts in
 * preview) and, when LinkedIn is the sandbox, the customer's LinkedIn connected and one post scheduled
 * for the studio's tomorrow.
 */
export async function seedDemo(deps: DemoDependencies): Promise<DemoSummary> {
  await assertNoProjects(deps.db);
  const api = new DemoApi(deps.app, deps.publicUrl);
  const newPassword = () => randomBytes(9).toString('base64url');

  const adminCookie = await api.signIn(deps.admin.email, deps.admin.password);
  const me = await api.request<CurrentUser>({ method: 'GET', url: '/api/me', cookie: adminCookie });
  if (me.role !== 'admin') throw new DemoRefused(`${deps.admin.email} is not an administrator: the demo needs one to create the studio's users.`);
  const people = { admin: { id: me.id, cookie: adminCookie } } as Record<DemoPerson, { id: string; cookie: string }>;
  const accounts: DemoSummary['accounts'] = [{ role: 'admin', ...deps.admin }];
  for (const [role, fields] of [
    ['customer', DEMO_CUSTOMER],
    ['publisher', DEMO_PUBLISHER],
  ] as const) {
    const password = newPassword();
    const user = await api.request<User>({ method: 'POST', url: '/api/users', cookie: adminCookie, payload: { ...fields, password }, expect: 201 });
    people[role] = { id: user.id, cookie: await api.signIn(fields.email, password) };
    accounts.push({ role, email: fields.email, password });
  }

  const publicPrompt = await api.request<Prompt>({ method: 'POST', url: '/api/prompts', cookie: adminCookie, payload: PUBLIC_PROMPT, expect: 201 });
  const privatePrompt = await api.request<Prompt>({
    method: 'POST',
    url: '/api/prompts',
    cookie: people.customer.cookie,
    payload: PRIVATE_PROMPT,
    expect: 201,
  });
  const promptIds = { public: publicPrompt.id, private: privatePrompt.id };

  const made: { demo: DemoProject; project: Project }[] = [];
  for (const [index, demo] of DEMO_PROJECTS.entries()) {
    made.push({ demo, project: await createProject(api, demo, people, promptIds, { index, scale: deps.imageScale ?? 1 }) });
  }

  // Connected before scheduling: a post is scheduled only to its owner's connected networks.
  const canSchedule = deps.linkedin === 'sandbox';
  if (canSchedule) await api.connectThroughSandbox(people.customer.cookie, 'linkedin');

  for (const { demo, project } of made.filter((entry) => entry.demo.launch)) {
    await api.request({ method: 'POST', url: `/api/projects/${project.id}/launch`, cookie: people[demo.createdBy].cookie, expect: 202 });
    while ((await deps.runDueJobs()) > 0);
    const status = await api.request<GenerationStatus>({ method: 'GET', url: `/api/projects/${project.id}/generation`, cookie: adminCookie });
    if (status.status !== 'succeeded')
      throw new Error(`The posts of "${project.title}" were not generated: ${status.error?.code ?? status.status} ${status.error?.message ?? ''}`);
  }

  const scheduled = canSchedule
    ? await scheduleFirstPost(api, people.customer.cookie, made.find((entry) => entry.demo.scheduleFirstPost)!.project)
    : {
        skipped:
          deps.linkedin === 'real'
            ? 'LinkedIn has real credentials: connect it in Settings to schedule a post'
            : 'LinkedIn has no credentials and the sandbox does not serve it (SOCIAL_SANDBOX=false, or auto while Instagram has credentials), so it cannot be connected',
      };

  const posts = await api.request<PostPage>({ method: 'GET', url: '/api/posts?pageSize=60', cookie: adminCookie });
  const projects: DemoSummary['projects'] = [];
  for (const { project } of made) {
    const current = await api.request<Project>({ method: 'GET', url: `/api/projects/${project.id}`, cookie: adminCookie });
    projects.push({
      id: current.id,
      title: current.title,
      state: current.state,
      posts: posts.items.filter((post) => post.project_id === current.id).length,
      images: current.images.length,
    });
  }
  return {
    accounts,
    prompts: [
      { title: publicPrompt.title, public: !publicPrompt.is_private },
      { title: privatePrompt.title, public: !privatePrompt.is_private },
    ],
    projects,
    scheduled,
  };
}

async function createProject(
  api: DemoApi,
  demo: DemoProject,
  people: Record<DemoPerson, { id: string; cookie: string }>,
  promptIds: { public: number; private: number },
  options: { index: number; scale: number },
): Promise<Project> {
  const cookie = people[demo.createdBy].cookie;
  const payload = { ...demo.fields, prompt_id: demo.prompt ? promptIds[demo.prompt] : null };
  const project = await api.request<Project>({ method: 'POST', url: '/api/projects', cookie, payload, expect: 201 });

  const files = await Promise.all(
    demo.images.map(async (image, position) => ({
      name: `${slug(demo.fields.title)}-${position + 1}.jpg`,
      body: await renderScene({
        kind: image.kind,
        width: Math.round(image.width * options.scale),
        height: Math.round(image.height * options.scale),
        seed: (options.index + 1) * 1000 + position,
        hue: demo.hue + position * 12,
      }),
    })),
  );
  const upload = await api.uploadImages(cookie, project.id, files);
  if (upload.rejected.length > 0) throw new Error(`The app refused images of "${project.title}": ${JSON.stringify(upload.rejected)}`);

  if (demo.images.some((image) => image.unselected)) {
    const { images } = await api.request<Project>({ method: 'GET', url: `/api/projects/${project.id}`, cookie });
    const arranged = images.map((image, position) => ({ id: image.id, status: demo.images[position]?.unselected ? 'not_selected' : 'pending' }));
    await api.request({ method: 'PATCH', url: `/api/projects/${project.id}/images`, cookie, payload: { images: arranged } });
  }
  if (demo.assignToCustomer) {
    await api.request({ method: 'POST', url: `/api/projects/${project.id}/assign`, cookie: people.admin.cookie, payload: { userId: people.customer.id } });
  }
  return project;
}

/** The project's first post, to the customer's LinkedIn, on the studio's tomorrow (the API says what today is). */
async function scheduleFirstPost(api: DemoApi, cookie: string, project: Project): Promise<DemoSummary['scheduled']> {
  const page = await api.request<PostPage>({ method: 'GET', url: '/api/posts?pageSize=60', cookie });
  const first = page.items.filter((post) => post.project_id === project.id).sort((a, b) => a.sequence - b.sequence)[0];
  if (!first) throw new Error(`"${project.title}" has no posts to schedule`);
  const day = nextDay(page.today);
  await api.request({
    method: 'PUT',
    url: `/api/posts/${first.id}/schedule`,
    cookie,
    payload: { publish_on: day, networks: { instagram: false, linkedin: true } },
  });
  return { postId: first.id, projectTitle: project.title, day };
}

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

function slug(title: string): string {
  return title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
