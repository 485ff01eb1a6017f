/**
 * The calendar (issue 16): GET /api/calendar for one month, as an administrator (every post, and one
 * customer's with the filter) and as a customer (her own), against the floor (bench/support/floor.ts) and
 * GET /api/health, over real HTTP on 127.0.0.1, interleaved. The measured month (November 2026) always
 * holds the same 300 posts; the other posts are spread over the other months of 2023-2029. First with
 * 1,000 posts, then with 100,000: a month read along the posts-by-day index costs the same whatever the
 * other months hold (growth near 1x).
 *   npx tsx bench/calendar.ts [sqlite|postgres] [--explain] [--short]
 * postgres needs DATABASE_URL_TEST. --explain prints the plan of the month's posts query at 100,000.
 */
import type { Insertable } from 'kysely';
import { addDays, instantOf } from '../src/domain/studio-time.ts';
import type { PostImagesTable, PostsTable } from '../src/server/db/schema.ts';
import { postRowsOnDays } from '../src/server/features/posts/repo.ts';
import { projectRowValues } from '../src/server/test-support/projects.ts';
import { storedFlag, storedInstant } from '../src/server/test-support/stored-values.ts';
import { createTestUser, signIn } from '../src/server/test-support/test-app.ts';
import { type BenchApp, benchArguments, startBenchApp } from './support/bench-app.ts';
import { countRows, insertInBatches, settleAfterLoad } from './support/bulk-insert.ts';
import { printPlan } from './support/explain.ts';
import { floorRoute } from './support/floor.ts';
import { FULL_LOAD, SHORT_LOAD, SizedResults, loadAverage } from './support/table.ts';

const MONTH = { from: '2026-11-01', to: '2026-11-30' };
const MONTH_POSTS = 300;
const CUSTOMERS = 40;
const LARGEST = 100_000;
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
    if (projects.has(index)) continue;
    const { id } = await db.insertInto('projects').values(projectRowValues({ title: `Obra ${index}`, state: 'preview', created_by: customer, created_at: created })).returning('id').executeTakeFirstOrThrow();
    projects.set(index, id);
  }
  await insertInBatches(db, { from: await countRows(db, 'posts'), to: total }, async (trx, from, to) => {
    const rows: Insertable<PostsTable>[] = Array.from({ length: to - from }, (_, offset) => {
      const plan = planOf(from + offset);
      return {
        project_id: projects.get(plan.owner)!, owner_id: customers[plan.owner]!, sequence: 1, state: plan.state,
        text: `Vivienda ${from + offset}: madera, luz y un patio. #arquitectura`,
        publish_on: plan.day, publish_time: plan.time, publish_at: storedInstant(instantOf(plan.day, plan.time, 'Europe/Madrid')),
        to_instagram: storedFlag(false), to_linkedin: storedFlag(true), publishing_since: null, published_at: null,
        created_at: storedInstant(created), updated_at: storedInstant(created),
      };
    });
    const posts = await trx.insertInto('posts').values(rows).returning('id').execute();
    const images: Insertable<PostImagesTable>[] = posts.map(({ id }) => ({
      post_id: id, project_image_id: null, position: 0, status: 'pending', instagram_key: `posts/bench/${id}-ig.jpg`, instagram_width: 1080, instagram_height: 1350,
      linkedin_key: `posts/bench/${id}-li.jpg`, linkedin_content_type: 'image/jpeg', created_at: storedInstant(created),
    }));
    await trx.insertInto('post_images').values(images).execute();
  });
  await settleAfterLoad(db, bench.dialect, ['projects', 'posts', 'post_images', 'post_counts']);
}

const options = benchArguments();
const sizes = options.short ? [LARGEST] : [1_000, LARGEST];
const bench = await startBenchApp(options.dialect, floorRoute('posts'));
try {
  const customers: string[] = [];
  for (let index = 0; index < CUSTOMERS; index += 1) customers.push((await createTestUser(bench.testApp, { email: `customer-${index}@bench.es`, role: 'customer' })).id);
  await createTestUser(bench.testApp, { email: 'admin@bench.es', role: 'admin' });
  const adminCookie = await signIn(bench.testApp, 'admin@bench.es', 'secret-123');
  const customerCookie = await signIn(bench.testApp, 'customer-0@bench.es', 'secret-123');
  // Each customer's weekly slots: Tuesday 09:30 and Thursday 18:00.
  await bench.db.insertInto('queue_slots').values(customers.flatMap((owner) => [{ owner_id: owner, weekday: 2, time: '09:30', created_at: new Date().toISOString() }, { owner_id: owner, weekday: 4, time: '18:00', created_at: new Date().toISOString() }])).execute();
  const base = await bench.listen();
  const results = new SizedResults(sizes, options.short ? SHORT_LOAD : FULL_LOAD);
  const month = `/api/calendar?from=${MONTH.from}&to=${MONTH.to}`;
  console.log(`before: ${loadAverage()}`);
  for (const size of sizes) {
    const started = performance.now();
    await fillTo(bench, customers, size);
    const answer = (await (await fetch(`${base}${month}`, { headers: { cookie: adminCookie } })).json()) as { posts: unknown[]; slots: unknown[] };
    console.log(`${size.toLocaleString('en')} posts loaded in ${((performance.now() - started) / 1000).toFixed(1)} s; the month: ${answer.posts.length} posts, ${answer.slots.length} free slots`);
    await results.measure(base, size, adminCookie, [
      [ADMIN_MONTH, month, adminCookie],
      [ADMIN_FILTERED, `${month}&owner=${customers[0]}`, adminCookie],
      [OWN_MONTH, month, customerCookie],
    ]);
  }
  console.log(`after: ${loadAverage()}`);
  results.print(options.dialect);
  if (options.explain) {
    for (const ownerId of [undefined, customers[0]]) {
      const query = postRowsOnDays(bench.db, { ...MONTH, ownerId }).compile();
      await printPlan(bench.db, options.dialect, `the month's posts (${ownerId ? 'one owner' : 'everyone'})`, query.sql, query.parameters);
    }
  }
} finally {
  await bench.close();
}
