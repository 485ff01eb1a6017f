/**
 * The projects list with 100,000 projects (issue 4: "the page must stay fast with 100,000 projects";
 * issue 14, goal 3: "lists near the floor"): GET /api/projects as the screen asks for it (the admin's
 * first page newest first, a deep page, filtered by state, sorted by creator; a customer's own list and
 * own filtered list) against the floor (bench/support/floor.ts: the session check and one indexed
 * SELECT LIMIT 10) and GET /api/health, over real HTTP on 127.0.0.1, same server, same run,
 * interleaved; first with 1,000 projects, then with 100,000, so the growth shows.
 *   npx tsx bench/projects-list.ts [sqlite|postgres] [--explain] [--short]
 * postgres needs DATABASE_URL_TEST. --explain also prints each list query's plan at 100,000; --short is
 * npm run bench's mode (100,000 only, fewer requests).
 */
import type { ListProjectsQuery } from '../src/domain/project.ts';
import { type ProjectViewer, listProjectRows } from '../src/server/features/projects/repo.ts';
import { projectRowValues } from '../src/server/test-support/projects.ts';
import { recordQueries } from '../src/server/test-support/recorded-queries.ts';
import { createTestUser, signIn } from '../src/server/test-support/test-app.ts';
import { type BenchApp, type BenchDialect, benchArguments, startBenchApp } from './support/bench-app.ts';
import { countRows, insertInBatches, settleAfterLoad } from './support/bulk-insert.ts';
import { printPlan } from './support/explain.ts';
import { FLOOR_PATH, floorQuery, floorRoute } from './support/floor.ts';
import { type BenchRun, isMainModule } from './support/summary.ts';
import { FULL_LOAD, SHORT_LOAD, SizedResults } from './support/table.ts';
import { loadAverage } from './support/machine-load.ts';

const LARGEST = 100_000;
const STATES = ['draft', 'draft', 'draft', 'draft', 'preview', 'preview', 'preview', 'inProgress', 'launched', 'launched'];

// The rows of the table; those in BUDGETED are the goal's "first page of each list" and its filters.
const ADMIN_FIRST = 'first page, newest first (admin)';
// The same page asked for uncompressed: what compressing the JSON costs (the floor's answer is too small to be).
const ADMIN_FIRST_PLAIN = 'first page, uncompressed (admin)';
const ADMIN_DEEP = 'deep page, page N/20 (admin)';
const ADMIN_PREVIEW = 'state=preview (admin)';
const ADMIN_BY_CREATOR = 'sort=created_by asc (admin)';
const OWN_FIRST = 'own list (customer)';
const OWN_FILTERED = 'own state=draft (customer)';
const BUDGETED = [ADMIN_FIRST, ADMIN_PREVIEW, OWN_FIRST, OWN_FILTERED];

interface Options {
  dialect: BenchDialect;
  short: boolean;
  explain: boolean;
  /** Progress and tables; silent under npm run bench. */
  log: (line: string) => void;
}

/**
 * 40 customers, 8 publishers and 2 admins create projects; a third of them are assigned to a customer.
 * As it happens, each person's projects are all in one state: customer-0's are drafts.
 */
async function createPeople(bench: BenchApp) {
  const people = { creators: [] as string[], customers: [] as string[] };
  for (const [role, count] of [
    ['customer', 40],
    ['publisher', 8],
    ['admin', 2],
  ] as const) {
    for (let index = 0; index < count; index += 1) {
      const user = await createTestUser(bench.testApp, { email: `${role}-${index}@bench.es`, role, firstName: `${role} ${index}` });
      await bench.db
        .updateTable('users')
        .set({ last_name: `Apellido ${(index * 7919) % 97}` })
        .where('id', '=', user.id)
        .execute();
      people.creators.push(user.id);
      if (role === 'customer') people.customers.push(user.id);
    }
  }
  return people;
}
type People = Awaited<ReturnType<typeof createPeople>>;

/** Appends projects up to `total`. */
async function fillTo({ db, dialect }: BenchApp, { creators, customers }: People, total: number): Promise<void> {
  const firstDay = Date.parse('2023-01-01T00:00:00.000Z');
  await insertInBatches(db, { from: await countRows(db, 'projects'), to: total }, async (trx, from, to) => {
    const rows = [];
    for (let index = from; index < to; index += 1) {
      rows.push(
        projectRowValues({
          title: `Proyecto ${index}`,
          description: `Vivienda número ${index}, descrita con algo de texto como las de verdad.`,
          keywords: 'vivienda,madera,luz',
          state: STATES[index % STATES.length]!,
          created_by: creators[(index * 31) % creators.length]!,
          assigned_to: index % 3 === 0 ? customers[(index * 17) % customers.length]! : null,
          // About 40 minutes apart, a few seconds of jitter: three and a half years for 100,000.
          created_at: new Date(firstDay + index * 2_400_000 + ((index * 7_919) % 5_000)),
        }),
      );
    }
    await trx.insertInto('projects').values(rows).execute();
  });
  await settleAfterLoad(db, dialect, ['projects', 'project_counts']);
}

/** Loads 1,000 then 100,000 projects (100,000 only when short) and times the list at each size. */
async function measureProjectsList({ dialect, short, explain, log }: Options): Promise<SizedResults> {
  const sizes = short ? [LARGEST] : [1_000, LARGEST];
  const bench = await startBenchApp(dialect, floorRoute('projects'));
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
      const ownTotal = (await (await fetch(`${base}/api/projects`, { headers: { cookie: customerCookie } })).json()).total;
      const deepPage = size / 20; // the middle of the list: 5000 of 10,000 pages at 100,000
      log(`${size.toLocaleString('en')} projects loaded in ${seconds} s; customer-0 sees ${ownTotal}; deep page = ${deepPage}`);
      await results.measure(base, size, adminCookie, [
        [ADMIN_FIRST, '/api/projects', adminCookie],
        [ADMIN_FIRST_PLAIN, '/api/projects', adminCookie, { 'accept-encoding': 'identity' }],
        [ADMIN_DEEP, `/api/projects?page=${deepPage}`, adminCookie],
        [ADMIN_PREVIEW, '/api/projects?state=preview', adminCookie],
        [ADMIN_BY_CREATOR, '/api/projects?sort=created_by&order=asc', adminCookie],
        [OWN_FIRST, '/api/projects', customerCookie],
        [OWN_FILTERED, '/api/projects?state=draft', customerCookie],
      ]);
    }
    log(`after: ${loadAverage()}`);
    if (explain) await printProjectPlans(bench, people);
    return results;
  } finally {
    await bench.close();
  }
}

/** npm run bench: each budgeted list's first page at 100,000 projects over the floor, at most 3x. */
export const run: BenchRun = async ({ short, dialect = 'sqlite' }) => {
  const results = await measureProjectsList({ dialect, short, explain: false, log: () => {} });
  return results.budgetLines(`projects list (${dialect})`, LARGEST, BUDGETED);
};

if (isMainModule(import.meta.url)) {
  const options = benchArguments();
  const results = await measureProjectsList({ ...options, log: (line) => console.log(line) });
  results.print(options.dialect);
  for (const line of results.budgetLines(`projects list (${options.dialect})`, LARGEST, BUDGETED)) {
    console.log(`${line.pass ? 'pass' : 'FAIL'}  ${line.measure}: ${line.value}x (${line.budget})`);
  }
}

/** The plans of the queries src/server/features/projects/repo.ts sends for these lists, recorded as it sends them, and the floor's. */
async function printProjectPlans({ db, dialect }: BenchApp, people: People): Promise<void> {
  const admin: ProjectViewer = { id: people.creators.at(-1)!, seesAll: true };
  const customer: ProjectViewer = { id: people.customers[0]!, seesAll: false };
  const query = (changes: Partial<ListProjectsQuery> = {}): ListProjectsQuery => ({ page: 1, pageSize: 10, sort: 'created_at', order: 'desc', ...changes });
  const scenarios: [string, ProjectViewer, ListProjectsQuery][] = [
    ['first page (admin)', admin, query()],
    ['deep page (admin)', admin, query({ page: LARGEST / 20 })],
    ['state=preview (admin)', admin, query({ state: 'preview' })],
    ['sorted by title (admin)', admin, query({ sort: 'title', order: 'asc' })],
    ['own list (customer)', customer, query()],
    ['own state=draft (customer)', customer, query({ state: 'draft' })],
  ];
  for (const [name, viewer, listQuery] of scenarios) {
    const queries = await recordQueries(db, (recording) => listProjectRows(recording, viewer, listQuery));
    for (const [index, recorded] of queries.entries()) {
      await printPlan(db, dialect, queries.length > 1 ? `${name}, query ${index + 1}` : name, recorded.sql, recorded.parameters);
    }
  }
  const floor = floorQuery('projects').compile(db);
  await printPlan(db, dialect, `the floor (${FLOOR_PATH})`, floor.sql, floor.parameters);
}
