import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPost, createTestProject } from '../../test-support/posts.ts';
import { type TestApp, createTestApp, createSignedInUsers } from '../../test-support/test-app.ts';
import { postRowsOnDays } from './repo.ts';

/**
 * GET /api/calendar (issue 16): the posts the user sees whose day is in the range, in time order, with the
 * weekly queue's free slots; the range is checked (at most 42 days); a month is read along an index of
 * posts by day, without reading the other months, on both databases.
 */
// Monday 23 November 2026, 12:00 in Madrid (UTC+1).
const NOW = new Date('2026-11-23T11:00:00Z');

describe('the calendar', () => {
  let t: TestApp;
  let ids: Record<'admin' | 'clara' | 'bruno' | 'pablo', string>;
  let cookies: typeof ids;
  const posts: Record<string, number> = {};

  const calendar = (cookie: string, query: string) => t.app.inject({ method: 'GET', url: `/api/calendar?${query}`, headers: { cookie } });
  const november = 'from=2026-11-01&to=2026-11-30';

  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
    ({ ids, cookies } = await createSignedInUsers(t, { admin: 'admin', clara: 'customer', bruno: 'customer', pablo: 'publisher' }, 'calendar.test'));
    const db = t.database.db;
    const claraProject = await createTestProject(db, { createdBy: ids.admin, assignedTo: ids.clara });
    const brunoProject = await createTestProject(db, { createdBy: ids.bruno });
    const make = async (
      name: string,
      projectId: number,
      ownerId: string,
      state: 'preview' | 'scheduled' | 'published',
      publishOn: string | null,
      publishTime?: string,
    ) => {
      posts[name] = (
        await createTestPost(db, { projectId, ownerId, state, publishOn, ...(publishTime ? { publishTime } : {}), networks: { linkedin: state !== 'preview' } })
      ).id;
    };
    await make('claraOctober', claraProject, ids.clara, 'published', '2026-10-31', '18:00');
    await make('claraPublished', claraProject, ids.clara, 'published', '2026-11-02', '10:00');
    await make('claraLate', claraProject, ids.clara, 'scheduled', '2026-11-24', '18:00');
    await make('claraEarly', claraProject, ids.clara, 'scheduled', '2026-11-24', '09:30');
    await make('claraDecember', claraProject, ids.clara, 'scheduled', '2026-12-01', '09:30');
    await make('claraPreview', claraProject, ids.clara, 'preview', null);
    await make('brunoNovember', brunoProject, ids.bruno, 'scheduled', '2026-11-30', '23:59');
    // Clara: Tuesdays 09:30 and Thursdays 18:00; Bruno: Mondays 08:00.
    await t.app.inject({
      method: 'PUT',
      url: '/api/queue-slots',
      headers: { cookie: cookies.clara },
      payload: {
        slots: [
          { weekday: 2, time: '09:30' },
          { weekday: 4, time: '18:00' },
        ],
      },
    });
    await t.app.inject({ method: 'PUT', url: '/api/queue-slots', headers: { cookie: cookies.bruno }, payload: { slots: [{ weekday: 1, time: '08:00' }] } });
  });
  afterAll(() => t.close());

  it("gives a customer her posts of the range in time order, and her free slots after now: her posts' slots are taken", async () => {
    const response = await calendar(cookies.clara, november);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.posts.map((post: { id: number }) => post.id)).toEqual([posts.claraPublished, posts.claraEarly, posts.claraLate]);
    expect(body.posts[1]).toMatchObject({
      publish_on: '2026-11-24',
      publish_time: '09:30',
      publish_at: '2026-11-24T08:30:00.000Z',
      state: 'scheduled',
      editable: true,
    });
    // Tuesday 24th 09:30 is taken by her post; Thursday 26th 18:00 is free; nothing before now.
    expect(body.slots).toEqual([{ day: '2026-11-26', time: '18:00', owner_id: ids.clara }]);
    expect(body.clock).toEqual({ today: '2026-11-23', time: '12:00', default_time: '09:00' });
    expect((await calendar(cookies.clara, `${november}&owner=${ids.clara}`)).statusCode).toBe(200);
  });

  it("gives an administrator everyone's posts and free slots, each with its owner, or one owner's", async () => {
    const all = (await calendar(cookies.admin, november)).json();
    expect(all.posts.map((post: { id: number }) => post.id)).toEqual([posts.claraPublished, posts.claraEarly, posts.claraLate, posts.brunoNovember]);
    expect(all.slots).toEqual([
      { day: '2026-11-26', time: '18:00', owner_id: ids.clara },
      { day: '2026-11-30', time: '08:00', owner_id: ids.bruno },
    ]);
    const bruno = (await calendar(cookies.admin, `${november}&owner=${ids.bruno}`)).json();
    expect(bruno.posts.map((post: { id: number }) => post.id)).toEqual([posts.brunoNovember]);
    expect(bruno.slots).toEqual([{ day: '2026-11-30', time: '08:00', owner_id: ids.bruno }]);
    const sixWeeks = (await calendar(cookies.admin, 'from=2026-10-26&to=2026-12-06')).json();
    expect(sixWeeks.posts.map((post: { id: number }) => post.id)).toEqual([
      posts.claraOctober,
      posts.claraPublished,
      posts.claraEarly,
      posts.claraLate,
      posts.brunoNovember,
      posts.claraDecember,
    ]);
  });

  it('refuses a customer another’s calendar, and publishers (403)', async () => {
    expect((await calendar(cookies.clara, `${november}&owner=${ids.bruno}`)).json().error.code).toBe('FORBIDDEN');
    expect((await calendar(cookies.pablo, november)).statusCode).toBe(403);
  });

  it.each([
    ['a reversed range', 'from=2026-11-30&to=2026-11-01', { to: 'calendarRangeReversed' }],
    ['43 days', 'from=2026-11-01&to=2026-12-13', { to: 'calendarRangeTooLong' }],
    ['a day that does not exist', 'from=2026-11-31&to=2026-12-05', { from: 'dateInvalid' }],
    ['no range', '', { from: 'invalid' }],
  ])('refuses %s (400)', async (_, query, details) => {
    const response = await calendar(cookies.clara, query);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
    if (query !== '') expect(response.json().error.details).toEqual(details);
  });

  it('takes 42 days (six weeks, a month view)', async () => {
    expect((await calendar(cookies.clara, 'from=2026-11-01&to=2026-12-12')).statusCode).toBe(200);
  });

  it('reads a month along the posts-by-day index, only that range, everyone’s and one owner’s', async () => {
    const plans = [];
    for (const ownerId of [undefined, ids.clara])
      plans.push(await planOf(postRowsOnDays(t.database.db, { from: '2026-11-01', to: '2026-11-30', ownerId }).compile()));
    if (t.database.dialect === 'sqlite') {
      expect(plans[0]).toMatch(/SEARCH posts USING INDEX posts_day_idx \(publish_on>\? AND publish_on<\?\)/);
      expect(plans[1]).toMatch(/SEARCH posts USING INDEX posts_owner_day_idx \(owner_id=\? AND publish_on>\? AND publish_on<\?\)/);
    } else {
      // PostgreSQL reads exactly November's rows of the index: 4 for everyone, 3 of them Clara's.
      expect(plans[0]).toMatch(/Index Scan using posts_day_idx on posts[^\n]*actual[^\n]*rows=4 /);
      expect(plans[0]).toMatch(/Index Cond: \(\(publish_on >= '2026-11-01'::text\) AND \(publish_on <= '2026-11-30'::text\)\)/);
      expect(plans[1]).toMatch(/Index Scan using posts_owner_day_idx on posts[^\n]*actual[^\n]*rows=3 /);
    }
    for (const plan of plans) expect(plan).not.toMatch(/SCAN posts\b|Seq Scan on posts|sort|temp b-tree/i);
  });

  /** The plan of a query; PostgreSQL's with the rows each step read, told that reading the whole table is dear (its few rows would otherwise be read whole). */
  async function planOf(query: CompiledQuery): Promise<string> {
    return t.database.db.transaction().execute(async (trx) => {
      if (t.database.dialect === 'postgres')
        for (const setting of ['enable_seqscan', 'enable_bitmapscan']) await sql`set local ${sql.raw(setting)} = off`.execute(trx);
      const prefix = t.database.dialect === 'postgres' ? 'explain (analyze, costs off, timing off) ' : 'explain query plan ';
      const { rows } = await trx.executeQuery(CompiledQuery.raw(prefix + query.sql, [...query.parameters]));
      return (rows as Array<Record<string, unknown>>).map((row) => String(row['QUERY PLAN'] ?? row.detail)).join('\n');
    });
  }
});
