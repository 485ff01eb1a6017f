import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostEventInput } from './service.ts';
import { recordPostEvent } from './service.ts';
import { createTestPost, createTestProject } from '../../test-support/posts.ts';
import { type TestApp, createTestApp, createTestUser, signIn } from '../../test-support/test-app.ts';

/** A post's history and comments (issue 25 item 5, decision 041), on SQLite and PostgreSQL. */
describe('post history', () => {
  let t: TestApp;
  let projectId: number;
  const ids: Record<'admin' | 'clara' | 'bruno' | 'pablo', string> = { admin: '', clara: '', bruno: '', pablo: '' };
  const cookies: Record<keyof typeof ids, string> = { admin: '', clara: '', bruno: '', pablo: '' };
  beforeAll(async () => {
    t = await createTestApp();
    const admin = await createTestUser(t, { email: 'admin@studio.es', role: 'admin', firstName: 'Ana' });
    await t.database.db.updateTable('users').set({ last_name: 'Roca' }).where('id', '=', admin.id).execute();
    const clara = await createTestUser(t, { email: 'clara@cliente.es', role: 'customer', firstName: 'Clara' });
    const bruno = await createTestUser(t, { email: 'bruno@cliente.es', role: 'customer' });
    const pablo = await createTestUser(t, { email: 'pablo@studio.es', role: 'publisher' });
    for (const [name, user] of Object.entries({ admin, clara, bruno, pablo })) {
      ids[name as keyof typeof ids] = user.id;
      cookies[name as keyof typeof ids] = await signIn(t, user.email, user.password);
    }
    projectId = await createTestProject(t.database.db, { title: 'Casa Mar', createdBy: admin.id, assignedTo: clara.id });
  });
  afterAll(() => t.close());

  const call = (who: keyof typeof cookies, options: InjectOptions) => t.app.inject({ ...options, headers: { cookie: cookies[who] } });
  const history = (who: keyof typeof cookies, postId: number) => call(who, { method: 'GET', url: `/api/posts/${postId}/history` });
  const comment = (who: keyof typeof cookies, postId: number, payload: unknown) =>
    call(who, { method: 'POST', url: `/api/posts/${postId}/comments`, payload: payload as Record<string, unknown> });
  const record = (input: PostEventInput) => t.database.db.transaction().execute((trx) => recordPostEvent(trx, input));
  const setTexts = (postId: number, text: string, linkedinText: string | null = null) =>
    t.database.db.updateTable('posts').set({ text, linkedin_text: linkedinText }).where('id', '=', postId).execute();
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 28, 10, minute));

  it('keeps what the approver saw, and shows an edit after it word by word against that version', async () => {
    const { id } = await createTestPost(t.database.db, { projectId, ownerId: ids.clara, text: 'Una casa junto al mar' });
    await record({ postId: id, kind: 'generated', actorId: null, via: 'system', at: at(0) });
    await record({ postId: id, kind: 'approval_asked', actorId: ids.admin, via: 'app', at: at(1), data: { publish_on: '2026-12-01', publish_time: '10:00' } });
    // Two edits after it: each is told against what the approver saw, not against the edit before.
    await setTexts(id, 'Una casa junto al río');
    await record({
      postId: id,
      kind: 'edited',
      actorId: ids.admin,
      via: 'app',
      at: at(2),
      data: { previous: { text: 'Una casa junto al mar', linkedin_text: null } },
    });
    await setTexts(id, 'Una casa blanca junto al río', 'Casa blanca, río. #arquitectura');
    await record({
      postId: id,
      kind: 'edited',
      actorId: ids.admin,
      via: 'app',
      at: at(3),
      data: { previous: { text: 'Una casa junto al río', linkedin_text: null } },
    });

    const response = await history('admin', id);
    expect(response.statusCode).toBe(200);
    const { events } = response.json();
    expect(events.map((event: { kind: string }) => event.kind)).toEqual(['generated', 'approval_asked', 'edited', 'edited']);
    expect(events[0]).toMatchObject({ via: 'system', actor: null, diff: null, at: at(0).toISOString() });
    expect(events[1]).toMatchObject({
      via: 'app',
      actor: { id: ids.admin, first_name: 'Ana', last_name: 'Roca' },
      publish_on: '2026-12-01',
      publish_time: '10:00',
    });
    expect(events[2].diff).toEqual({
      against: 'approval',
      instagram: [
        { op: 'same', text: 'Una casa junto al ' },
        { op: 'del', text: 'mar' },
        { op: 'ins', text: 'río' },
      ],
      linkedin: null,
    });
    expect(events[3].diff.against).toBe('approval');
    expect(events[3].diff.instagram).toEqual([
      { op: 'same', text: 'Una casa ' },
      { op: 'ins', text: 'blanca ' },
      { op: 'same', text: 'junto al ' },
      { op: 'del', text: 'mar' },
      { op: 'ins', text: 'río' },
    ]);
    // LinkedIn had Instagram's text when the approver saw it.
    expect(events[3].diff.linkedin.filter((segment: { op: string }) => segment.op === 'del').map((segment: { text: string }) => segment.text)).toEqual([
      'Una casa junto al mar',
    ]);
  });

  it('before any approval, compares an edit with the texts it replaced (given, or the version it kept), and an edit of the images has none', async () => {
    const { id } = await createTestPost(t.database.db, { projectId, ownerId: ids.clara, text: 'Primera versión' });
    await setTexts(id, 'Segunda versión');
    await record({
      postId: id,
      kind: 'edited',
      actorId: ids.admin,
      via: 'app',
      at: at(10),
      data: { previous: { text: 'Primera versión', linkedin_text: null } },
    });
    // The version the edit kept (post_text_versions, as the posts feature writes it at the edit's instant).
    await t.database.db
      .insertInto('post_text_versions')
      .values({ post_id: id, text: 'Segunda versión', linkedin_text: null, replaced_by: 'edit', created_at: at(11).toISOString() })
      .execute();
    await setTexts(id, 'Tercera versión');
    await record({ postId: id, kind: 'edited', actorId: ids.admin, via: 'app', at: at(11) });
    await record({ postId: id, kind: 'edited', actorId: ids.admin, via: 'app', at: at(12) });

    const { events } = (await history('admin', id)).json();
    expect(events[0].diff).toEqual({
      against: 'previous',
      instagram: [
        { op: 'del', text: 'Primera' },
        { op: 'ins', text: 'Segunda' },
        { op: 'same', text: ' versión' },
      ],
      linkedin: null,
    });
    expect(events[1].diff.instagram).toEqual([
      { op: 'del', text: 'Segunda' },
      { op: 'ins', text: 'Tercera' },
      { op: 'same', text: ' versión' },
    ]);
    expect(events[2].diff).toBeNull();
  });

  it('tells who decided from a review link, and a publication per network', async () => {
    const { id } = await createTestPost(t.database.db, { projectId, ownerId: ids.clara });
    await record({ postId: id, kind: 'changes_asked', actorId: null, via: 'link', at: at(20), data: { name: 'Jordi Puig', comment: 'Más luz' } });
    await record({ postId: id, kind: 'published', actorId: null, via: 'system', at: at(21), data: { network: 'instagram' } });
    await record({ postId: id, kind: 'publish_failed', actorId: null, via: 'system', at: at(21), data: { network: 'linkedin', reason: 'rejectedByNetwork' } });
    await record({ postId: id, kind: 'marked_published', actorId: ids.clara, via: 'app', at: at(22), data: { network: 'linkedin' } });
    const { events } = (await history('clara', id)).json();
    expect(events).toMatchObject([
      { kind: 'changes_asked', via: 'link', actor: null, name: 'Jordi Puig', comment: 'Más luz', network: null },
      { kind: 'published', via: 'system', network: 'instagram', reason: null },
      { kind: 'publish_failed', network: 'linkedin', reason: 'rejectedByNetwork' },
      { kind: 'marked_published', network: 'linkedin', actor: { id: ids.clara, first_name: 'Clara' } },
    ]);
  });

  it("keeps the team's notes from the customer, who writes and reads the shared comments", async () => {
    const { id } = await createTestPost(t.database.db, { projectId, ownerId: ids.clara });
    const note = await comment('admin', id, { text: '  Revisar el hashtag  ', visibility: 'team' });
    expect(note.statusCode).toBe(201);
    expect(note.json()).toMatchObject({ text: 'Revisar el hashtag', visibility: 'team', author: { id: ids.admin, first_name: 'Ana', last_name: 'Roca' } });
    expect((await comment('admin', id, { text: '¿Os gusta la foto?', visibility: 'shared' })).statusCode).toBe(201);
    const answer = await comment('clara', id, { text: 'Sí, mucho', visibility: 'shared' });
    expect(answer.statusCode).toBe(201);

    const refused = await comment('clara', id, { text: 'Nota interna', visibility: 'team' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'FORBIDDEN', details: { visibility: 'commentTeamAdminsOnly' } });

    const admin = (await history('admin', id)).json();
    expect(admin.comments.map((one: { text: string }) => one.text)).toEqual(['Revisar el hashtag', '¿Os gusta la foto?', 'Sí, mucho']);
    expect(admin.events.map((event: { kind: string }) => event.kind)).toEqual(['comment', 'comment', 'comment']);
    const customer = (await history('clara', id)).json();
    expect(customer.comments.map((one: { text: string }) => one.text)).toEqual(['¿Os gusta la foto?', 'Sí, mucho']);
    expect(customer.events).toHaveLength(2);
    expect(JSON.stringify(customer)).not.toContain('Revisar');
    expect(customer.comments[1].author).toMatchObject({ id: ids.clara, first_name: 'Clara' });
  });

  it('shows a post only to an administrator and its owner, and refuses bad comments with field keys', async () => {
    const { id } = await createTestPost(t.database.db, { projectId, ownerId: ids.clara });
    expect((await history('bruno', id)).statusCode).toBe(404);
    expect((await comment('bruno', id, { text: 'Hola', visibility: 'shared' })).statusCode).toBe(404);
    expect((await history('pablo', id)).statusCode).toBe(403);
    expect((await comment('pablo', id, { text: 'Hola', visibility: 'shared' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/posts/${id}/history` })).statusCode).toBe(401);
    expect((await history('admin', 2_000_000)).statusCode).toBe(404);
    expect((await history('admin', 2_147_483_648)).statusCode).toBe(400);
    for (const [payload, field, key] of [
      [{ text: '   ', visibility: 'shared' }, 'text', 'commentRequired'],
      [{ visibility: 'shared' }, 'text', 'commentRequired'],
      [{ text: 'x'.repeat(2001), visibility: 'shared' }, 'text', 'commentTooLong'],
      // Refused by the guard every request passes (decision 018).
      [{ text: 'a\u0000b', visibility: 'shared' }, '_', 'invalid'],
      [{ text: 'Hola', visibility: 'everyone' }, 'visibility', 'commentVisibilityInvalid'],
      [{ text: 'Hola' }, 'visibility', 'commentVisibilityInvalid'],
    ] as const) {
      const response = await comment('admin', id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.details[field], JSON.stringify(payload)).toBe(key);
    }
    expect((await comment('admin', id, { text: 'x'.repeat(2000), visibility: 'shared' })).statusCode).toBe(201);
    expect((await history('admin', id)).json().comments).toHaveLength(1);
  });

  it('is append-only: the database refuses to change or remove an event or a comment while its post exists; they go with their post', async () => {
    const { id } = await createTestPost(t.database.db, { projectId, ownerId: ids.clara });
    await record({ postId: id, kind: 'generated', actorId: null, via: 'system', at: at(30) });
    expect((await comment('admin', id, { text: 'Nota', visibility: 'team' })).statusCode).toBe(201);
    const { db } = t.database;
    const count = async () => ({
      events: (await db.selectFrom('post_events').select('id').where('post_id', '=', id).execute()).length,
      comments: (await db.selectFrom('post_comments').select('id').where('post_id', '=', id).execute()).length,
    });
    expect(await count()).toEqual({ events: 2, comments: 1 });

    await expect(db.updateTable('post_events').set({ kind: 'published' }).where('post_id', '=', id).execute()).rejects.toThrow(/append-only/);
    await expect(db.deleteFrom('post_events').where('post_id', '=', id).execute()).rejects.toThrow(/append-only/);
    await expect(db.updateTable('post_comments').set({ text: 'Otra' }).where('post_id', '=', id).execute()).rejects.toThrow(/append-only/);
    await expect(db.deleteFrom('post_comments').where('post_id', '=', id).execute()).rejects.toThrow(/append-only/);
    if (t.database.dialect === 'postgres') await expect(sql`truncate post_events`.execute(db)).rejects.toThrow(/append-only/);
    expect(await count()).toEqual({ events: 2, comments: 1 });
    expect((await db.selectFrom('post_comments').select('text').where('post_id', '=', id).executeTakeFirstOrThrow()).text).toBe('Nota');

    // The database's own checks, whoever writes.
    await expect(
      db
        .insertInto('post_events')
        .values({ post_id: id, kind: 'edited', actor_id: null, via: 'mail', at: at(31).toISOString(), data: '{}' })
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto('post_comments')
        .values({ post_id: id, author_id: ids.admin, visibility: 'team', text: '', at: at(31).toISOString() })
        .execute(),
    ).rejects.toThrow();

    const deleted = await call('admin', { method: 'DELETE', url: `/api/posts/${id}` });
    expect(deleted.statusCode).toBe(204);
    expect(await count()).toEqual({ events: 0, comments: 0 });
  });

  it("goes with its project's posts when the project is deleted", async () => {
    const otherProject = await createTestProject(t.database.db, { title: 'Casa Río', createdBy: ids.admin, assignedTo: ids.clara });
    const posts = [
      await createTestPost(t.database.db, { projectId: otherProject, ownerId: ids.clara }),
      await createTestPost(t.database.db, { projectId: otherProject, ownerId: ids.clara }),
    ];
    for (const { id } of posts) {
      await record({ postId: id, kind: 'generated', actorId: null, via: 'system', at: at(40) });
      expect((await comment('clara', id, { text: 'Me gusta', visibility: 'shared' })).statusCode).toBe(201);
    }
    const deleted = await call('admin', { method: 'DELETE', url: `/api/projects/${otherProject}` });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const postIds = posts.map(({ id }) => id);
    expect(await t.database.db.selectFrom('post_events').select('id').where('post_id', 'in', postIds).execute()).toEqual([]);
    expect(await t.database.db.selectFrom('post_comments').select('id').where('post_id', 'in', postIds).execute()).toEqual([]);
  });
});
