import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../domain/roles.ts';
import { type ApiRoute, fillPath, listApiRoutes, pathVariants } from '../test-support/api-routes.ts';
import { avatarUpload, multipartBody, plainImage } from '../test-support/images.ts';
import { createTestPost } from '../test-support/posts.ts';
import { projectRowValues } from '../test-support/projects.ts';
import { type TestSandbox, sandboxAdapters, startTestSandbox } from '../test-support/social-sandbox.ts';
import { storedFlag } from '../test-support/stored-values.ts';
import { requestStreamStart } from '../test-support/stream-start.ts';
import { type TestApp, createTestApp, createTestUser, signIn } from '../test-support/test-app.ts';

/**
 * Who may do what, for every route of /api/openapi.json (issue 13): each route × each role (the four
 * roles, anonymous, and a user deactivated after signing in) × a row of their own, another customer's
 * and an id that names nothing. The expected answer comes from the access rules below (SPEC §6, DESIGN
 * §5, docs/architecture.md), never from what the code happens to do; a new route fails here until its rule
 * is written down.
 */
type Identity = Role | 'anonymous' | 'inactive';
const IDENTITIES: Identity[] = ['admin', 'customer', 'publisher', 'basic', 'anonymous', 'inactive'];
const EVERY_ROLE: Role[] = ['admin', 'customer', 'publisher', 'basic'];
const PROJECT_ROLES: Role[] = ['admin', 'customer', 'publisher'];
const POST_ROLES: Role[] = ['admin', 'customer'];

type Resource = 'user' | 'prompt' | 'project' | 'post';
type Ownership = 'own' | 'other' | 'madeUp';
/** 'public': anyone; otherwise the roles allowed, and the row the path's id names (administrators reach every one). */
type Rule = 'public' | { roles: Role[]; resource?: Resource };

const RULES: Record<string, Rule> = {
  'POST /api/auth/sign-in/email': 'public',
  'POST /api/auth/sign-out': 'public',
  'POST /api/auth/request-password-reset': 'public',
  'POST /api/auth/reset-password': 'public',
  'GET /api/health': 'public',
  'POST /api/contact-form': 'public',
  'GET /api/events': { roles: EVERY_ROLE },
  // The session check: anyone; a visitor (or a deactivated user) gets 200 null, not 401 (issue 21, item 8).
  'GET /api/session': 'public',
  'GET /api/me': { roles: EVERY_ROLE },
  'PATCH /api/me': { roles: EVERY_ROLE },
  'GET /api/me/profile': { roles: EVERY_ROLE },
  // The dashboard: every role, each its own part (its tests say which).
  'GET /api/home': { roles: EVERY_ROLE },
  'PUT /api/me/avatar': { roles: EVERY_ROLE },
  'GET /api/users': { roles: ['admin'] },
  'POST /api/users': { roles: ['admin'] },
  'GET /api/users/{id}': { roles: ['admin'], resource: 'user' },
  'PATCH /api/users/{id}': { roles: ['admin'], resource: 'user' },
  'POST /api/create-user-template': { roles: ['admin'] },
  // Each user's own connections: the session says whose.
  'GET /api/social/{network}': { roles: EVERY_ROLE },
  'DELETE /api/social/{network}': { roles: EVERY_ROLE },
  'POST /api/social/{network}/authorize': { roles: EVERY_ROLE },
  'POST /api/social/{network}/callback': { roles: EVERY_ROLE },
  'GET /api/social/{network}/pages': { roles: EVERY_ROLE },
  'PUT /api/social/{network}/target': { roles: EVERY_ROLE },
  'GET /api/networks-check': { roles: ['admin'] },
  // My GPTs: everybody keeps their own; an administrator's are public (read), others' private.
  'GET /api/prompts': { roles: EVERY_ROLE },
  'POST /api/prompts': { roles: EVERY_ROLE },
  'GET /api/prompts/{id}': { roles: EVERY_ROLE, resource: 'prompt' },
  'PATCH /api/prompts/{id}': { roles: EVERY_ROLE, resource: 'prompt' },
  'DELETE /api/prompts/{id}': { roles: EVERY_ROLE, resource: 'prompt' },
  // Projects: administrators all, customers and publishers those they created or are assigned, basic none.
  'GET /api/projects': { roles: PROJECT_ROLES },
  'POST /api/projects': { roles: PROJECT_ROLES },
  'GET /api/projects/{id}': { roles: PROJECT_ROLES, resource: 'project' },
  'PATCH /api/projects/{id}': { roles: PROJECT_ROLES, resource: 'project' },
  'DELETE /api/projects/{id}': { roles: PROJECT_ROLES, resource: 'project' },
  'POST /api/projects/{id}/assign': { roles: ['admin'], resource: 'project' },
  'POST /api/projects/{id}/images': { roles: PROJECT_ROLES, resource: 'project' },
  'PATCH /api/projects/{id}/images': { roles: PROJECT_ROLES, resource: 'project' },
  'DELETE /api/projects/{id}/images/{imageId}': { roles: PROJECT_ROLES, resource: 'project' },
  'POST /api/projects/{id}/launch': { roles: PROJECT_ROLES, resource: 'project' },
  'GET /api/projects/{id}/generation': { roles: PROJECT_ROLES, resource: 'project' },
  'POST /api/projects/{id}/recover': { roles: PROJECT_ROLES, resource: 'project' },
  // Issue 25 item 4: a project's review links, by an administrator or its customer (decision 043).
  'GET /api/projects/{id}/review-links': { roles: POST_ROLES, resource: 'project' },
  'POST /api/projects/{id}/review-links': { roles: POST_ROLES, resource: 'project' },
  'DELETE /api/projects/{id}/review-links/{linkId}': { roles: POST_ROLES, resource: 'project' },
  // The link is the credential: anyone with it (its own tests say what a link opens).
  'GET /api/review/{token}': 'public',
  'POST /api/review/{token}/posts/{postId}/approve': 'public',
  'POST /api/review/{token}/posts/{postId}/request-changes': 'public',
  // Posts: administrators all, customers the ones they own, the other roles none.
  'GET /api/posts': { roles: POST_ROLES },
  'GET /api/posts/{id}': { roles: POST_ROLES, resource: 'post' },
  'PATCH /api/posts/{id}': { roles: POST_ROLES, resource: 'post' },
  'DELETE /api/posts/{id}': { roles: POST_ROLES, resource: 'post' },
  'PUT /api/posts/{id}/schedule': { roles: POST_ROLES, resource: 'post' },
  'POST /api/posts/{id}/reset': { roles: POST_ROLES, resource: 'post' },
  'POST /api/posts/{id}/retry': { roles: POST_ROLES, resource: 'post' },
  'POST /api/posts/{id}/results/{network}/review': { roles: POST_ROLES, resource: 'post' },
  'GET /api/posts/{id}/accounts': { roles: POST_ROLES, resource: 'post' },
  // Issue 24: a post written again, its earlier texts and bringing one back, as its edit.
  'POST /api/posts/{id}/rewrite': { roles: POST_ROLES, resource: 'post' },
  'GET /api/posts/{id}/versions': { roles: POST_ROLES, resource: 'post' },
  'POST /api/posts/{id}/versions/{versionId}/restore': { roles: POST_ROLES, resource: 'post' },
  // Issue 25 item 5: a post's history and comments, as the post (a customer writes shared comments only: the matrix sends one).
  'GET /api/posts/{id}/history': { roles: POST_ROLES, resource: 'post' },
  // Issue 26: a post's figures from the networks, as the post.
  'GET /api/posts/{id}/metrics': { roles: POST_ROLES, resource: 'post' },
  // Issue 26: the Results page and its CSV, as the calendar (a customer her own, an administrator any customer's or all).
  'GET /api/results': { roles: POST_ROLES },
  'GET /api/results/export.csv': { roles: POST_ROLES },
  // Issue 26 item 3 (decision 047): a customer her own month's report, an administrator a named customer's.
  'GET /api/results/report.pdf': { roles: POST_ROLES },
  'POST /api/posts/{id}/comments': { roles: POST_ROLES, resource: 'post' },
  // Issue 25 item 2 (decision 040): only the owning customer decides on a post awaiting approval, an administrator never.
  'POST /api/posts/{id}/approve': { roles: ['customer'], resource: 'post' },
  'POST /api/posts/{id}/request-changes': { roles: ['customer'], resource: 'post' },
  'POST /api/projects/{id}/approve': { roles: ['customer'], resource: 'project' },
  'POST /api/projects/{id}/request-changes': { roles: ['customer'], resource: 'project' },
  // Issue 16: add to queue as the schedule; the weekly slots (a customer's own, an admin's anyone's); the calendar as the posts list.
  'POST /api/posts/{id}/queue': { roles: POST_ROLES, resource: 'post' },
  'GET /api/queue-slots': { roles: POST_ROLES },
  'PUT /api/queue-slots': { roles: POST_ROLES },
  // Issue 26 item 4 (decision 048): best time to post, for the same owners as the slots.
  'GET /api/queue-slots/suggestions': { roles: POST_ROLES },
  'GET /api/calendar': { roles: POST_ROLES },
  // Issue 24 item 4: the studio's voice, as the weekly slots (a customer's own, an admin's anyone's).
  'GET /api/studio-voice': { roles: POST_ROLES },
  'PUT /api/studio-voice': { roles: POST_ROLES },
  'GET /api/studio-voice/suggestions': { roles: POST_ROLES },
};

/** allow: the route did its work or refused on the merits (400, 409, 422, 429…); deny: 403 or a hidden 404. */
type Outcome = 'allow' | 'deny' | 'unauthenticated';

function expectedOutcome(rule: Rule, identity: Identity, ownership: Ownership | undefined): Outcome {
  if (rule === 'public') return 'allow';
  if (identity === 'anonymous' || identity === 'inactive') return 'unauthenticated';
  if (!rule.roles.includes(identity)) return 'deny';
  if (!rule.resource || ownership === undefined || ownership === 'own') return 'allow';
  if (ownership === 'madeUp') return 'deny';
  return identity === 'admin' ? 'allow' : 'deny';
}

interface Answer {
  statusCode: number;
  code?: string;
  body: string;
  /** As sent. */
  url?: string;
}

function outcomeOf(answer: Answer): Outcome | 'error' {
  if (answer.statusCode >= 500) return 'error';
  if (answer.statusCode === 401 && answer.code === 'NOT_AUTHENTICATED') return 'unauthenticated';
  if (answer.statusCode === 403 && answer.code === 'FORBIDDEN') return 'deny';
  if (answer.statusCode === 404 && answer.code === 'NOT_FOUND') return 'deny';
  return 'allow';
}

const MADE_UP_ROW_ID = '2000000000';
const MADE_UP_USER_ID = 'matrix-no-such-user';
const CONTACT = { nombre: 'Luis', email: 'luis@studio.test', mensaje: 'Hola', politicaPrivacidad: true };

describe('authorization matrix', () => {
  let t: TestApp;
  let sandbox: TestSandbox;
  let routes: ApiRoute[];
  let address: string;
  let image: Buffer;
  const users = {} as Record<Role | 'other' | 'inactive', { id: string; email: string; password: string; cookie: string }>;
  let serial = 0;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    t = await createTestApp({ social: sandboxAdapters(sandbox) });
    for (const [name, role] of [
      ['admin', 'admin'],
      ['customer', 'customer'],
      ['publisher', 'publisher'],
      ['basic', 'basic'],
      ['other', 'customer'],
      ['inactive', 'customer'],
    ] as const) {
      const user = await createTestUser(t, { email: `${name}@matrix.test`, role });
      users[name] = { ...user, cookie: await signIn(t, user.email, user.password) };
    }
    // Deactivated after signing in: the cookie it still holds must open nothing.
    await t.database.db
      .updateTable('users')
      .set({ active: storedFlag(false) })
      .where('id', '=', users.inactive.id)
      .execute();
    routes = await listApiRoutes(t.app);
    address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    image = await plainImage('jpeg', 1200, 900);
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  it('has an access rule for every route of the API, and none for a route that is gone', () => {
    const documented = routes.map((route) => `${route.method} ${route.path}`).sort();
    expect(Object.keys(RULES).sort()).toEqual(documented);
  });

  it(
    'answers every route × role × row as the rules say, never with a 5xx, and a row of someone else like a row that does not exist',
    { timeout: 300_000 },
    async () => {
      const mismatches: string[] = [];
      let cases = 0;
      for (const route of routes) {
        const rule = RULES[`${route.method} ${route.path}`];
        if (!rule) continue;
        const resource = rule === 'public' ? undefined : rule.resource;
        for (const identity of IDENTITIES) {
          const answers: Partial<Record<Ownership, Answer>> = {};
          for (const ownership of resource ? (['own', 'other', 'madeUp'] as const) : [undefined]) {
            const answer = await call(route, identity, resource, ownership);
            cases += 1;
            if (ownership) answers[ownership] = answer;
            const expected = expectedOutcome(rule, identity, ownership);
            const actual = outcomeOf(answer);
            if (actual !== expected) {
              mismatches.push(
                `${route.method} ${route.path} as ${identity}${ownership ? ` on ${ownership}` : ''}: expected ${expected}, got ${answer.statusCode} ${answer.body.slice(0, 120)}`,
              );
            }
          }
          // Refused someone else's row exactly as a row that does not exist: nothing tells them it is there.
          const { other, madeUp } = answers;
          if (
            other &&
            madeUp &&
            identity !== 'admin' &&
            outcomeOf(other) !== 'allow' &&
            (other.statusCode !== madeUp.statusCode || other.code !== madeUp.code)
          ) {
            mismatches.push(
              `${route.method} ${route.path} as ${identity}: another's row answers ${other.statusCode} ${other.code}, a made-up one ${madeUp.statusCode} ${madeUp.code}`,
            );
          }
        }
      }
      expect(cases).toBeGreaterThan(500);
      expect(mismatches, `${mismatches.length} of ${cases} cases`).toEqual([]);
    },
  );

  it(
    'answers every other spelling of every path (percent-encoded, double slashes, dot segments, another case) as the route itself or as no route, and refuses every write from another origin under each',
    { timeout: 600_000 },
    async () => {
      const mismatches: string[] = [];
      let cases = 0;
      for (const route of routes) {
        const rule = RULES[`${route.method} ${route.path}`];
        if (!rule) continue;
        const resource = rule === 'public' ? undefined : rule.resource;
        const ownership = resource ? ('own' as const) : undefined;
        const write = !['GET', 'HEAD', 'OPTIONS'].includes(route.method);
        for (const variantIndex of pathVariants(route.path).keys()) {
          // As the rules say, or 404 NOT_FOUND where the router matched no route: a customer and an anonymous visitor from the app's pages.
          for (const identity of ['customer', 'anonymous'] as const) {
            const answer = await call(route, identity, resource, ownership, { variantIndex });
            cases += 1;
            const expected = expectedOutcome(rule, identity, ownership);
            const actual = outcomeOf(answer);
            if (actual !== expected && !(answer.statusCode === 404 && answer.code === 'NOT_FOUND')) {
              mismatches.push(
                `${route.method} ${answer.url} as ${identity}: expected ${expected} or no route, got ${answer.statusCode} ${answer.body.slice(0, 120)}`,
              );
            }
          }
          if (!write) continue;
          // An administrator (allowed everything) from another origin: refused, or no route.
          const answer = await call(route, 'admin', resource, ownership, { variantIndex, origin: 'https://evil.example' });
          cases += 1;
          if (!((answer.statusCode === 403 && answer.code === 'ORIGIN_NOT_ALLOWED') || (answer.statusCode === 404 && answer.code === 'NOT_FOUND'))) {
            mismatches.push(
              `${route.method} ${answer.url} as admin from another origin: expected 403 ORIGIN_NOT_ALLOWED or 404, got ${answer.statusCode} ${answer.body.slice(0, 120)}`,
            );
          }
        }
      }
      expect(cases).toBeGreaterThan(1000);
      expect(mismatches, `${mismatches.length} of ${cases} cases`).toEqual([]);
    },
  );

  /**
   * One request of the matrix, on rows made for it alone (an earlier case may have deleted or changed its own);
   * `spelling` sends it under one of the path's other spellings (pathVariants), or from another origin.
   */
  async function call(
    route: ApiRoute,
    identity: Identity,
    resource: Resource | undefined,
    ownership: Ownership | undefined,
    spelling: { variantIndex?: number; origin?: string } = {},
  ): Promise<Answer> {
    const me = identity === 'anonymous' ? undefined : users[identity];
    // Without a live session there is nothing of one's own: the rows are another customer's.
    const owner = ownership === 'other' || !me || identity === 'inactive' ? users.other : me;
    const path: Record<string, string> = {};
    if (route.path.includes('{network}')) path.network = 'linkedin';
    if (route.path.includes('{token}')) Object.assign(path, { token: 'A'.repeat(43), postId: '1' });
    if (resource)
      Object.assign(
        path,
        ownership === 'madeUp' ? madeUpIds(resource) : await rowFor(resource, owner, route.path.includes('{imageId}'), route.path.includes('{linkId}')),
      );
    let cookie = me?.cookie;
    // Signing out ends the session it is given: a session of its own, so the others' stay.
    if (route.path === '/api/auth/sign-out' && me && identity !== 'inactive') cookie = await signIn(t, me.email, me.password);
    const request = await requestFor(route);
    const headers: Record<string, string> = { ...request.headers, ...(cookie ? { cookie } : {}), ...(spelling.origin ? { origin: spelling.origin } : {}) };
    // The calendar needs its range to answer on the merits.
    const canonical = fillPath(route.path, path) + (route.path === '/api/calendar' ? '?from=2026-11-01&to=2026-11-30' : '');
    const url = spelling.variantIndex === undefined ? canonical : pathVariants(canonical)[spelling.variantIndex]!.url;
    if (route.eventStream) return { ...(await streamAnswer(url, headers)), url };
    const answer = await t.app.inject({ method: route.method, url, headers, ...(request.payload === undefined ? {} : { payload: request.payload }) });
    return { statusCode: answer.statusCode, code: errorCode(answer.body), body: answer.body, url };
  }

  function madeUpIds(resource: Resource): Record<string, string> {
    return resource === 'user' ? { id: MADE_UP_USER_ID } : { id: MADE_UP_ROW_ID, imageId: MADE_UP_ROW_ID, versionId: MADE_UP_ROW_ID, linkId: MADE_UP_ROW_ID };
  }

  async function rowFor(resource: Resource, owner: { id: string; cookie: string }, withImage: boolean, withLink = false): Promise<Record<string, string>> {
    const db = t.database.db;
    if (resource === 'user') return { id: owner.id };
    if (resource === 'prompt') {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/prompts',
        headers: { cookie: owner.cookie },
        payload: { title: 'Tono', description: 'Cercano' },
      });
      return { id: String(created.json<{ id: number }>().id) };
    }
    const { id: projectId } = await db
      .insertInto('projects')
      .values(projectRowValues({ title: 'Casa', created_by: owner.id, state: 'draft' }))
      .returning('id')
      .executeTakeFirstOrThrow();
    if (resource === 'post') {
      const { id } = await createTestPost(db, { projectId, ownerId: owner.id });
      // An earlier text of its own, for the routes that name one.
      const version = await db
        .insertInto('post_text_versions')
        .values({ post_id: id, text: 'Antes', linkedin_text: null, replaced_by: 'edit', created_at: new Date().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: String(id), versionId: String(version.id) };
    }
    if (withLink) {
      const link = await db
        .insertInto('review_links')
        .values({
          token_hash: `matrix-${serial}-${projectId}`,
          project_id: projectId,
          created_by: owner.id,
          email: null,
          language: 'es',
          created_at: new Date().toISOString(),
          expires_at: new Date(Date.now() + 86_400_000).toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: String(projectId), linkId: String(link.id) };
    }
    if (!withImage) return { id: String(projectId) };
    // Uploaded by the administrator, who may add images to any project.
    const upload = multipartBody([{ name: 'files', value: image, filename: 'foto.jpg', contentType: 'image/jpeg' }]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/images`,
      headers: { ...upload.headers, cookie: users.admin.cookie },
      payload: upload.payload,
    });
    return { id: String(projectId), imageId: String(uploaded.json<{ images: Array<{ id: number }> }>().images[0]!.id) };
  }

  /** A request the route would accept from someone allowed: what is judged is who sends it. */
  async function requestFor(route: ApiRoute): Promise<{ headers: Record<string, string>; payload?: string | Buffer | Record<string, unknown> }> {
    serial += 1;
    const json = (payload: Record<string, unknown>) => ({ headers: {}, payload });
    switch (`${route.method} ${route.path}`) {
      case 'POST /api/auth/sign-in/email':
        return json({ email: `nobody-${serial}@matrix.test`, password: 'wrong-password' });
      case 'POST /api/auth/request-password-reset':
        return json({ email: `nobody-${serial}@matrix.test` });
      case 'POST /api/auth/reset-password':
        return json({ token: 'made-up-token', newPassword: 'new-secret-1' });
      case 'POST /api/contact-form':
        return json(CONTACT);
      case 'PATCH /api/me':
      case 'PATCH /api/users/{id}':
        return json({ description: 'Matrix' });
      case 'PUT /api/me/avatar': {
        const upload = avatarUpload(image);
        return { headers: upload.headers, payload: upload.payload };
      }
      case 'POST /api/users':
        return json({
          first_name: 'Nueva',
          last_name: 'Persona',
          email: `new-${serial}@matrix.test`,
          phone: '600000000',
          role: 'customer',
          password: 'secret-123',
        });
      case 'POST /api/create-user-template':
        return json({ email: users.other.email });
      case 'POST /api/social/{network}/callback':
        return json({ code: 'made-up-code', state: 'made-up-state' });
      case 'PUT /api/social/{network}/target':
        return json({ targetId: 'made-up-target' });
      case 'POST /api/prompts':
        return json({ title: 'Tono', description: 'Cercano' });
      case 'PATCH /api/prompts/{id}':
      case 'PATCH /api/projects/{id}':
        return json({ title: 'Cambiado' });
      case 'POST /api/projects':
        return json({ title: 'Casa', description: 'Junto al mar' });
      case 'POST /api/projects/{id}/assign':
        return json({ userId: users.customer.id });
      case 'POST /api/projects/{id}/images': {
        const upload = multipartBody([{ name: 'files', value: image, filename: 'foto.jpg', contentType: 'image/jpeg' }]);
        return { headers: upload.headers, payload: upload.payload };
      }
      case 'PATCH /api/projects/{id}/images':
        return json({ images: [] });
      case 'PATCH /api/posts/{id}':
        return json({ text: 'Texto nuevo' });
      case 'PUT /api/posts/{id}/schedule':
        return json({ publish_on: null, networks: { instagram: false, linkedin: false } });
      case 'POST /api/posts/{id}/results/{network}/review':
        return json({ published: true });
      case 'POST /api/posts/{id}/queue':
        return json({ networks: { instagram: false, linkedin: true } });
      case 'PUT /api/queue-slots':
        return json({ slots: [{ weekday: 2, time: '09:30' }] });
      case 'POST /api/posts/{id}/comments':
        return json({ text: 'Una nota', visibility: 'shared' });
      // Decisions on the row's own post (a preview: refused on the merits, 409) or on a post that is not the project's.
      case 'POST /api/posts/{id}/approve':
        return json({ updated_at: new Date().toISOString() });
      case 'POST /api/posts/{id}/request-changes':
        return json({ updated_at: new Date().toISOString(), comment: 'Más luz' });
      case 'POST /api/projects/{id}/approve':
        return json({ posts: [{ id: Number(MADE_UP_ROW_ID), updated_at: new Date().toISOString() }] });
      case 'POST /api/projects/{id}/request-changes':
        return json({ posts: [{ id: Number(MADE_UP_ROW_ID), updated_at: new Date().toISOString() }], comment: 'Más luz' });
      case 'POST /api/projects/{id}/review-links':
        return json({ language: 'es' });
      case 'PUT /api/studio-voice':
        return json({ description: 'Frases cortas.', examples: [] });
      default:
        return route.method === 'GET' || route.method === 'DELETE' ? { headers: {} } : json({});
    }
  }

  /** The event stream over real HTTP: its status, then the stream is dropped. */
  async function streamAnswer(url: string, headers: Record<string, string>): Promise<Answer> {
    const answer = await requestStreamStart(`${address}${url}`, { headers });
    return { statusCode: answer.statusCode, code: errorCode(answer.body), body: answer.body };
  }
});

function errorCode(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { error?: { code?: unknown } } | null;
    return typeof parsed?.error?.code === 'string' ? parsed.error.code : undefined;
  } catch {
    return undefined;
  }
}
