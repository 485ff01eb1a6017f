import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../../domain/roles.ts';
import { createTestPost, createTestProject } from '../../test-support/posts.ts';
import { type TestApp, createTestApp, createTestUser, signIn } from '../../test-support/test-app.ts';

/**
 * The posts list's customer filter (issue 29): GET /api/posts?owner=<id>, as the calendar's. An
 * administrator sees that owner's posts alone and the chips' counts follow; a customer may name only
 * herself; a bad value is a 400, not a 500.
 */
describe('GET /api/posts?owner=...', () => {
  let t: TestApp;
  const people: Record<string, { id: string; cookie: string }> = {};

  const list = (who: string, query: string) => t.app.inject({ method: 'GET', url: `/api/posts${query}`, headers: { cookie: people[who]!.cookie } });

  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date('2025-06-10T10:00:00Z') });
    for (const [name, role] of [
      ['eva', 'admin'],
      ['clara', 'customer'],
      ['bruno', 'customer'],
    ] as Array<[string, Role]>) {
      const user = await createTestUser(t, { email: `${name}@studio.es`, role });
      people[name] = { id: user.id, cookie: await signIn(t, user.email, user.password) };
    }
    const db = t.database.db;
    const claras = await createTestProject(db, { assignedTo: people.clara!.id });
    await createTestPost(db, { projectId: claras, ownerId: people.clara!.id, sequence: 1 });
    await createTestPost(db, { projectId: claras, ownerId: people.clara!.id, sequence: 2, state: 'scheduled', publishOn: '2025-07-01' });
    const brunos = await createTestProject(db, { assignedTo: people.bruno!.id });
    await createTestPost(db, { projectId: brunos, ownerId: people.bruno!.id, sequence: 1 });
  });
  afterAll(() => t.close());

  it("gives an administrator one customer's posts, with counts of hers alone", async () => {
    const response = await list('eva', `?owner=${people.clara!.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.items.map((post: { owner: { id: string } }) => post.owner.id)).toEqual([people.clara!.id, people.clara!.id]);
    expect(body).toMatchObject({ total: 2, counts: { all: 2, preview: 1, scheduled: 1, published: 0 } });
    const scheduled = (await list('eva', `?owner=${people.clara!.id}&state=scheduled`)).json();
    expect(scheduled).toMatchObject({ total: 1, counts: { all: 2 } });
    expect((await list('eva', '')).json()).toMatchObject({ total: 3, counts: { all: 3, preview: 2, scheduled: 1 } });
  });

  it('lets a customer name herself, and refuses anyone else', async () => {
    expect((await list('clara', `?owner=${people.clara!.id}`)).json()).toMatchObject({ total: 2 });
    const refused = await list('clara', `?owner=${people.bruno!.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('FORBIDDEN');
  });

  it('answers 400 to an empty or overlong owner', async () => {
    for (const owner of ['', 'x'.repeat(101)]) {
      const response = await list('eva', `?owner=${owner}`);
      expect(response.statusCode, owner).toBe(400);
    }
  });
});
