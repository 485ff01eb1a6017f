/**
 * The posts list with 100,000 posts (issue 14, goal 3: "lists near the floor"): GET /api/posts as the page
 * asks for it (the admin's first page, a deep page, filtered to published and to preview; a customer's
 * own first page and own scheduled ones) against the floor (bench/support/floor.ts: the session check and
 * one indexed SELECT LIMIT 10) and GET /api/health, over real HTTP on 127.0.0.1, same server, same run,
 * interleaved; first with 1,000 posts, then with 100,000, so the growth shows.
 *   npx tsx bench/posts-list.ts [sqlite|postgres] [--explain] [--short]
 * postgres needs DATABASE_URL_TEST. --explain also prints the plans of the list's queries at 100,000;
 * --short is npm run bench's mode (100,000 only, fewer requests).
 */
import type { Insertable } from 'kysely';
import { POSTS_PAGE_SIZE, type PostState } from '../src/domain/post.ts';
import type { PostImagesTable, PostResultsTable, PostsTable } from '../src/server/db/schema.ts';
import { type PostViewer, countPostsByState, listImageRows, listResultRows, pagePostRows } from '../src/server/features/posts/repo.ts';
import { projectRowValues } from '../src/server/test-support/projects.ts';
import { recordQueries } from '../src/server/test-support/recorded-queries.ts';
import { storedFlag, storedInstant } from '../src/server/test-support/stored-values.ts';
import { createTestUser, signIn } from '../src/server/test-support/test-app.ts';
import { type BenchApp, type BenchDialect, benchArguments, startBenchApp } from './support/bench-app.ts';
import { countRows, insertInBatches, settleAfterLoad } from './support/bulk-insert.ts';
import { printPlan } from './support/explain.ts';
import { FLOOR_PATH, floorQuery, floorRoute } from './support/floor.ts';
import { type BenchRun, isMainModule } from './support/summary.ts';
import { FULL_LOAD, SHORT_LOAD, SizedResults } from './support/table.ts';
import { loadAverage } from './support/machine-load.ts';

const FIRST_DAY = Date.parse('2023-01-01T00:00:00.000Z');
const DAY = 86_400_000;
const LARGEST = 100_000;

// The rows of the table; those in BUDGETED are the goal's "first page of each list" and its filters.
const ADMIN_FIRST = 'first page, all (admin)';
// The same page asked for uncompressed: what compressing the JSON costs (the floor's answer is too small to be).
const ADMIN_FIRST_PLAIN = 'first page, uncompressed (admin)';
const ADMIN_DEEP = 'page N/2, deep offset (admin)';
const ADMIN_PUBLISHED = 'state=published (admin)';
const ADMIN_PREVIEW = 'state=preview (admin)';
const OWN_FIRST = 'own first page (customer)';
const OWN_SCHEDULED = 'own state=scheduled (customer)';
const BUDGETED = [ADMIN_FIRST, ADMIN_PUBLISHED, ADMIN_PREVIEW, OWN_FIRST, OWN_SCHEDULED];

interface Options {
  dialect: BenchDialect;
  short: boolean;
  explain: boolean;
  /** Progress and tables; silent under npm run bench. */
  log: (line: string) => void;
}

/** 40 customers own the posts; 4 publishers create half of the projects for them; 2 admins see all. */
async function createPeople(bench: BenchApp) {
  const people = { customers: [] as string[], publishers: [] as string[], admins: [] as string[] };
  for (const [role, count, ids] of [
    ['customer', 40, people.customers],
    ['publisher', 4, people.publishers],
    ['admin', 2, people.admins],
  ] as const) {
    for (let index = 0; index < count; index += 1) {
      const user = await createTestUser(bench.testApp, { email: `${role}-${index}@bench.es`, role, firstName: `${role} ${index}` });
      ids.push(user.id);
    }
  }
  return people;
}
type People = Awaited<ReturnType<typeof createPeople>>;

/**
 * Post `index` of the whole data set, as a pure function of it so that batches can start anywhere on a
 * multiple of ten: every ten posts are four projects of 1, 3, 2 and 4 posts, written together (one
 * instant, sequence 1..n); projects about 40 minutes apart; 30 % preview, 30 % scheduled, 40 % published.
 */
function planOf(people: People, index: number) {
  const cycle = Math.floor(index / 10);
  const place = index % 10;
  const slot = place < 1 ? 0 : place < 4 ? 1 : place < 6 ? 2 : 3;
  const project = cycle * 4 + slot;
  const bucket = (place * 7 + cycle) % 10;
  const state: PostState = bucket < 3 ? 'preview' : bucket < 6 ? 'scheduled' : 'published';
  return {
    project,
    sequence: place - [0, 1, 4, 6][slot]! + 1,
    state,
    // Spread evenly over the customers, whatever the size of their projects.
    owner: people.customers[(project * 17 + Math.floor(project / 40)) % people.customers.length]!,
    createdAt: new Date(FIRST_DAY + project * 2_400_000 + ((project * 7_919) % 5_000)),
    images: 1 + (Math.floor(index / 3) % 3),
    networks: { instagram: index % 3 !== 1, linkedin: index % 3 !== 0 },
  };
}

/** Appends posts (with their projects, images and results) up to `total`, a multiple of ten. */
async function fillTo(bench: BenchApp, people: People, total: number): Promise<void> {
  const { db } = bench;
  await insertInBatches(db, { from: await countRows(db, 'posts'), to: total }, async (trx, from, to) => {
    const plans = Array.from({ length: to - from }, (_, offset) => planOf(people, from + offset));
    const projectRows = plans
      .filter((plan) => plan.sequence === 1)
      .map((plan) =>
        projectRowValues({
          title: `Proyecto ${plan.project}`,
          description: `Vivienda número ${plan.project}, descrita con algo de texto como las de verdad.`,
          state: 'launched',
          created_by: plan.project % 2 === 0 ? plan.owner : people.publishers[plan.project % people.publishers.length]!,
          assigned_to: plan.project % 2 === 0 ? null : plan.owner,
          created_at: plan.createdAt,
        }),
      );
    const projects = await trx.insertInto('projects').values(projectRows).returning(['id', 'title']).execute();
    const projectIds = new Map(projects.map((row) => [row.title, row.id]));

    const day = (date: Date, days: number) => new Date(date.getTime() + days * DAY).toISOString().slice(0, 10);
    const postRows: Insertable<PostsTable>[] = plans.map((plan) => ({
      project_id: projectIds.get(`Proyecto ${plan.project}`)!,
      owner_id: plan.owner,
      sequence: plan.sequence,
      state: plan.state,
      text: `Vivienda número ${plan.project}: madera, luz y un patio. Publicación ${plan.sequence}. #arquitectura #vivienda`,
      publish_on: plan.state === 'preview' ? null : day(plan.createdAt, 7),
      to_instagram: storedFlag(plan.state !== 'preview' && plan.networks.instagram),
      to_linkedin: storedFlag(plan.state !== 'preview' && plan.networks.linkedin),
      publishing_since: null,
      published_at: plan.state === 'published' ? storedInstant(new Date(plan.createdAt.getTime() + 7 * DAY)) : null,
      created_at: storedInstant(plan.createdAt),
      updated_at: storedInstant(plan.createdAt),
    }));
    const posts = await trx.insertInto('posts').values(postRows).returning(['id', 'project_id', 'sequence']).execute();
    const postIds = new Map(posts.map((row) => [`${row.project_id}:${row.sequence}`, row.id]));

    const imageRows: Insertable<PostImagesTable>[] = [];
    const resultRows: Insertable<PostResultsTable>[] = [];
    for (const plan of plans) {
      const postId = postIds.get(`${projectIds.get(`Proyecto ${plan.project}`)}:${plan.sequence}`)!;
      for (let position = 0; position < plan.images; position += 1) {
        imageRows.push({
          post_id: postId,
          project_image_id: null,
          position,
          status: 'pending',
          instagram_key: `posts/bench/${postId}-${position}-ig.jpg`,
          instagram_width: 1080,
          instagram_height: 1350,
          linkedin_key: `posts/bench/${postId}-${position}-li.jpg`,
          linkedin_content_type: 'image/jpeg',
          created_at: storedInstant(plan.createdAt),
        });
      }
      if (plan.state !== 'published') continue;
      const finished = storedInstant(new Date(plan.createdAt.getTime() + 7 * DAY));
      for (const network of ['instagram', 'linkedin'] as const) {
        if (!plan.networks[network]) continue;
        resultRows.push({
          post_id: postId,
          network,
          target_id: `target-${network}`,
          target_name: 'Estudio',
          status: 'posted',
          remote_id: `remote-${postId}`,
          permalink: `https://example.com/${network}/${postId}`,
          error: null,
          attempts: 1,
          started_at: finished,
          finished_at: finished,
          created_at: finished,
          updated_at: finished,
        });
      }
    }
    await trx.insertInto('post_images').values(imageRows).execute();
    if (resultRows.length > 0) await trx.insertInto('post_results').values(resultRows).execute();
  });
  await settleAfterLoad(db, bench.dialect, ['projects', 'posts', 'post_images', 'post_results', 'post_counts', 'project_counts']);
}

/** Loads 1,000 then 100,000 posts (100,000 only when short) and times the list at each size. */
async function measurePostsList({ dialect, short, explain, log }: Options): Promise<SizedResults> {
  const sizes = short ? [LARGEST] : [1_000, LARGEST];
  const bench = await startBenchApp(dialect, floorRoute('posts'));
  try {
    const people = await createPeople(bench);
    const adminCookie = await signIn(bench.testApp, 'admin-0@bench.es', 'secret-123');
    const customerCookie = await signIn(bench.testApp, 'customer-0@bench.es', 'secret-123');
    const base = await bench.listen();
    const results = new SizedResults(sizes, short ? SHORT_LOAD : FULL_LOAD);
    log(`before: ${loadAverage()}`);
    for (const size of sizes) {
      const started = performance.now();
      await fillTo(bench, people, size);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const own = (await (await fetch(`${base}/api/posts`, { headers: { cookie: customerCookie } })).json()).counts;
      // The middle of the list: page 8334 of 16,667 at 100,000 (offset 50,000, past the 30,000 previews).
      const deepPage = Math.ceil(Math.ceil(size / POSTS_PAGE_SIZE) / 2);
      log(`${size.toLocaleString('en')} posts loaded in ${seconds} s; customer-0 sees ${JSON.stringify(own)}; deep page = ${deepPage}`);
      await results.measure(base, size, adminCookie, [
        [ADMIN_FIRST, '/api/posts', adminCookie],
        [ADMIN_FIRST_PLAIN, '/api/posts', adminCookie, { 'accept-encoding': 'identity' }],
        [ADMIN_DEEP, `/api/posts?page=${deepPage}`, adminCookie],
        [ADMIN_PUBLISHED, '/api/posts?state=published', adminCookie],
        [ADMIN_PREVIEW, '/api/posts?state=preview', adminCookie],
        [OWN_FIRST, '/api/posts', customerCookie],
        [OWN_SCHEDULED, '/api/posts?state=scheduled', customerCookie],
      ]);
    }
    log(`after: ${loadAverage()}`);
    if (explain) await printListPlans(bench, people);
    return results;
  } finally {
    await bench.close();
  }
}

/** npm run bench: each budgeted list's first page at 100,000 posts over the floor, at most 3x. */
export const run: BenchRun = async ({ short, dialect = 'sqlite' }) => {
  const results = await measurePostsList({ dialect, short, explain: false, log: () => {} });
  return results.budgetLines(`posts list (${dialect})`, LARGEST, BUDGETED);
};

if (isMainModule(import.meta.url)) {
  const options = benchArguments();
  const results = await measurePostsList({ ...options, log: (line) => console.log(line) });
  results.print(options.dialect);
  for (const line of results.budgetLines(`posts list (${options.dialect})`, LARGEST, BUDGETED)) {
    console.log(`${line.pass ? 'pass' : 'FAIL'}  ${line.measure}: ${line.value}x (${line.budget})`);
  }
}

/** The plans of the queries src/server/features/posts/repo.ts sends for these pages, recorded as it sends them, and the floor's. */
async function printListPlans({ db, dialect }: BenchApp, people: People): Promise<void> {
  const admin: PostViewer = { id: people.admins[0]!, seesAll: true };
  const customer: PostViewer = { id: people.customers[0]!, seesAll: false };
  const deepPage = Math.ceil(Math.ceil(LARGEST / POSTS_PAGE_SIZE) / 2);
  // What listPosts asks for: the counts, and the page's rows (which read the previews' count when they need it).
  const page = (recording: typeof db, viewer: PostViewer, state: PostState | undefined, pageNumber: number) =>
    pagePostRows(
      recording,
      viewer,
      { state, offset: (pageNumber - 1) * POSTS_PAGE_SIZE, limit: POSTS_PAGE_SIZE },
      async () => (await countPostsByState(db, viewer)).preview,
    );
  const scenarios: [string, (recording: typeof db) => Promise<unknown>][] = [
    ['counts per state (admin)', (recording) => countPostsByState(recording, admin)],
    ['page rows, first page (admin)', (recording) => page(recording, admin, undefined, 1)],
    ['page rows, page N/2 (admin)', (recording) => page(recording, admin, undefined, deepPage)],
    ['page rows, state=published (admin)', (recording) => page(recording, admin, 'published', 1)],
    ['counts per state (customer)', (recording) => countPostsByState(recording, customer)],
    ['page rows, first page (customer)', (recording) => page(recording, customer, undefined, 1)],
    [
      'images and results of a page',
      async (recording) => {
        const ids = (await page(db, admin, undefined, 1)).map((row) => row.id);
        await Promise.all([listImageRows(recording, ids), listResultRows(recording, ids)]);
      },
    ],
  ];
  for (const [name, scenario] of scenarios) {
    const queries = await recordQueries(db, scenario);
    for (const [index, query] of queries.entries()) {
      await printPlan(db, dialect, queries.length > 1 ? `${name}, query ${index + 1}` : name, query.sql, query.parameters);
    }
  }
  const floor = floorQuery('posts').compile(db);
  await printPlan(db, dialect, `the floor (${FLOOR_PATH})`, floor.sql, floor.parameters);
}
