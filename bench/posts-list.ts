/**
 * The posts list with 100,000 posts: GET /api/posts as the page asks for it (first page, a deep page,
 * filtered to published and to preview, a customer's own first page) against the baseline GET
 * /api/health, over real HTTP on 127.0.0.1, same server, same run; first with 1,000 posts, then with
 * 100,000, so the growth shows.
 *   npx tsx bench/posts-list.ts [sqlite|postgres] [--explain]
 * postgres needs DATABASE_URL_TEST. --explain also prints the plans of the list's queries at 100,000.
 */
import type { Insertable } from 'kysely';
import { POSTS_PAGE_SIZE, type PostState } from '../src/domain/post.ts';
import type { PostImagesTable, PostResultsTable, PostsTable } from '../src/server/db/schema.ts';
import { type PostViewer, countPostsByState, findPostRows, listImageRows, listResultRows, pagePostIds } from '../src/server/features/posts/repo.ts';
import { projectRowValues } from '../src/server/test-support/projects.ts';
import { recordQueries } from '../src/server/test-support/recorded-queries.ts';
import { storedFlag, storedInstant } from '../src/server/test-support/stored-values.ts';
import { createTestUser, signIn } from '../src/server/test-support/test-app.ts';
import { startBenchApp } from './support/bench-app.ts';
import { countRows, insertInBatches, settleAfterLoad } from './support/bulk-insert.ts';
import { printPlan } from './support/explain.ts';
import { SizedResults, loadAverage } from './support/table.ts';

const SIZES = [1_000, 100_000];
const FIRST_DAY = Date.parse('2023-01-01T00:00:00.000Z');
const DAY = 86_400_000;

const bench = await startBenchApp();
const { testApp, db } = bench;

// 40 customers own the posts; 4 publishers create half of the projects for them; 2 admins see all.
const customers: string[] = [];
const publishers: string[] = [];
const admins: string[] = [];
for (const [role, count, ids] of [['customer', 40, customers], ['publisher', 4, publishers], ['admin', 2, admins]] as const) {
  for (let index = 0; index < count; index += 1) {
    const user = await createTestUser(testApp, { email: `${role}-${index}@bench.es`, role, firstName: `${role} ${index}` });
    ids.push(user.id);
  }
}
const adminCookie = await signIn(testApp, 'admin-0@bench.es', 'secret-123');
const customerCookie = await signIn(testApp, 'customer-0@bench.es', 'secret-123');
const base = await bench.listen();

/**
 * Post `index` of the whole data set, as a pure function of it so that batches can start anywhere on a
 * multiple of ten: every ten posts are four projects of 1, 3, 2 and 4 posts, written together (one
 * instant, sequence 1..n); projects about 40 minutes apart; 30 % preview, 30 % scheduled, 40 % published.
 */
function planOf(index: number) {
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
    owner: customers[(project * 17 + Math.floor(project / 40)) % customers.length]!,
    createdAt: new Date(FIRST_DAY + project * 2_400_000 + ((project * 7_919) % 5_000)),
    images: 1 + (Math.floor(index / 3) % 3),
    networks: { instagram: index % 3 !== 1, linkedin: index % 3 !== 0 },
  };
}

/** Appends posts (with their projects, images and results) up to `total`, a multiple of ten. */
async function fillTo(total: number): Promise<void> {
  await insertInBatches(db, { from: await countRows(db, 'posts'), to: total }, async (trx, from, to) => {
    const plans = Array.from({ length: to - from }, (_, offset) => planOf(from + offset));
    const projectRows = plans.filter((plan) => plan.sequence === 1).map((plan) => projectRowValues({
      title: `Proyecto ${plan.project}`,
      description: `Vivienda número ${plan.project}, descrita con algo de texto como las de verdad.`,
      state: 'launched',
      created_by: plan.project % 2 === 0 ? plan.owner : publishers[plan.project % publishers.length]!,
      assigned_to: plan.project % 2 === 0 ? null : plan.owner,
      created_at: plan.createdAt,
    }));
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
          post_id: postId, project_image_id: null, position, status: 'pending',
          instagram_key: `posts/bench/${postId}-${position}-ig.jpg`, instagram_width: 1080, instagram_height: 1350,
          linkedin_key: `posts/bench/${postId}-${position}-li.jpg`, linkedin_content_type: 'image/jpeg',
          created_at: storedInstant(plan.createdAt),
        });
      }
      if (plan.state !== 'published') continue;
      const finished = storedInstant(new Date(plan.createdAt.getTime() + 7 * DAY));
      for (const network of ['instagram', 'linkedin'] as const) {
        if (!plan.networks[network]) continue;
        resultRows.push({
          post_id: postId, network, target_id: `target-${network}`, target_name: 'Estudio', status: 'posted', remote_id: `remote-${postId}`,
          permalink: `https://example.com/${network}/${postId}`, error: null, attempts: 1, started_at: finished, finished_at: finished,
          created_at: finished, updated_at: finished,
        });
      }
    }
    await trx.insertInto('post_images').values(imageRows).execute();
    if (resultRows.length > 0) await trx.insertInto('post_results').values(resultRows).execute();
  });
  await settleAfterLoad(db, bench.dialect, ['projects', 'posts', 'post_images', 'post_results']);
}

const results = new SizedResults(SIZES);
console.log(`before: ${loadAverage()}`);
for (const size of SIZES) {
  const started = performance.now();
  await fillTo(size);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const own = (await (await fetch(`${base}/api/posts`, { headers: { cookie: customerCookie } })).json()).counts;
  // The middle of the list: page 8334 of 16,667 at 100,000 (offset 50,000, past the 30,000 previews).
  const deepPage = Math.ceil(Math.ceil(size / POSTS_PAGE_SIZE) / 2);
  console.log(`${size.toLocaleString('en')} posts loaded in ${seconds} s; customer-0 sees ${JSON.stringify(own)}; deep page = ${deepPage}`);
  await results.measure(base, size, [
    ['first page, all (admin)', '/api/posts', adminCookie],
    ['page N/2, deep offset (admin)', `/api/posts?page=${deepPage}`, adminCookie],
    ['state=published (admin)', '/api/posts?state=published', adminCookie],
    ['state=preview (admin)', '/api/posts?state=preview', adminCookie],
    ['own first page (customer)', '/api/posts', customerCookie],
  ]);
}
results.print(bench.dialect);
console.log(`after: ${loadAverage()}`);

if (bench.explain) await printListPlans();
await bench.close();

/** The plans of the queries src/server/features/posts/repo.ts sends for these pages, recorded as it sends them. */
async function printListPlans(): Promise<void> {
  const size = SIZES.at(-1)!;
  const admin: PostViewer = { id: admins[0]!, seesAll: true };
  const customer: PostViewer = { id: customers[0]!, seesAll: false };
  const page = async (viewer: PostViewer, state: PostState | undefined, pageNumber: number) => {
    const counts = await countPostsByState(db, viewer);
    return { state, offset: (pageNumber - 1) * POSTS_PAGE_SIZE, limit: POSTS_PAGE_SIZE, previewCount: counts.preview };
  };
  const scenarios: [string, (recording: typeof db) => Promise<unknown>][] = [
    ['counts per state (admin)', (recording) => countPostsByState(recording, admin)],
    ['page ids, first page (admin)', async (recording) => pagePostIds(recording, admin, await page(admin, undefined, 1))],
    ['page ids, page N/2 (admin)', async (recording) => pagePostIds(recording, admin, await page(admin, undefined, Math.ceil(Math.ceil(size / POSTS_PAGE_SIZE) / 2)))],
    ['page ids, state=published (admin)', async (recording) => pagePostIds(recording, admin, await page(admin, 'published', 1))],
    ['counts per state (customer)', (recording) => countPostsByState(recording, customer)],
    ['page ids, first page (customer)', async (recording) => pagePostIds(recording, customer, await page(customer, undefined, 1))],
    ['a page of rows, images, results', async (recording) => {
      const ids = await pagePostIds(db, admin, await page(admin, undefined, 1));
      await Promise.all([findPostRows(recording, ids), listImageRows(recording, ids), listResultRows(recording, ids)]);
    }],
  ];
  for (const [name, run] of scenarios) {
    const queries = await recordQueries(db, run);
    for (const [index, query] of queries.entries()) {
      await printPlan(db, bench.dialect, queries.length > 1 ? `${name}, query ${index + 1}` : name, query.sql, query.parameters);
    }
  }
}
