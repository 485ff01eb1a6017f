import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiRoute, listApiRoutes } from '../test-support/api-routes.ts';
import { seededRandom } from '../lib/seeded-random.ts';
import { type FuzzCase, fuzzCases } from '../test-support/fuzz-cases.ts';
import { plainImage } from '../test-support/images.ts';
import { createTestPost } from '../test-support/posts.ts';
import { projectRowValues } from '../test-support/projects.ts';
import { storedFlag } from '../test-support/stored-values.ts';
import { requestStreamStart } from '../test-support/stream-start.ts';
import { type TestSandbox, connect, sandboxAdapters, startTestSandbox } from '../test-support/social-sandbox.ts';
import { type TestApp, createTestApp, createTestUser, signIn } from '../test-support/test-app.ts';

/**
 * Every route of /api/openapi.json fuzzed from its own description (issue 13): hundreds of requests per
 * route with parameters, query strings and bodies of the wrong type, missing, huge or odd (NUL, lone
 * surrogates, markup), prototype keys, invalid JSON and broken multipart, as a signed-in administrator
 * (connected to both networks through the sandbox) and anonymously. No answer may be a 5xx, and every
 * 4xx has our error shape. Seeded: FUZZ_SEED replays a run, FUZZ_CASES sets the cases per route.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);
const CASES_PER_ROUTE = Number(process.env.FUZZ_CASES ?? 200);
const RUN_LIMIT_MS = 600_000;

/** Reachable although OpenAPI hides them: the Better Auth endpoints the app leaves open (auth/routes.ts). */
const UNDOCUMENTED_ROUTES: ApiRoute[] = [
  { method: 'GET', path: '/api/auth/get-session', summary: '', pathParams: [], queryParams: [], eventStream: false },
  {
    method: 'POST',
    path: '/api/auth/change-password',
    summary: '',
    pathParams: [],
    queryParams: [],
    jsonBody: {
      type: 'object',
      properties: { currentPassword: { type: 'string' }, newPassword: { type: 'string', minLength: 6 }, revokeOtherSessions: { type: 'boolean' } },
      required: ['currentPassword', 'newPassword'],
    },
    eventStream: false,
  },
];
/** A request still unanswered after this is a failure too (a hang). */
const ANSWER_LIMIT_MS = 10_000;

function withinLimit<T>(answer: Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ANSWER_LIMIT_MS);
  });
  return Promise.race([answer, limit]).finally(() => clearTimeout(timer));
}

interface Answer {
  statusCode: number;
  contentType: string;
  body: string;
}

describe('fuzzing every route of the API', () => {
  let t: TestApp;
  let sandbox: TestSandbox;
  let routes: ApiRoute[];
  let address: string;
  let sampleImage: Buffer;
  const admin = { email: 'admin@fuzz.test', password: 'secret-123', id: '', cookie: '' };
  let customerId: string;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    // Both ways of connecting Instagram offered (decision 054), so `login=instagram` reaches its connector.
    t = await createTestApp({ social: sandboxAdapters(sandbox, { instagramLogin: true }) });
    admin.id = (await createTestUser(t, { email: admin.email, password: admin.password, role: 'admin' })).id;
    admin.cookie = await signIn(t, admin.email, admin.password);
    customerId = (await createTestUser(t, { email: 'customer@fuzz.test', role: 'customer' })).id;
    // Connected, so the pages, target and disconnect routes go past "not connected".
    for (const network of ['linkedin', 'instagram'] as const) expect((await connect(t, admin.cookie, network)).statusCode).toBe(200);
    routes = [...(await listApiRoutes(t.app)), ...UNDOCUMENTED_ROUTES];
    address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    sampleImage = await plainImage('png', 1080, 1080);
  });
  // Closing waits for the jobs the fuzz queued (e-mails, launches) to stop: longer than the default on a loaded machine.
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  }, 120_000);

  it('describes the routes it fuzzes', () => {
    expect(routes.length).toBeGreaterThan(40);
    const uploads = routes.filter((route) => route.multipartField).map((route) => `${route.method} ${route.path}`);
    expect(uploads.sort()).toEqual(['POST /api/projects/{id}/images', 'PUT /api/me/avatar']);
  });

  it.each(['administrator', 'anonymous'] as const)(
    'answers every case as %s with no 5xx, and every 4xx in our error shape',
    { timeout: RUN_LIMIT_MS },
    async (identity) => {
      const random = seededRandom(SEED + (identity === 'administrator' ? 1 : 2));
      const failures: string[] = [];
      let sent = 0;
      for (const route of routes) {
        const started = Date.now();
        const cookie = identity === 'administrator' ? await adminSession() : undefined;
        const validPath = await rowsFor(route);
        for (const fuzzCase of fuzzCases(route, { random, count: CASES_PER_ROUTE, validPath, sampleImage })) {
          const answer = await withinLimit(route.eventStream && cookie ? sendStreaming(fuzzCase, cookie) : send(fuzzCase, cookie));
          sent += 1;
          const problem = answer ? problemWith(answer, fuzzCase) : `no answer within ${ANSWER_LIMIT_MS} ms`;
          if (problem) failures.push(`${fuzzCase.method} ${fuzzCase.url.slice(0, 120)} [${fuzzCase.label}]: ${problem}`);
        }
        if (process.env.FUZZ_TRACE) console.log(`${identity} ${route.method} ${route.path}: ${Date.now() - started} ms`);
      }
      if (process.env.FUZZ_TRACE) console.log(`${identity}: ${sent} cases over ${routes.length} routes`);
      expect(sent).toBeGreaterThan(routes.length * 20);
      expect(failures.slice(0, 40), `${failures.length} of ${sent} cases failed (seed ${SEED})`).toEqual([]);
    },
  );

  /** The administrator's session, signed in again when a case ended it (sign-out, say). */
  async function adminSession(): Promise<string> {
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: admin.cookie } });
    if (me.statusCode === 200) return admin.cookie;
    // The fuzz's failed sign-ins count against this address: start the count again.
    await t.database.db.deleteFrom('attempt_counters').execute();
    await t.database.db
      .updateTable('users')
      .set({ active: storedFlag(true), role: 'admin' })
      .where('id', '=', admin.id)
      .execute();
    admin.cookie = await signIn(t, admin.email, admin.password);
    return admin.cookie;
  }

  /** Rows for the route's path parameters, made again for each route (an earlier one may have deleted them). */
  async function rowsFor(route: ApiRoute): Promise<Record<string, string>> {
    const values: Record<string, string> = {};
    const names = new Set(route.pathParams.map((parameter) => parameter.name));
    if (names.has('network')) values.network = route.path.length % 2 === 0 ? 'linkedin' : 'instagram';
    if (route.path.startsWith('/api/users/')) values.id = customerId;
    if (route.path.startsWith('/api/review/')) {
      // A real link of a customer's project, with a post of it awaiting approval.
      const { id: projectId } = await t.database.db
        .insertInto('projects')
        .values(projectRowValues({ title: 'Casa', state: 'preview', assigned_to: customerId }))
        .returning('id')
        .executeTakeFirstOrThrow();
      const { id: postId } = await createTestPost(t.database.db, { projectId, ownerId: customerId });
      await t.database.db.updateTable('posts').set({ state: 'awaiting_approval' }).where('id', '=', postId).execute();
      const created = await t.app.inject({
        method: 'POST',
        url: `/api/projects/${projectId}/review-links`,
        headers: { cookie: await adminSession() },
        payload: { language: 'es' },
      });
      values.token = created.json<{ url: string }>().url.split('/').pop()!;
      values.postId = String(postId);
    }
    if (route.path.startsWith('/api/prompts/')) {
      const prompt = await t.app.inject({
        method: 'POST',
        url: '/api/prompts',
        headers: { cookie: await adminSession() },
        payload: { title: 'Tono', description: 'Cercano' },
      });
      values.id = String(prompt.json<{ id: number }>().id);
    }
    if (route.path.startsWith('/api/projects/')) {
      const cookie = await adminSession();
      const project = await t.app.inject({
        method: 'POST',
        url: '/api/projects',
        headers: { cookie },
        payload: { title: 'Casa', description: 'Junto al mar', publications: 1 },
      });
      values.id = String(project.json<{ id: number }>().id);
      if (names.has('imageId')) {
        const boundary = 'fuzzFixture';
        const payload = Buffer.concat([
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
          sampleImage,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]);
        const uploaded = await t.app.inject({
          method: 'POST',
          url: `/api/projects/${values.id}/images`,
          headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
          payload,
        });
        values.imageId = String(uploaded.json<{ images: Array<{ id: number }> }>().images[0]!.id);
      }
      if (names.has('linkId')) {
        const created = await t.app.inject({
          method: 'POST',
          url: `/api/projects/${values.id}/review-links`,
          headers: { cookie },
          payload: { language: 'es' },
        });
        values.linkId = String(created.json<{ link: { id: number } }>().link.id);
      }
    }
    if (route.path.startsWith('/api/posts/')) {
      const { id: projectId } = await t.database.db
        .insertInto('projects')
        .values(projectRowValues({ title: 'Casa', state: 'preview', created_by: customerId }))
        .returning('id')
        .executeTakeFirstOrThrow();
      values.id = String((await createTestPost(t.database.db, { projectId, ownerId: customerId })).id);
      if (names.has('versionId')) {
        const version = await t.database.db
          .insertInto('post_text_versions')
          .values({ post_id: Number(values.id), text: 'Antes', linkedin_text: null, replaced_by: 'edit', created_at: new Date().toISOString() })
          .returning('id')
          .executeTakeFirstOrThrow();
        values.versionId = String(version.id);
      }
    }
    return values;
  }

  async function send(fuzzCase: FuzzCase, cookie: string | undefined): Promise<Answer> {
    const headers = { ...fuzzCase.headers };
    if (cookie) headers.cookie = headers.cookie ? `${headers.cookie}; ${cookie}` : cookie;
    const answer = await t.app.inject({
      method: fuzzCase.method,
      url: fuzzCase.url,
      headers,
      ...(fuzzCase.payload === undefined ? {} : { payload: fuzzCase.payload }),
    });
    return { statusCode: answer.statusCode, contentType: String(answer.headers['content-type'] ?? ''), body: answer.body };
  }

  /** An event stream over real HTTP: its status and headers, then the stream is dropped. */
  function sendStreaming(fuzzCase: FuzzCase, cookie: string): Promise<Answer> {
    const headers = { ...fuzzCase.headers, cookie: fuzzCase.headers.cookie ? `${fuzzCase.headers.cookie}; ${cookie}` : cookie };
    return requestStreamStart(`${address}${fuzzCase.url}`, { method: fuzzCase.method, headers });
  }
});

/**
 * What is wrong with an answer: a 5xx, a 4xx not in `{ error: { code, message } }`, or a write from
 * another site's page that succeeded (under any spelling of its path: issue 21).
 */
function problemWith(answer: Answer, fuzzCase: FuzzCase): string | undefined {
  const excerpt = answer.body.slice(0, 160);
  if (answer.statusCode >= 500) return `${answer.statusCode} ${excerpt}`;
  if (fuzzCase.fromAnotherOrigin && !['GET', 'HEAD'].includes(fuzzCase.method) && answer.statusCode < 400)
    return `a write from another site answered ${answer.statusCode}: ${excerpt}`;
  if (answer.statusCode < 400) return undefined;
  if (!answer.contentType.startsWith('application/json')) return `${answer.statusCode} as ${answer.contentType}: ${excerpt}`;
  try {
    const body = JSON.parse(answer.body) as { error?: { code?: unknown; message?: unknown } };
    if (typeof body.error?.code === 'string' && typeof body.error.message === 'string') return undefined;
  } catch {
    // reported below
  }
  return `${answer.statusCode} not in our error shape: ${excerpt}`;
}
