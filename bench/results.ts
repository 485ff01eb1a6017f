/**
 * The Results page (issue 26's benchmark): a studio of 20 customers with 100,000 published posts over the
 * last year, each on Instagram and LinkedIn, and 1,000,000 readings of their figures (5 a post and network,
 * the newest `latest`), as migration 025 keeps them. GET /api/results for 7, 30 and 90 days and last month
 * (the administrator's whole studio, the administrator's view of one customer, a customer's own) and the
 * CSV (a customer's month, the whole stream; the studio's 7 days, the whole stream, for information), over
 * real HTTP on 127.0.0.1, each against the floor (bench/support/floor.ts: the session check and one indexed
 * SELECT LIMIT 10) in the same run, interleaved. Budget: 3x the floor's median.
 * Then the fetching of 10,000 published posts' figures from the sandbox (measureFetching, below).
 *   npx tsx bench/results.ts [sqlite|postgres] [--explain] [--short] [--no-fetching | --fetching-only]
 * postgres needs DATABASE_URL_TEST. --explain also prints the plans of the Results queries (the studio's 90
 * days and a customer's month); --short: fewer requests (npm run bench's mode).
 */
import type { Insertable } from 'kysely';
import { readInstant } from '../src/server/db/values.ts';
import { createReadMetricsHandler } from '../src/server/features/metrics/service.ts';
import { type JobContext, enqueueJob } from '../src/server/jobs/job-queue.ts';
import { createStudioCalendar } from '../src/server/lib/studio-calendar.ts';
import { createDuePost, createTestPublishing, publishingDependencies, silentLog, startPublishingTestApp } from '../src/server/test-support/publishing.ts';
import { connect, sandboxClients } from '../src/server/test-support/social-sandbox.ts';
import type { PostMetricReadsTable, PostMetricsTable, PostsTable } from '../src/server/db/schema.ts';
import { exportPage, hourlyFigures, topPosts, topProjects, totalsByNetwork } from '../src/server/features/results/repo.ts';
import { projectRowValues } from '../src/server/test-support/projects.ts';
import { recordQueries } from '../src/server/test-support/recorded-queries.ts';
import { storedFlag, storedInstant } from '../src/server/test-support/stored-values.ts';
import { createTestUser, signIn } from '../src/server/test-support/test-app.ts';
import { type BenchApp, type BenchDialect, benchArguments, startBenchApp } from './support/bench-app.ts';
import { insertInBatches, settleAfterLoad } from './support/bulk-insert.ts';
import { printPlan } from './support/explain.ts';
import { FLOOR_NAME, FLOOR_PATH, floorQuery, floorRoute } from './support/floor.ts';
import { loadAverage } from './support/machine-load.ts';
import { type BenchRun, type BudgetLine, isMainModule } from './support/summary.ts';
import { FLOOR_BUDGET, HEALTH } from './support/table.ts';
import { type Figures, type Row, timeRowsInterleaved } from './support/timing.ts';

const POSTS = 100_000;
const CUSTOMERS = 20;
const NETWORKS = ['instagram', 'linkedin'] as const;
/** Readings kept per post and network: 1 h, 24 h, 3, 7 and 30 days after publishing (decision 045's pace). */
const READ_OFFSETS_MS = [1, 24, 72, 168, 720].map((hours) => hours * 3_600_000);
const DAY_MS = 86_400_000;
/** Posts one after the other over the last 365 days, newest first. */
const SPACING_MS = (365 * DAY_MS) / POSTS;
/** A request can take tens of milliseconds here: fewer than the lists' 300 a row. */
const FULL = { requests: 60, rounds: 10, warmUp: 3 };
const SHORT = { requests: 30, rounds: 5, warmUp: 2 };

interface Options {
  dialect: BenchDialect;
  short: boolean;
  explain: boolean;
  log: (line: string) => void;
}

/** Loads the projects (10 posts each, one customer's), the posts, their schedules and their readings. */
async function fill(bench: BenchApp, customers: string[], now: number): Promise<void> {
  const { db } = bench;
  const projectIds: number[] = [];
  await insertInBatches(db, { from: 0, to: POSTS / 10 }, async (trx, from, to) => {
    const rows = Array.from({ length: to - from }, (_, offset) => {
      const index = from + offset;
      const owner = customers[index % CUSTOMERS]!;
      return projectRowValues({ title: `Obra ${index}`, state: 'launched', created_by: owner, created_at: new Date(now - 400 * DAY_MS) });
    });
    projectIds.push(...(await trx.insertInto('projects').values(rows).returning('id').execute()).map((row) => row.id));
  });
  // Post i: published (i + 1) spacings before now, customer i % 20, project (the customer's) i / 200 * 20 + i % 20.
  await insertInBatches(
    db,
    { from: 0, to: POSTS },
    async (trx, from, to) => {
      const plans = Array.from({ length: to - from }, (_, offset) => {
        const index = from + offset;
        return {
          index,
          at: new Date(now - (index + 1) * SPACING_MS),
          owner: index % CUSTOMERS,
          project: projectIds[Math.floor(index / 200) * 20 + (index % 20)]!,
        };
      });
      const postRows: Insertable<PostsTable>[] = plans.map((plan) => ({
        project_id: plan.project,
        owner_id: customers[plan.owner]!,
        sequence: 1 + (Math.floor(plan.index / 20) % 10),
        state: 'published',
        text: `Vivienda ${plan.index}: madera, luz y un patio. #arquitectura`,
        publish_on: plan.at.toISOString().slice(0, 10),
        to_instagram: storedFlag(true),
        to_linkedin: storedFlag(true),
        publishing_since: null,
        published_at: storedInstant(plan.at),
        created_at: storedInstant(new Date(plan.at.getTime() - DAY_MS)),
        updated_at: storedInstant(plan.at),
      }));
      const ids = (await trx.insertInto('posts').values(postRows).returning('id').execute()).map((row) => row.id);
      const reads: Insertable<PostMetricReadsTable>[] = [];
      const readings: Insertable<PostMetricsTable>[] = [];
      for (const [position, plan] of plans.entries()) {
        const postId = ids[position]!;
        for (const network of NETWORKS) {
          const published = plan.at.getTime();
          const done = READ_OFFSETS_MS.filter((offset) => published + offset <= now).length;
          reads.push({
            post_id: postId,
            network,
            remote_id: `${network}-${postId}`,
            target_id: network === 'instagram' ? '17841400000000001' : 'urn:li:organization:90210001',
            published_at: storedInstant(plan.at),
            step: done,
            next_read_at: done < READ_OFFSETS_MS.length ? storedInstant(new Date(published + READ_OFFSETS_MS[done]!)) : null,
          });
          // Five readings whatever the age: the 1,000,000 of the issue (those of the newest posts to come, read early).
          const base = 50 + ((plan.index * 7_919 + (network === 'linkedin' ? 13 : 0)) % 950);
          for (const [step, offset] of READ_OFFSETS_MS.entries()) {
            const growth = step + 1;
            readings.push({
              post_id: postId,
              project_id: plan.project,
              owner_id: customers[plan.owner]!,
              network,
              remote_id: `${network}-${postId}`,
              published_at: storedInstant(plan.at),
              read_at: storedInstant(new Date(Math.min(now, published + offset))),
              outcome: 'read',
              reason: null,
              unavailable: null,
              latest: storedFlag(step === READ_OFFSETS_MS.length - 1),
              impressions: base * growth * 3,
              reach: base * growth * 2,
              reactions: base * growth,
              comments: Math.floor((base * growth) / 20),
              shares: Math.floor((base * growth) / 40),
              saves: network === 'instagram' ? Math.floor((base * growth) / 30) : null,
              clicks: network === 'linkedin' ? Math.floor((base * growth) / 10) : null,
              interactions: Math.floor(base * growth * 1.1),
            });
          }
        }
      }
      for (let start = 0; start < reads.length; start += 1_000)
        await trx
          .insertInto('post_metric_reads')
          .values(reads.slice(start, start + 1_000))
          .execute();
      for (let start = 0; start < readings.length; start += 1_000)
        await trx
          .insertInto('post_metrics')
          .values(readings.slice(start, start + 1_000))
          .execute();
    },
    { perStatement: 1_000, statementsPerTransaction: 5 },
  );
  await settleAfterLoad(db, bench.dialect, [
    'projects',
    'posts',
    'post_counts',
    'project_counts',
    'post_metric_reads',
    'post_metrics',
    'results_posts',
    'results_hourly',
  ]);
}

/** The month before the studio's current one, YYYY-MM. */
function lastMonth(now: Date): string {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15));
  return first.toISOString().slice(0, 7);
}

const PERIODS = (month: string) => ['7d', '30d', '90d', `month:${month}`];
const ADMIN = 'admin, whole studio';
const ADMIN_ONE = 'admin, one customer';
const OWN = 'customer, own';

interface Measured {
  figures: Map<string, Figures>;
  budgeted: string[];
  informative: string[];
}

async function measureResults({ dialect, short, explain, log }: Options): Promise<Measured> {
  const bench = await startBenchApp(dialect, floorRoute('posts'));
  try {
    log(`before: ${loadAverage()}`);
    const customers: string[] = [];
    for (let index = 0; index < CUSTOMERS; index += 1)
      customers.push((await createTestUser(bench.testApp, { email: `customer-${index}@bench.es`, role: 'customer' })).id);
    await createTestUser(bench.testApp, { email: 'admin@bench.es', role: 'admin' });
    const admin = await signIn(bench.testApp, 'admin@bench.es', 'secret-123');
    const customer = await signIn(bench.testApp, 'customer-1@bench.es', 'secret-123');
    const started = performance.now();
    const now = new Date();
    await fill(bench, customers, now.getTime());
    const count = async (table: 'post_metrics' | 'posts') =>
      Number(
        (
          await bench.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    log(
      `${(await count('posts')).toLocaleString('en')} published posts and ${(await count('post_metrics')).toLocaleString('en')} readings loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const base = await bench.listen();
    const month = lastMonth(now);
    const rows: Row[] = [
      [HEALTH, '/api/health'],
      [FLOOR_NAME, FLOOR_PATH, admin],
    ];
    const budgeted: string[] = [];
    for (const period of PERIODS(month)) {
      const label = period.startsWith('month:') ? 'last month' : period;
      for (const [who, query, cookie] of [
        [ADMIN, '', admin],
        [ADMIN_ONE, `&customer=${customers[0]}`, admin],
        [OWN, '', customer],
      ] as const) {
        const name = `GET /api/results ${label}, ${who}`;
        rows.push([name, `/api/results?period=${period}${query}`, cookie]);
        budgeted.push(name);
      }
    }
    const ownCsv = `CSV last month, ${OWN} (whole stream)`;
    const adminCsv = `CSV last month, ${ADMIN_ONE} (whole stream)`;
    const studioCsv = `CSV 7d, ${ADMIN} (whole stream)`;
    rows.push([ownCsv, `/api/results/export.csv?period=month:${month}`, customer]);
    rows.push([adminCsv, `/api/results/export.csv?period=month:${month}&customer=${customers[0]}`, admin]);
    rows.push([studioCsv, `/api/results/export.csv?period=7d`, admin]);
    budgeted.push(ownCsv, adminCsv);
    for (const [name, path, cookie] of rows.slice(2)) {
      const answer = await fetch(`${base}${path}`, { headers: { cookie: cookie! } });
      const body = await answer.text();
      if (!answer.ok) throw new Error(`${name}: ${answer.status} ${body.slice(0, 200)}`);
      const size = path.includes('export.csv')
        ? `${body.split('\r\n').length - 2} lines`
        : `${(JSON.parse(body) as { totals: { posts: number }[] }).totals.map((total) => total.posts).join('+')} posts`;
      log(`  ${name}: ${size}, ${(body.length / 1024).toFixed(0)} KB`);
    }
    const figures = await timeRowsInterleaved(base, rows, short ? SHORT : FULL);
    log(`after: ${loadAverage()}`);
    if (explain) await printResultsPlans(bench, customers[1]!, month, now);
    return { figures, budgeted, informative: [studioCsv] };
  } finally {
    await bench.close();
  }
}

/** The queries GET /api/results and the CSV's first page send, recorded as they send them, and their plans. */
async function printResultsPlans(bench: BenchApp, customerId: string, month: string, now: Date): Promise<void> {
  const { db, dialect } = bench;
  // On whole hours, as a studio's midnights are in a zone of whole-hour offsets (decision 049).
  const hour = Math.floor(now.getTime() / 3_600_000) * 3_600_000;
  const ninety = { from: new Date(hour - 90 * DAY_MS).toISOString(), to: new Date(hour).toISOString(), ownerId: undefined };
  const monthScope = {
    from: `${month}-01T00:00:00.000Z`,
    to: new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5)), 1)).toISOString(),
    ownerId: customerId,
  };
  for (const [label, scope] of [
    ['90 days, whole studio', ninety],
    ['a month, one customer', monthScope],
  ] as const) {
    const scenarios: [string, (recording: typeof db) => Promise<unknown>][] = [
      ['totals per network', (recording) => totalsByNetwork(recording, dialect, scope)],
      ['figures per hour (chart, grid)', (recording) => hourlyFigures(recording, scope)],
      ['top posts', (recording) => topPosts(recording, dialect, scope)],
      ['top projects', (recording) => topProjects(recording, scope)],
      ['CSV first page', (recording) => exportPage(recording, dialect, scope, undefined, 500)],
    ];
    for (const [name, scenario] of scenarios) {
      for (const query of await recordQueries(db, scenario)) await printPlan(db, dialect, `${name}, ${label}`, query.sql, query.parameters);
      // Each query alone, in process: which of the page's queries its time goes to.
      const times: number[] = [];
      for (let round = 0; round < 7; round += 1) {
        const started = performance.now();
        await scenario(db);
        times.push(performance.now() - started);
      }
      console.log(`   ${name}, ${label}: median ${times.sort((a, b) => a - b)[3]!.toFixed(1)} ms in process`);
    }
  }
  const floor = floorQuery('posts').compile(db);
  await printPlan(db, dialect, `the floor (${FLOOR_PATH})`, floor.sql, floor.parameters);
}

function budgetLines(measured: Measured, dialect: BenchDialect): BudgetLine[] {
  const floor = measured.figures.get(FLOOR_NAME)!;
  return [...measured.budgeted, ...measured.informative].map((name) => {
    const value = Number((measured.figures.get(name)!.p50 / floor.p50).toFixed(2));
    const budgeted = measured.budgeted.includes(name);
    return {
      bench: `results (${dialect})`,
      measure: `${name}, 100k posts / 1M readings`,
      value,
      unit: 'x',
      budget: budgeted ? `<= ${FLOOR_BUDGET}x floor` : '',
      pass: budgeted ? value <= FLOOR_BUDGET : null,
      baseline: `${FLOOR_NAME} (p50 ${floor.p50.toFixed(2)} ms)`,
    };
  });
}

function printFigures(measured: Measured, dialect: BenchDialect, short: boolean): void {
  const floor = measured.figures.get(FLOOR_NAME)!.p50;
  const width = Math.max(...[...measured.figures.keys()].map((name) => name.length));
  console.log(
    `\ndatabase: ${dialect}; ${(short ? SHORT : FULL).requests} requests per row, 4 at a time, rows interleaved; milliseconds; x = p50 over the floor's p50`,
  );
  console.log(`${'request'.padEnd(width)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'x'.padStart(6)}`);
  for (const [name, figures] of measured.figures)
    console.log(
      `${name.padEnd(width)} ${figures.p50.toFixed(2).padStart(8)} ${figures.p95.toFixed(2).padStart(8)} ${(figures.p50 / floor).toFixed(1).padStart(6)}`,
    );
}

/**
 * The fetching (issue 26: "the fetching of 10,000 published posts' figures within the networks' documented
 * limits"): one customer with an Instagram account and a LinkedIn company page connected in the sandbox,
 * 10,000 posts published on both within the last two hours (their results point at one real sandbox media
 * and share: the calls count against the same account, the figures are the sandbox's), and the read-metrics
 * job run every 5 minutes of a simulated day and a quarter (the app's and the sandbox's clocks moved
 * together), as main.ts runs it. Counted: the Instagram insights calls per rolling hour against the
 * sandbox's Business Use Case stand-in (insightsCallsPerHour, the job backs off at 90 % usage) and the
 * refusals it gave; the LinkedIn statistics calls per UTC day against decision 045's 100 per member and 500
 * per app; the readings made and the posts still waiting.
 */
const FETCH_POSTS = 10_000;
const FETCH_HOURS = 30;
const JOB_EVERY_MS = 5 * 60_000;
const SOLER_INSTAGRAM = '17841400000000001';
const ORGANIZATION_URN = 'urn:li:organization:90210001';

interface Fetching {
  instagramLimitPerHour: number;
  instagramBusiestHour: number;
  refusals: number;
  linkedinBusiestDay: number;
  readings: Record<string, number>;
  postsRead: Record<string, number>;
  pauses: string[];
  seconds: number;
}

async function measureFetching(dialect: BenchDialect, log: (line: string) => void): Promise<Fetching> {
  process.env.TEST_DIALECT = dialect;
  let offsetMs = 0;
  const clock = () => new Date(Date.now() + offsetMs);
  const env = await startPublishingTestApp({ now: clock });
  try {
    const publishing = createTestPublishing(env, { now: clock });
    const control = env.sandbox.sandbox.control;
    const db = env.t.database.db;
    const user = await createTestUser(env.t, { email: 'estudio@bench.es', role: 'customer' });
    const cookie = await signIn(env.t, user.email, user.password);
    const call = async (method: 'GET' | 'PUT', url: string, payload?: Record<string, unknown>) => {
      const answer = await env.t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
      if (answer.statusCode !== 200) throw new Error(`${method} ${url}: ${answer.statusCode} ${answer.body.slice(0, 200)}`);
    };
    for (const network of ['linkedin', 'instagram'] as const) {
      const connected = await connect(env.t, cookie, network);
      if (connected.statusCode !== 200) throw new Error(`connecting ${network}: ${connected.statusCode}`);
      await call('GET', `/api/social/${network}/pages`);
      await call('PUT', `/api/social/${network}/target`, { targetId: network === 'linkedin' ? ORGANIZATION_URN : SOLER_INSTAGRAM });
    }
    const today = createStudioCalendar({ timeZone: 'Europe/Madrid', now: clock }).today();
    const first = await createDuePost(env, { ownerId: user.id, publishOn: today, networks: { instagram: true, linkedin: true } });
    await enqueueJob(db, { kind: 'publish-post', subject: `post:${first.id}`, payload: { postId: first.id }, now: clock() });
    await publishing.worker.runDueJobs();
    const published = await db.selectFrom('post_results').selectAll().where('post_id', '=', first.id).execute();
    if (published.length !== 2 || published.some((row) => row.status !== 'posted')) throw new Error(`the first post: ${JSON.stringify(published)}`);
    const start = clock().getTime();
    await insertInBatches(
      db,
      { from: 1, to: FETCH_POSTS },
      async (trx, from, to) => {
        const plans = Array.from({ length: to - from }, (_, offset) => new Date(start - ((from + offset) * 2 * 3_600_000) / FETCH_POSTS));
        const posts = await trx
          .insertInto('posts')
          .values(
            plans.map((at) => ({
              project_id: first.projectId,
              owner_id: user.id,
              sequence: 1,
              state: 'published',
              text: 'Vivienda: madera, luz y un patio.',
              publish_on: today,
              to_instagram: storedFlag(true),
              to_linkedin: storedFlag(true),
              publishing_since: null,
              published_at: storedInstant(at),
              created_at: storedInstant(at),
              updated_at: storedInstant(at),
            })),
          )
          .returning('id')
          .execute();
        const results = posts.flatMap(({ id }, index) =>
          published.map((row) => ({ ...row, post_id: id, finished_at: storedInstant(plans[index]!), started_at: storedInstant(plans[index]!) })),
        );
        for (let at = 0; at < results.length; at += 500)
          await trx
            .insertInto('post_results')
            .values(results.slice(at, at + 500))
            .execute();
      },
      { perStatement: 500, statementsPerTransaction: 10 },
    );
    await settleAfterLoad(db, dialect, ['posts', 'post_results']);
    const handler = createReadMetricsHandler({
      db,
      dialect,
      social: { ...publishingDependencies(env, { now: clock }).social, now: clock },
      clients: sandboxClients(env.sandbox),
      memberPostAnalytics: false,
      log: silentLog,
      now: clock,
    });
    const context: JobContext = {
      job: { id: 0, kind: 'read-metrics', subject: 'read-metrics', payload: {}, attempt: 1 },
      reportProgress: async () => {},
      signal: new AbortController().signal,
      uninterrupted: (work) => work(),
    };
    const sandboxStart = control.usage().refusals.length;
    const started = performance.now();
    const pauses = new Set<string>();
    // The member's LinkedIn calls as the sandbox counted them, per UTC day of its clock (a page's posts are
    // read several to a call, so readings are not calls).
    // Before the loop, that day's calls (connecting, publishing the first post) are not the job's.
    const linkedinDays = new Map<string, number>();
    const memberCalls = (day: string) => control.usage(`${day}T00:00:00.000Z`).linkedin.reduce((sum, member) => sum + member.calls, 0);
    const firstDay = clock().toISOString().slice(0, 10);
    const callsBefore = memberCalls(firstDay);
    const countLinkedInDay = () => {
      const day = clock().toISOString().slice(0, 10);
      linkedinDays.set(day, memberCalls(day) - (day === firstDay ? callsBefore : 0));
    };
    for (let elapsed = 0; elapsed < FETCH_HOURS * 3_600_000; elapsed += JOB_EVERY_MS) {
      await handler(context);
      countLinkedInDay();
      for (const row of await db.selectFrom('metric_read_limits').selectAll().where('paused_until', 'is not', null).execute())
        pauses.add(`${row.network} ${row.account} until ${readInstant(row.paused_until!).toISOString()} (${row.pause_reason})`);
      offsetMs += JOB_EVERY_MS;
      control.advanceTime(JOB_EVERY_MS / 1000);
      if (elapsed % (6 * 3_600_000) === 0)
        log(`  ${elapsed / 3_600_000} h simulated, ${((performance.now() - started) / 1000).toFixed(0)} s, ${loadAverage()}`);
    }
    const seconds = (performance.now() - started) / 1000;
    const readingRows = await db.selectFrom('post_metrics').select(['network', 'read_at', 'post_id', 'outcome']).execute();
    const readings: Record<string, number> = {};
    const postsRead: Record<string, Set<number>> = { instagram: new Set(), linkedin: new Set() };
    const instagramTimes: number[] = [];
    for (const row of readingRows) {
      readings[`${row.network} ${row.outcome}`] = (readings[`${row.network} ${row.outcome}`] ?? 0) + 1;
      postsRead[row.network]!.add(row.post_id);
      if (row.network === 'instagram') instagramTimes.push(readInstant(row.read_at).getTime());
    }
    // Each Instagram reading is one insights call (no metric refused here): the most in any hour, rolling.
    instagramTimes.sort((a, b) => a - b);
    let busiest = 0;
    for (let low = 0, high = 0; high < instagramTimes.length; high += 1) {
      while (instagramTimes[high]! - instagramTimes[low]! >= 3_600_000) low += 1;
      busiest = Math.max(busiest, high - low + 1);
    }
    return {
      instagramLimitPerHour: 200,
      instagramBusiestHour: busiest,
      refusals: control.usage().refusals.length - sandboxStart,
      linkedinBusiestDay: Math.max(0, ...linkedinDays.values()),
      readings,
      postsRead: Object.fromEntries(Object.entries(postsRead).map(([network, ids]) => [network, ids.size])),
      pauses: [...pauses],
      seconds,
    };
  } finally {
    await env.close();
  }
}

function fetchingLines(fetching: Fetching, dialect: BenchDialect): BudgetLine[] {
  const bench = `results fetching (${dialect})`;
  return [
    {
      bench,
      measure: `Instagram insights calls in the busiest hour, ${FETCH_POSTS.toLocaleString('en')} posts due`,
      value: fetching.instagramBusiestHour,
      unit: 'count',
      budget: `<= ${fetching.instagramLimitPerHour} (sandbox's BUC hour)`,
      pass: fetching.instagramBusiestHour <= fetching.instagramLimitPerHour,
    },
    { bench, measure: 'calls the sandbox refused for a limit', value: fetching.refusals, unit: 'count', budget: '= 0', pass: fetching.refusals === 0 },
    {
      bench,
      measure: "the job's LinkedIn calls in the busiest UTC day, one member (the sandbox's count)",
      value: fetching.linkedinBusiestDay,
      unit: 'count',
      budget: '<= 100 (member/day)',
      pass: fetching.linkedinBusiestDay <= 100,
    },
    {
      bench,
      measure: `posts read at least once in ${FETCH_HOURS} h (Instagram)`,
      value: fetching.postsRead.instagram ?? 0,
      unit: 'count',
      budget: '',
      pass: null,
    },
    {
      bench,
      measure: `posts read at least once in ${FETCH_HOURS} h (LinkedIn)`,
      value: fetching.postsRead.linkedin ?? 0,
      unit: 'count',
      budget: '',
      pass: null,
    },
  ];
}

/** npm run bench: each Results request at 100,000 posts and 1,000,000 readings over the floor, at most 3x. */
export const run: BenchRun = async ({ short, dialect = 'sqlite' }) =>
  budgetLines(await measureResults({ dialect, short, explain: false, log: () => {} }), dialect);

if (isMainModule(import.meta.url)) {
  const options = benchArguments();
  const measured = process.argv.includes('--fetching-only') ? undefined : await measureResults({ ...options, log: (line) => console.log(line) });
  if (measured) printFigures(measured, options.dialect, options.short);
  const fetching = process.argv.includes('--no-fetching') ? undefined : await measureFetching(options.dialect, (line) => console.log(line));
  if (fetching) {
    console.log(
      `\nfetching: ${FETCH_POSTS.toLocaleString('en')} posts on Instagram and LinkedIn, the job every 5 minutes for ${FETCH_HOURS} simulated hours, in ${fetching.seconds.toFixed(0)} s`,
    );
    console.log(`readings: ${JSON.stringify(fetching.readings)}; posts with a reading: ${JSON.stringify(fetching.postsRead)}`);
    console.log(`pauses seen:\n  ${fetching.pauses.join('\n  ') || 'none'}`);
    console.log(`after: ${loadAverage()}`);
  }
  for (const line of [...(measured ? budgetLines(measured, options.dialect) : []), ...(fetching ? fetchingLines(fetching, options.dialect) : [])])
    console.log(`${line.pass === null ? 'info' : line.pass ? 'pass' : 'FAIL'}  ${line.measure}: ${line.value}${line.unit === 'x' ? 'x' : ''} ${line.budget}`);
}
