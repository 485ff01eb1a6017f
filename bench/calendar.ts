/**
 * The calendar (issue 16): GET /api/calendar for one month, as an administrator (every post, and one
 * customer's with the filter) and as a customer (her own), in a studio of 1,000 posts and in one of
 * 100,000, each beside its floor (bench/support/floor.ts: the session check and one indexed SELECT LIMIT
 * 10) and GET /api/health, over real HTTP on 127.0.0.1, all interleaved in one run. The measured month
 * (November 2026) always holds the same 300 posts; the other posts are spread over the other months of
 * 2023-2029.
 *   npx tsx bench/calendar.ts [sqlite|postgres] [--explain] [--short]
 * postgres needs DATABASE_URL_TEST. --explain also prints the plans of the month's posts query at 100,000;
 * --short: fewer requests (npm run bench's mode; both sizes still).
 *
 * The budget is the calendar's promise, a month is read without reading the other months: each request
 * takes at most GROWTH_BUDGET times as long in the studio of 100,000 posts as in that of 1,000 (the same
 * 300 posts in the month; interleaved, so the load of the moment cancels out), where a query reading the
 * other months would take some hundred times as long. Its ratio to the floor is given too, for
 * information: the administrator's month answers 300 posts with their images where the floor answers ten ids.
 */
import type { Insertable } from 'kysely';
import { addDays, instantOf } from '../src/domain/studio-time.ts';
import type { PostImagesTable, PostsTable } from '../src/server/db/schema.ts';
import { postRowsOnDays } from '../src/server/features/posts/repo.ts';
import { projectRowValues } from '../src/server/test-support/projects.ts';
import { storedFlag, storedInstant } from '../src/server/test-support/stored-values.ts';
import { createTestUser, signIn } from '../src/server/test-support/test-app.ts';
import { type BenchApp, type BenchDialect, benchArguments, startBenchApp } from './support/bench-app.ts';
import { countRows, insertInBatches, settleAfterLoad } from './support/bulk-insert.ts';
import { printPlan } from './support/explain.ts';
import { FLOOR_NAME, FLOOR_PATH, floorRoute } from './support/floor.ts';
import { type GrowthBenchOptions, LARGEST, SMALLEST, growthBudgetLines, printGrowthFigures, printVerdicts, sizeLabel } from './support/growth.ts';
import { type BenchRun, isMainModule } from './support/summary.ts';
import { FULL_LOAD, HEALTH, SHORT_LOAD } from './support/table.ts';
import { loadAverage } from './support/machine-load.ts';
import { type Figures, type Row, timeRowsInterleaved } from './support/timing.ts';

const MONTH = { from: '2026-11-01', to: '2026-11-30' };
const MONTH_POSTS = 300;
const CUSTOMERS = 40;
/** The days the other posts fall on: 2023-01-01 onwards, skipping November 2026. */
const FIRST_OTHER_DAY = '2023-01-01';
const OTHER_DAYS = 7 * 365;

const ADMIN_MONTH = 'month, every post (admin)';
const ADMIN_FILTERED = 'month, one customer (admin filter)';
const OWN_MONTH = 'month, own posts (customer)';

/** Post `index`: the first MONTH_POSTS in the month, the others on the other days; a time of day in 15-minute steps. */
function planOf(index: number) {
  let day: string;
  if (index < MONTH_POSTS) day = addDays(MONTH.from, index % 30);
  else {
    day = addDays(FIRST_OTHER_DAY, (index * 7_919) % OTHER_DAYS);
    // Posts that would land in the measured month go to the month after: it holds exactly MONTH_POSTS.
    if (day >= MONTH.from && day <= MONTH.to) day = addDays(day, 30);
  }
  const minutes = 9 * 60 + ((index * 37) % 44) * 15;
  const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return { day, time, owner: index % CUSTOMERS, state: day < '2026-11-24' ? 'published' : 'scheduled' };
}

async function fillTo(bench: BenchApp, customers: string[], total: number): Promise<void> {
  const { db } = bench;
  const created = new Date('2022-12-01T00:00:00Z');
  const projects = new Map<number, number>();
  for (const [index, customer] of customers.entries()) {
    const { id } = await db
      .insertInto('projects')
      .values(projectRowValues({ title: `Obra ${index}`, state: 'preview', created_by: customer, created_at: created }))
      .returning('id')
      .executeTakeFirstOrThrow();
    projects.set(index, id);
  }
  await insertInBatches(db, { from: await countRows(db, 'posts'), to: total }, async (trx, from, to) => {
    const rows: Insertable<PostsTable>[] = Array.from({ length: to - from }, (_, offset) => {
      const plan = planOf(from + offset);
      return {
        project_id: projects.get(plan.owner)!,
        owner_id: customers[plan.owner]!,
        sequence: 1,
        state: plan.state,
        text: `Vivienda ${from + offset}: madera, luz y un patio. #arquitectura`,
        publish_on: plan.day,
        publish_time: plan.time,
        publish_at: storedInstant(instantOf(plan.day, plan.time, 'Europe/Madrid')),
        to_instagram: storedFlag(false),
        to_linkedin: storedFlag(true),
        publishing_since: null,
        published_at: null,
        created_at: storedInstant(created),
        updated_at: storedInstant(created),
      };
    });
    const posts = await trx.insertInto('posts').values(rows).returning('id').execute();
    const images: Insertable<PostImagesTable>[] = posts.map(({ id }) => ({
      post_id: id,
      project_image_id: null,
      position: 0,
      status: 'pending',
      instagram_key: `posts/bench/${id}-ig.jpg`,
      instagram_width: 1080,
      instagram_height: 1350,
      linkedin_key: `posts/bench/${id}-li.jpg`,
      linkedin_content_type: 'image/jpeg',
      created_at: storedInstant(created),
    }));
    await trx.insertInto('post_images').values(images).execute();
  });
  await settleAfterLoad(db, bench.dialect, ['projects', 'posts', 'post_images', 'post_counts']);
}

const monthPath = `/api/calendar?from=${MONTH.from}&to=${MONTH.to}`;

/**
 * A studio of `size` posts on a fresh database, listening: 40 customers, each with two weekly slots
 * (Tuesday 09:30 and Thursday 18:00), an administrator, and the administrator and customer-0 signed in.
 */
async function openStudio(dialect: BenchDialect, size: number) {
  const bench = await startBenchApp(dialect, floorRoute('posts'));
  try {
    const customers: string[] = [];
    for (let index = 0; index < CUSTOMERS; index += 1)
      customers.push((await createTestUser(bench.testApp, { email: `customer-${index}@bench.es`, role: 'customer' })).id);
    await createTestUser(bench.testApp, { email: 'admin@bench.es', role: 'admin' });
    const cookies = {
      admin: await signIn(bench.testApp, 'admin@bench.es', 'secret-123'),
      customer: await signIn(bench.testApp, 'customer-0@bench.es', 'secret-123'),
    };
    const now = new Date().toISOString();
    await bench.db
      .insertInto('queue_slots')
      .values(
        customers.flatMap((owner) => [
          { owner_id: owner, weekday: 2, time: '09:30', created_at: now },
          { owner_id: owner, weekday: 4, time: '18:00', created_at: now },
        ]),
      )
      .execute();
    await fillTo(bench, customers, size);
    const base = await bench.listen();
    // The bench's premise: both studios' month is the same 300 posts.
    const answer = (await (await fetch(`${base}${monthPath}`, { headers: { cookie: cookies.admin } })).json()) as { posts: unknown[]; slots: unknown[] };
    if (answer.posts.length !== MONTH_POSTS) throw new Error(`the month of the studio of ${size} posts holds ${answer.posts.length} posts, not ${MONTH_POSTS}`);
    return { bench, customers, cookies, base, slots: answer.slots.length };
  } catch (error) {
    await bench.close();
    throw error;
  }
}
type Studio = Awaited<ReturnType<typeof openStudio>>;

/** The rows timed on one studio: GET /api/health, its floor and the three months. */
function rowsOf(studio: Studio, size: number): Row[] {
  const label = sizeLabel(size);
  const month = `${studio.base}${monthPath}`;
  return [
    [`${HEALTH} (${label})`, `${studio.base}/api/health`],
    [`${FLOOR_NAME} (${label})`, `${studio.base}${FLOOR_PATH}`, studio.cookies.admin],
    [`${ADMIN_MONTH} (${label})`, month, studio.cookies.admin],
    [`${ADMIN_FILTERED} (${label})`, `${month}&owner=${studio.customers[0]}`, studio.cookies.admin],
    [`${OWN_MONTH} (${label})`, month, studio.cookies.customer],
  ];
}

/**
 * Two studios side by side, 1,000 and 100,000 posts, served from this process, and their requests
 * interleaved in one run: whatever else the machine does weighs on both alike.
 */
async function measureCalendar({ dialect, short, explain, log }: GrowthBenchOptions): Promise<Map<string, Figures>> {
  log(`before: ${loadAverage()}`);
  const started = performance.now();
  const small = await openStudio(dialect, SMALLEST);
  try {
    const large = await openStudio(dialect, LARGEST);
    try {
      log(
        `studios of ${SMALLEST.toLocaleString('en')} and ${LARGEST.toLocaleString('en')} posts loaded in ${((performance.now() - started) / 1000).toFixed(1)} s; the month in each: ${MONTH_POSTS} posts, ${small.slots} and ${large.slots} free slots`,
      );
      // The rows carry whole addresses: two servers, one run.
      const figures = await timeRowsInterleaved('', [...rowsOf(small, SMALLEST), ...rowsOf(large, LARGEST)], short ? SHORT_LOAD : FULL_LOAD);
      log(`after: ${loadAverage()}`);
      if (explain) {
        for (const ownerId of [undefined, large.customers[0]]) {
          const query = postRowsOnDays(large.bench.db, { ...MONTH, ownerId }).compile();
          await printPlan(
            large.bench.db,
            dialect,
            `the month's posts at ${sizeLabel(LARGEST)} (${ownerId ? 'one owner' : 'everyone'})`,
            query.sql,
            query.parameters,
          );
        }
      }
      return figures;
    } finally {
      await large.bench.close();
    }
  } finally {
    await small.bench.close();
  }
}

const budgetLines = (figures: Map<string, Figures>, dialect: BenchDialect) =>
  growthBudgetLines(`calendar ${dialect}`, [ADMIN_MONTH, ADMIN_FILTERED, OWN_MONTH], figures, `the same month (${MONTH_POSTS} posts)`);
/** npm run bench: how a month of the calendar grows from 1,000 to 100,000 posts in all. */
export const run: BenchRun = async ({ short, dialect = 'sqlite' }) =>
  budgetLines(await measureCalendar({ dialect, short, explain: false, log: () => {} }), dialect);

if (isMainModule(import.meta.url)) {
  const options = benchArguments();
  const figures = await measureCalendar({ ...options, log: (line) => console.log(line) });
  printGrowthFigures(figures, options.dialect, [HEALTH, FLOOR_NAME, ADMIN_MONTH, ADMIN_FILTERED, OWN_MONTH], (options.short ? SHORT_LOAD : FULL_LOAD).requests);
  printVerdicts(budgetLines(figures, options.dialect));
}
