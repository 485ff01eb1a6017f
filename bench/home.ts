/**
 * The dashboard of /home with 100,000 posts (issue 15, "Home is a dashboard"; queries that stay fast at
 * 100,000 posts): GET /api/home as an administrator (the whole studio), a customer and a publisher, in a
 * studio of 1,000 posts and in one of 100,000, each beside its floor (bench/support/floor.ts: the session
 * check and one indexed SELECT LIMIT 10), over real HTTP on 127.0.0.1, all interleaved in one run.
 *   npx tsx bench/home.ts [sqlite|postgres] [--explain] [--short]
 * postgres needs DATABASE_URL_TEST. --explain also prints the plans of every query of the dashboard at
 * 100,000, recorded as the service sends them; --short: fewer requests.
 *
 * The budget is the issue's "stays fast at 100,000 posts": the dashboard of a studio of 100,000 posts takes
 * at most twice as long as that of a studio of 1,000 (interleaved, so the load of the moment cancels out),
 * where a query reading every row would take some hundred times as long. Not less than twice: what grows
 * is bounded but real, a customer's sections fill up (five items each, each linked to its page of the
 * list) and the failures walked to find theirs are the studio's. Its ratio to the floor is given too, for
 * information: the dashboard runs about a dozen small queries where the floor runs one.
 */
import type { Insertable } from 'kysely';
import type { PostState } from '../src/domain/post.ts';
import type { PostResultsTable, PostsTable, ProjectImagesTable, SocialConnectionsTable } from '../src/server/db/schema.ts';
import { getHome } from '../src/server/features/home/service.ts';
import { createStudioCalendar } from '../src/server/lib/studio-calendar.ts';
import { systemClock } from '../src/server/lib/clock.ts';
import { projectRowValues } from '../src/server/test-support/projects.ts';
import { recordQueries } from '../src/server/test-support/recorded-queries.ts';
import { storedFlag, storedInstant } from '../src/server/test-support/stored-values.ts';
import { createTestUser, signIn } from '../src/server/test-support/test-app.ts';
import { type BenchApp, type BenchDialect, benchArguments, startBenchApp } from './support/bench-app.ts';
import { countRows, insertInBatches, settleAfterLoad } from './support/bulk-insert.ts';
import { printPlan } from './support/explain.ts';
import { FLOOR_NAME, FLOOR_PATH, floorRoute } from './support/floor.ts';
import { type GrowthBenchOptions, LARGEST, SMALLEST, growthBudgetLines, printGrowthFigures, printVerdicts, sizeLabel } from './support/growth.ts';
import { type BenchRun, isMainModule } from './support/summary.ts';
import { FULL_LOAD, SHORT_LOAD } from './support/table.ts';
import { loadAverage } from './support/machine-load.ts';
import { type Figures, type Row, timeRowsInterleaved } from './support/timing.ts';

const FIRST_DAY = Date.parse('2023-01-01T00:00:00.000Z');
const DAY = 86_400_000;

const ADMIN = 'GET /api/home (admin, whole studio)';
const CUSTOMER = 'GET /api/home (customer)';
const PUBLISHER = 'GET /api/home (publisher)';

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
 * Post `index`, a pure function of it: every ten posts are four projects of 1, 3, 2 and 4 posts written
 * together; 30 % preview, 30 % scheduled, 40 % published; of the published, one in a hundred failed on
 * LinkedIn and one in two hundred needs review on Instagram. Every fifth project is a draft beside them,
 * half of those with enough selected images to launch.
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
    owner: people.customers[(project * 17 + Math.floor(project / 40)) % people.customers.length]!,
    creator: project % 2 === 0 ? null : people.publishers[Math.floor(project / 2) % people.publishers.length]!,
    createdAt: new Date(FIRST_DAY + project * 1_000_000 + ((project * 7_919) % 5_000)),
    failedLinkedin: state === 'published' && index % 100 === 7,
    unknownInstagram: state === 'published' && index % 200 === 13,
  };
}

async function fillTo(bench: BenchApp, people: People, total: number): Promise<void> {
  const { db } = bench;
  await insertInBatches(db, { from: await countRows(db, 'posts'), to: total }, async (trx, from, to) => {
    const plans = Array.from({ length: to - from }, (_, offset) => planOf(people, from + offset));
    const firsts = plans.filter((plan) => plan.sequence === 1);
    const projectRows = firsts.flatMap((plan) => {
      const launched = projectRowValues({
        title: `Proyecto ${plan.project}`,
        state: 'launched',
        created_by: plan.creator ?? plan.owner,
        assigned_to: plan.creator ? plan.owner : null,
        created_at: plan.createdAt,
      });
      if (plan.project % 5 !== 0) return [launched];
      const draft = projectRowValues({
        title: `Borrador ${plan.project}`,
        state: 'draft',
        publications: 2,
        created_by: plan.creator ?? plan.owner,
        assigned_to: plan.creator ? plan.owner : null,
        created_at: plan.createdAt,
      });
      return [launched, draft];
    });
    const projects = await trx.insertInto('projects').values(projectRows).returning(['id', 'title']).execute();
    const projectIds = new Map(projects.map((row) => [row.title, row.id]));
    // A ready draft has two selected images, the others one.
    const imageRows: Insertable<ProjectImagesTable>[] = projects
      .filter((row) => row.title.startsWith('Borrador'))
      .flatMap((row) =>
        Array.from({ length: row.id % 2 === 0 ? 2 : 1 }, (_, position) => ({
          project_id: row.id,
          position,
          status: 'pending',
          storage_key: `projects/bench/${row.id}-${position}.jpg`,
          thumbnail_key: `projects/bench/${row.id}-${position}-t.jpg`,
          content_type: 'image/jpeg',
          width: 1200,
          height: 900,
          bytes: 1000,
          original_name: `${position}.jpg`,
          created_at: storedInstant(new Date(FIRST_DAY)),
        })),
      );
    if (imageRows.length > 0) await trx.insertInto('project_images').values(imageRows).execute();

    const day = (date: Date, days: number) => new Date(date.getTime() + days * DAY).toISOString().slice(0, 10);
    const postRows: Insertable<PostsTable>[] = plans.map((plan) => ({
      project_id: projectIds.get(`Proyecto ${plan.project}`)!,
      owner_id: plan.owner,
      sequence: plan.sequence,
      state: plan.state,
      text: `Vivienda número ${plan.project}. Publicación ${plan.sequence}.`,
      publish_on: plan.state === 'preview' ? null : day(plan.createdAt, 7),
      to_instagram: storedFlag(plan.state !== 'preview'),
      to_linkedin: storedFlag(plan.state !== 'preview'),
      publishing_since: null,
      published_at: plan.state === 'published' ? storedInstant(new Date(plan.createdAt.getTime() + 7 * DAY)) : null,
      created_at: storedInstant(plan.createdAt),
      updated_at: storedInstant(plan.createdAt),
    }));
    const posts = await trx.insertInto('posts').values(postRows).returning(['id', 'project_id', 'sequence']).execute();
    const postIds = new Map(posts.map((row) => [`${row.project_id}:${row.sequence}`, row.id]));
    const resultRows: Insertable<PostResultsTable>[] = plans
      .filter((plan) => plan.state === 'published')
      .flatMap((plan) => {
        const postId = postIds.get(`${projectIds.get(`Proyecto ${plan.project}`)}:${plan.sequence}`)!;
        const finished = storedInstant(new Date(plan.createdAt.getTime() + 7 * DAY));
        const result = (network: 'linkedin' | 'instagram', status: string, code: string | null) => ({
          post_id: postId,
          network,
          target_id: null,
          target_name: 'Estudio',
          status,
          remote_id: null,
          permalink: null,
          error: code ? 'detail' : null,
          error_code: code,
          attempts: 1,
          started_at: finished,
          finished_at: finished,
          created_at: finished,
          updated_at: finished,
        });
        return [
          plan.failedLinkedin ? result('linkedin', 'failed', 'connectionRefused') : result('linkedin', 'posted', null),
          plan.unknownInstagram ? result('instagram', 'unknown', 'outcomeUnknown') : result('instagram', 'posted', null),
        ];
      });
    if (resultRows.length > 0) await trx.insertInto('post_results').values(resultRows).execute();
  });
  await settleAfterLoad(db, bench.dialect, ['projects', 'project_images', 'posts', 'post_results', 'social_connections']);
}

/** Every user's LinkedIn: a third expiring within the week, a third lost, a third fine. */
async function connectEveryone(bench: BenchApp, people: People): Promise<void> {
  const now = Date.now();
  const everyone = [...people.admins, ...people.customers, ...people.publishers];
  const rows: Insertable<SocialConnectionsTable>[] = everyone.map((userId, index) => ({
    user_id: userId,
    network: 'linkedin',
    is_connected: storedFlag(index % 3 !== 1),
    account_name: `Cuenta ${index}`,
    scopes: '',
    token_expires_at: storedInstant(new Date(now + (index % 3 === 0 ? 3 : 40) * DAY)),
    connected_at: storedInstant(new Date(FIRST_DAY)),
    created_at: storedInstant(new Date(FIRST_DAY)),
    updated_at: storedInstant(new Date(FIRST_DAY)),
  }));
  await bench.db.insertInto('social_connections').values(rows).execute();
}

/** A studio of `size` posts on a fresh database, listening, with its three users signed in. */
async function openStudio(dialect: BenchDialect, size: number) {
  const bench = await startBenchApp(dialect, floorRoute('posts'));
  const people = await createPeople(bench);
  await connectEveryone(bench, people);
  await fillTo(bench, people, size);
  const cookies = {
    admin: await signIn(bench.testApp, 'admin-0@bench.es', 'secret-123'),
    customer: await signIn(bench.testApp, 'customer-0@bench.es', 'secret-123'),
    publisher: await signIn(bench.testApp, 'publisher-0@bench.es', 'secret-123'),
  };
  return { bench, people, cookies, base: await bench.listen() };
}
type Studio = Awaited<ReturnType<typeof openStudio>>;

/** The rows timed on one studio: its floor and each role's dashboard. */
function rowsOf(studio: Studio, size: number): Row[] {
  const label = sizeLabel(size);
  return [
    [`${FLOOR_NAME} (${label})`, `${studio.base}${FLOOR_PATH}`, studio.cookies.admin],
    [`${ADMIN} (${label})`, `${studio.base}/api/home`, studio.cookies.admin],
    [`${CUSTOMER} (${label})`, `${studio.base}/api/home`, studio.cookies.customer],
    [`${PUBLISHER} (${label})`, `${studio.base}/api/home`, studio.cookies.publisher],
  ];
}

/**
 * Two studios side by side, 1,000 and 100,000 posts, served from this process, and their requests
 * interleaved in one run: whatever else the machine does weighs on both alike.
 */
async function measureHome({ dialect, short, explain, log }: GrowthBenchOptions): Promise<Map<string, Figures>> {
  log(`before: ${loadAverage()}`);
  const started = performance.now();
  const small = await openStudio(dialect, SMALLEST);
  const large = await openStudio(dialect, LARGEST);
  log(`studios of ${SMALLEST.toLocaleString('en')} and ${LARGEST.toLocaleString('en')} posts loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  try {
    // The rows carry whole addresses: two servers, one run.
    const figures = await timeRowsInterleaved('', [...rowsOf(small, SMALLEST), ...rowsOf(large, LARGEST)], short ? SHORT_LOAD : FULL_LOAD);
    log(`after: ${loadAverage()}`);
    if (explain) await printHomePlans(large.bench, large.people);
    return figures;
  } finally {
    await small.bench.close();
    await large.bench.close();
  }
}

/** The plans of every query the dashboard sends, per role, recorded as the service sends them. */
async function printHomePlans({ db, dialect }: BenchApp, people: People): Promise<void> {
  // A bench runs outside the app's composition: the machine's clock.
  const deps = { db, dialect, calendar: createStudioCalendar({ timeZone: 'Europe/Madrid', now: systemClock }), expiryWarningDays: 7, now: systemClock };
  for (const [role, id] of [
    ['admin', people.admins[0]!],
    ['customer', people.customers[0]!],
    ['publisher', people.publishers[0]!],
  ] as const) {
    const queries = await recordQueries(db, (recording) => getHome({ ...deps, db: recording }, { id, email: '', role, sessionToken: '' }));
    for (const [index, query] of queries.entries())
      await printPlan(db, dialect, `${role}, query ${index + 1}: ${query.sql.slice(0, 160)}`, query.sql, query.parameters);
  }
}

const budgetLines = (figures: Map<string, Figures>, dialect: BenchDialect) =>
  growthBudgetLines(`home ${dialect}`, [ADMIN, CUSTOMER, PUBLISHER], figures, 'the same dashboard');
/** npm run bench: how the dashboard of each role grows from 1,000 to 100,000 posts. */
export const run: BenchRun = async ({ short, dialect = 'sqlite' }) =>
  budgetLines(await measureHome({ dialect, short, explain: false, log: () => {} }), dialect);

if (isMainModule(import.meta.url)) {
  const options = benchArguments();
  const figures = await measureHome({ ...options, log: (line) => console.log(line) });
  printGrowthFigures(figures, options.dialect, [FLOOR_NAME, ADMIN, CUSTOMER, PUBLISHER], (options.short ? SHORT_LOAD : FULL_LOAD).requests);
  printVerdicts(budgetLines(figures, options.dialect));
}
