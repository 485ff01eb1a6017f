import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readInstant } from '../../db/values.ts';
import { createTestPost, createTestProject, createTestReading } from '../../test-support/posts.ts';
import { type TestApp, createSignedInUsers, createTestApp } from '../../test-support/test-app.ts';
import { exportPage } from './repo.ts';

/**
 * GET /api/results and its CSV (issue 26 items 2 and 5, decision 046): the latest figures of the posts
 * published in a period, per network against the period before, per day, top posts and projects, weekday ×
 * hour in the studio's zone (Europe/Madrid), on both databases.
 */
// Monday 23 November 2026, 12:00 in Madrid (UTC+1).
const NOW = new Date('2026-11-23T11:00:00Z');

describe('the results', () => {
  let t: TestApp;
  let ids: Record<'admin' | 'clara' | 'bruno' | 'pablo', string>;
  let cookies: typeof ids;
  const posts: Record<string, number> = {};

  const get = (cookie: string, query: string) => t.app.inject({ method: 'GET', url: `/api/results?${query}`, headers: { cookie } });

  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
    ({ ids, cookies } = await createSignedInUsers(t, { admin: 'admin', clara: 'customer', bruno: 'customer', pablo: 'publisher' }, 'results.test'));
    const db = t.database.db;
    const casa = await createTestProject(db, { title: 'Casa, "Mar"\nde fondo', createdBy: ids.admin, assignedTo: ids.clara });
    const torre = await createTestProject(db, { title: 'Torre', createdBy: ids.admin, assignedTo: ids.clara });
    const nave = await createTestProject(db, { title: 'Nave', createdBy: ids.bruno });
    let remote = 0;
    const publish = async (
      name: string,
      projectId: number,
      ownerId: string,
      at: string,
      readings: { network: 'instagram' | 'linkedin'; impressions: number; reach: number; interactions: number; latest?: boolean }[],
      text?: string,
    ) => {
      const published = new Date(at);
      posts[name] = (await createTestPost(db, { projectId, ownerId, state: 'published', publishedAt: published, ...(text ? { text } : {}) })).id;
      for (const reading of readings) {
        remote += 1;
        const { network, latest, ...figures } = reading;
        await createTestReading(db, { postId: posts[name]!, projectId, network, remoteId: `r${remote}`, publishedAt: published, latest, figures });
      }
    };
    // This week: Tuesday 17 Nov 18:30 Madrid (17:30 UTC), and Saturday 21 Nov 09:15 Madrid.
    await publish('claraTuesday', casa, ids.clara, '2026-11-17T17:30:00Z', [
      { network: 'instagram', impressions: 1000, reach: 800, interactions: 50 },
      // An older reading of the same post: never summed.
      { network: 'instagram', impressions: 10, reach: 8, interactions: 1, latest: false },
      { network: 'linkedin', impressions: 300, reach: 200, interactions: 30 },
    ]);
    await publish(
      'claraSaturday',
      torre,
      ids.clara,
      '2026-11-21T08:15:00Z',
      [{ network: 'instagram', impressions: 500, reach: 400, interactions: 90 }],
      'Torre, "alta"\nsegunda línea',
    );
    // The 7 days before (10–16 Nov): 23:30 UTC on the 16th is 00:30 on the 17th in Madrid, so this period.
    await publish('claraBefore', torre, ids.clara, '2026-11-12T10:00:00Z', [{ network: 'instagram', impressions: 400, reach: 300, interactions: 40 }]);
    await publish('claraMidnight', torre, ids.clara, '2026-11-16T23:30:00Z', [{ network: 'linkedin', impressions: 5, reach: 5, interactions: 5 }]);
    // October, and another customer's.
    await publish('claraOctober', casa, ids.clara, '2026-10-10T10:00:00Z', [{ network: 'instagram', impressions: 70, reach: 60, interactions: 7 }]);
    await publish('bruno', nave, ids.bruno, '2026-11-20T10:00:00Z', [{ network: 'linkedin', impressions: 9000, reach: 9000, interactions: 900 }]);
  });
  afterAll(() => t.close());

  it("sums a customer's latest figures per network over the last 7 days, with the 7 before", async () => {
    const response = await get(cookies.clara, 'period=7d');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.range).toEqual({ from: '2026-11-17', to: '2026-11-23' });
    expect(body.previous_range).toEqual({ from: '2026-11-10', to: '2026-11-16' });
    const instagram = body.totals.find((row: { network: string }) => row.network === 'instagram');
    expect(instagram).toMatchObject({ posts: 2, figures: { impressions: 1500, reach: 1200, interactions: 140, saves: 0 }, previous_posts: 1 });
    expect(instagram.previous).toMatchObject({ impressions: 400, interactions: 40 });
    const linkedin = body.totals.find((row: { network: string }) => row.network === 'linkedin');
    expect(linkedin).toMatchObject({ posts: 2, figures: { impressions: 305, interactions: 35 }, previous_posts: 0, previous: { impressions: 0 } });
  });

  it('gives every day of the period, each with the figures of the posts published that day', async () => {
    const body = (await get(cookies.clara, 'period=7d')).json();
    expect(body.series).toHaveLength(7);
    expect(body.series[0]).toEqual({ day: '2026-11-17', impressions: 1305, reach: 1005, interactions: 85 });
    expect(body.series[4]).toEqual({ day: '2026-11-21', impressions: 500, reach: 400, interactions: 90 });
    expect(body.series[6]).toEqual({ day: '2026-11-23', impressions: 0, reach: 0, interactions: 0 });
  });

  it('ranks the top posts and projects by interactions, and puts posts on the studio’s weekday and hour', async () => {
    const body = (await get(cookies.clara, 'period=7d')).json();
    expect(body.top_posts.map((post: { post_id: number }) => post.post_id)).toEqual([posts.claraSaturday, posts.claraTuesday, posts.claraMidnight]);
    expect(body.top_posts[1]).toMatchObject({
      networks: ['instagram', 'linkedin'],
      interactions: 80,
      impressions: 1300,
      published_at: '2026-11-17T17:30:00.000Z',
    });
    expect(body.top_projects).toEqual([
      expect.objectContaining({ title: 'Torre', posts: 2, interactions: 95 }),
      expect.objectContaining({ title: 'Casa, "Mar"\nde fondo', posts: 1, interactions: 80 }),
    ]);
    expect(body.grid).toEqual([
      { weekday: 2, hour: 0, posts: 1, interactions: 5 },
      { weekday: 2, hour: 18, posts: 1, interactions: 80 },
      { weekday: 6, hour: 9, posts: 1, interactions: 90 },
    ]);
    expect(body.time_zone).toBe('Europe/Madrid');
  });

  it('reads a month against the month before', async () => {
    const body = (await get(cookies.clara, 'period=month:2026-11')).json();
    expect(body.range).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(body.previous_range).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(body.series).toHaveLength(30);
    const instagram = body.totals.find((row: { network: string }) => row.network === 'instagram');
    expect(instagram).toMatchObject({ posts: 3, figures: { impressions: 1900 }, previous_posts: 1, previous: { impressions: 70 } });
  });

  it('gives an administrator the whole studio or one customer', async () => {
    const all = (await get(cookies.admin, 'period=7d')).json();
    expect(all.totals.find((row: { network: string }) => row.network === 'linkedin').figures.impressions).toBe(9305);
    const bruno = (await get(cookies.admin, `period=7d&customer=${ids.bruno}`)).json();
    expect(bruno.totals).toEqual([expect.objectContaining({ network: 'linkedin', posts: 1, figures: expect.objectContaining({ impressions: 9000 }) })]);
    expect(bruno.top_posts.map((post: { post_id: number }) => post.post_id)).toEqual([posts.bruno]);
  });

  it('answers an empty period with zeros on every day and no totals', async () => {
    const body = (await get(cookies.clara, 'period=month:2025-01')).json();
    expect(body.totals).toEqual([]);
    expect(body.top_posts).toEqual([]);
    expect(body.grid).toEqual([]);
    expect(body.series).toHaveLength(31);
  });

  it("refuses a customer another's results and publishers (403)", async () => {
    expect((await get(cookies.clara, `period=7d&customer=${ids.bruno}`)).json().error.code).toBe('FORBIDDEN');
    expect((await get(cookies.clara, `period=7d&customer=${ids.clara}`)).statusCode).toBe(200);
    expect((await get(cookies.pablo, 'period=7d')).statusCode).toBe(403);
    const csv = await t.app.inject({ method: 'GET', url: `/api/results/export.csv?customer=${ids.bruno}`, headers: { cookie: cookies.clara } });
    expect(csv.statusCode).toBe(403);
  });

  it.each(['period=14d', 'period=month:2026-13', 'period=month:26-11', 'period=', 'period=7d&period=30d', `period=${'x'.repeat(500)}`])(
    'refuses %s (400, a translated code)',
    async (query) => {
      const response = await get(cookies.clara, query);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    },
  );

  it('exports the period as CSV: BOM, CRLF, English keys, quoted commas, quotes and line breaks', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/results/export.csv?period=7d', headers: { cookie: cookies.clara } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="alzado-results-7d.csv"');
    const raw = response.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = raw.subarray(3).toString('utf8');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(
      'post_id,project_id,project_title,network,published_at,read_at,text,impressions,reach,reactions,comments,shares,saves,clicks,interactions',
    );
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text).toContain(`${posts.claraSaturday},`);
    expect(text).toContain(',"Torre, ""alta""\nsegunda línea",500,400,,,,,,90\r\n');
    expect(text).toContain(',"Casa, ""Mar""\nde fondo",instagram,2026-11-17T17:30:00.000Z,');
    // 4 latest readings of Clara's in the period (Tuesday's two networks, Saturday, the midnight one), none of Bruno's.
    expect(text.match(/\r\n\d+,\d+,/g)).toHaveLength(4);
    expect(text).not.toContain('9000');
    // By publication, then post, then network: the midnight one (16 Nov), Tuesday's instagram and linkedin, Saturday.
    const keys = lines.slice(1).flatMap((line) => (/^\d+,\d+,/.test(line) ? [line.split(',')[0]] : []));
    expect(keys).toEqual([posts.claraMidnight, posts.claraTuesday, posts.claraTuesday, posts.claraSaturday].map(String));
  });

  it("pages the export by publication, post and network, each page starting after the last one's key", async () => {
    const scope = { from: '2026-01-01T00:00:00.000Z', to: '2027-01-01T00:00:00.000Z', ownerId: undefined };
    const whole = await exportPage(t.database.db, t.database.dialect, scope, undefined, 100);
    const paged: typeof whole = [];
    for (let page = await exportPage(t.database.db, t.database.dialect, scope, undefined, 1); page.length > 0;) {
      paged.push(...page);
      page = await exportPage(t.database.db, t.database.dialect, scope, page.at(-1), 1);
    }
    const key = (row: (typeof whole)[number]) => `${readInstant(row.published_at).toISOString()} ${String(row.post_id).padStart(9, '0')} ${row.network}`;
    expect(whole.map(key)).toEqual(whole.map(key).sort());
    // Two networks of one post share an instant: the keyset still gives each once.
    expect(paged.map(key)).toEqual(whole.map(key));
    expect(whole).toHaveLength(7);
  });
});

/** One customer's posts, each with one latest reading, in a studio zone; her results of a period. */
async function zoneResults(
  timeZone: string,
  network: 'instagram' | 'linkedin',
  posts: ReadonlyArray<readonly [string, number]>,
  period: string,
): Promise<{ range: { from: string; to: string }; totals: unknown[]; days: Record<string, number>; grid: unknown[] }> {
  const t = await createTestApp({ now: () => NOW, studio: { timeZone, publishHour: 9 } });
  try {
    const { ids, cookies } = await createSignedInUsers(t, { clara: 'customer' }, 'zone.test');
    const db = t.database.db;
    const project = await createTestProject(db, { title: 'Casa', createdBy: ids.clara, assignedTo: ids.clara });
    for (const [index, [at, interactions]] of posts.entries()) {
      const published = new Date(at);
      const post = await createTestPost(db, { projectId: project, ownerId: ids.clara, state: 'published', publishedAt: published });
      await createTestReading(db, { postId: post.id, projectId: project, network, remoteId: `z${index}`, publishedAt: published, figures: { interactions } });
    }
    const response = await t.app.inject({ method: 'GET', url: `/api/results?period=${period}`, headers: { cookie: cookies.clara } });
    expect(response.statusCode, response.body).toBe(200);
    const results = response.json();
    const days = Object.fromEntries(
      results.series
        .filter((point: { interactions: number }) => point.interactions > 0)
        .map((point: { day: string; interactions: number }) => [point.day, point.interactions]),
    );
    return { range: results.range, totals: results.totals, days, grid: results.grid };
  } finally {
    await t.close();
  }
}

describe('the results in the studio’s own days and hours', () => {
  it('counts each post in its day and hour to the minute in a zone whose offset is not whole hours', async () => {
    // Monday 23 November 2026, 16:30 in Kolkata (UTC+5:30): the period's days begin at 18:30 UTC. Posts at
    // 23:50 on Monday 16th (the week before), 00:10 on Tuesday 17th and 15:30 on Friday 20th.
    const results = await zoneResults(
      'Asia/Kolkata',
      'instagram',
      [
        ['2026-11-16T18:20:00Z', 1],
        ['2026-11-16T18:40:00Z', 10],
        ['2026-11-20T10:00:00Z', 100],
      ],
      '7d',
    );
    expect(results.range).toEqual({ from: '2026-11-17', to: '2026-11-23' });
    expect(results.totals).toMatchObject([
      { network: 'instagram', posts: 2, figures: { interactions: 110 }, previous_posts: 1, previous: { interactions: 1 } },
    ]);
    expect(results.days).toEqual({ '2026-11-17': 10, '2026-11-20': 100 });
    expect(results.grid).toEqual([
      { weekday: 2, hour: 0, posts: 1, interactions: 10 },
      { weekday: 5, hour: 15, posts: 1, interactions: 100 },
    ]);
  });

  it('places each hour with the offset in force then, across a change of summer time', async () => {
    // Sunday 25 October 2026 in Madrid: 02:30 summer time (UTC+2), then 03:30 winter time (UTC+1); 23:30 on
    // Saturday 31 October (22:30 UTC), the month's last hour; 00:30 on 1 November, the month after.
    const results = await zoneResults(
      'Europe/Madrid',
      'linkedin',
      [
        ['2026-10-25T00:30:00Z', 1],
        ['2026-10-25T02:30:00Z', 10],
        ['2026-10-31T22:30:00Z', 100],
        ['2026-10-31T23:30:00Z', 1000],
      ],
      'month:2026-10',
    );
    expect(results.totals).toMatchObject([{ network: 'linkedin', posts: 3, figures: { interactions: 111 } }]);
    expect(results.days).toEqual({ '2026-10-25': 11, '2026-10-31': 100 });
    expect(results.grid).toEqual([
      { weekday: 6, hour: 23, posts: 1, interactions: 100 },
      { weekday: 7, hour: 2, posts: 1, interactions: 1 },
      { weekday: 7, hour: 3, posts: 1, interactions: 10 },
    ]);
  });
});
