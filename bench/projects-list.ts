/**
 * The projects list with 100,000 projects (issue 4: "the page must stay fast with 100,000 projects"):
 * GET /api/projects as the screen asks for it (first page newest first, a deep page, filtered by state,
 * sorted by creator, a customer's own list) against the baseline GET /api/health, over real HTTP on
 * 127.0.0.1, same server, same run; first with 1,000 projects, then with 100,000, so the growth shows.
 *   npx tsx bench/projects-list.ts [sqlite|postgres] [--explain]
 * postgres needs DATABASE_URL_TEST. --explain also prints each list query's plan at 100,000.
 */
import { projectRowValues } from '../src/server/test-support/projects.ts';
import { createTestUser, signIn } from '../src/server/test-support/test-app.ts';
import { startBenchApp } from './support/bench-app.ts';
import { countRows, insertInBatches, settleAfterLoad } from './support/bulk-insert.ts';
import { printPlans } from './support/explain.ts';
import { SizedResults } from './support/table.ts';

const SIZES = [1_000, 100_000];
const STATES = ['draft', 'draft', 'draft', 'draft', 'preview', 'preview', 'preview', 'inProgress', 'launched', 'launched'];

const bench = await startBenchApp();
const { testApp, db } = bench;

// 40 customers, 8 publishers and 2 admins create projects; a third of them are assigned to a customer.
const creators: string[] = [];
const customers: string[] = [];
for (const [role, count] of [['customer', 40], ['publisher', 8], ['admin', 2]] as const) {
  for (let index = 0; index < count; index += 1) {
    const user = await createTestUser(testApp, { email: `${role}-${index}@bench.es`, role, firstName: `${role} ${index}` });
    await db.updateTable('users').set({ last_name: `Apellido ${(index * 7919) % 97}` }).where('id', '=', user.id).execute();
    creators.push(user.id);
    if (role === 'customer') customers.push(user.id);
  }
}
const adminCookie = await signIn(testApp, 'admin-0@bench.es', 'secret-123');
const customerCookie = await signIn(testApp, 'customer-0@bench.es', 'secret-123');
const base = await bench.listen();

/** Appends projects up to `total`. */
async function fillTo(total: number): Promise<void> {
  const firstDay = Date.parse('2023-01-01T00:00:00.000Z');
  await insertInBatches(db, { from: await countRows(db, 'projects'), to: total }, async (trx, from, to) => {
    const rows = [];
    for (let index = from; index < to; index += 1) {
      rows.push(projectRowValues({
        title: `Proyecto ${index}`,
        description: `Vivienda número ${index}, descrita con algo de texto como las de verdad.`,
        keywords: 'vivienda,madera,luz',
        state: STATES[index % STATES.length]!,
        created_by: creators[(index * 31) % creators.length]!,
        assigned_to: index % 3 === 0 ? customers[(index * 17) % customers.length]! : null,
        // About 40 minutes apart, a few seconds of jitter: three and a half years for 100,000.
        created_at: new Date(firstDay + index * 2_400_000 + ((index * 7_919) % 5_000)),
      }));
    }
    await trx.insertInto('projects').values(rows).execute();
  });
  await settleAfterLoad(db, bench.dialect, ['projects']);
}

const results = new SizedResults(SIZES);
for (const size of SIZES) {
  const started = performance.now();
  await fillTo(size);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const ownTotal = (await (await fetch(`${base}/api/projects`, { headers: { cookie: customerCookie } })).json()).total;
  const deepPage = size / 20; // the middle of the list: 5000 of 10,000 pages at 100,000
  console.log(`${size.toLocaleString('en')} projects loaded in ${seconds} s; customer-0 sees ${ownTotal}; deep page = ${deepPage}`);
  await results.measure(base, size, [
    ['first page, newest first (admin)', '/api/projects', adminCookie],
    ['deep page, page N/20 (admin)', `/api/projects?page=${deepPage}`, adminCookie],
    ['state=preview (admin)', '/api/projects?state=preview', adminCookie],
    ['sort=created_by asc (admin)', '/api/projects?sort=created_by&order=asc', adminCookie],
    ['own list (customer)', '/api/projects', customerCookie],
  ]);
}
results.print(bench.dialect);

if (bench.explain) await printProjectPlans();
await bench.close();

/** The plans of the queries src/server/features/projects/repo.ts runs for these lists, written out by hand. */
async function printProjectPlans(): Promise<void> {
  const customer = customers[0]!;
  const creator = creators[0]!;
  const half = (column: string) => `select * from (select id, created_at from projects where ${column} = '${customer}' order by created_at desc, id desc limit 10) as ${column}`;
  const queries: Record<string, string> = {
    'page ids, newest first, deep': `select id from projects order by created_at desc, id desc limit 10 offset ${SIZES.at(-1)! / 2 - 10}`,
    'page ids, state=preview': `select id from projects where state = 'preview' order by created_at desc, id desc limit 10`,
    'page ids, by title': 'select id from projects order by lower(projects.title) asc, id asc limit 10',
    'page ids, by state': 'select id from projects order by state desc, id desc limit 10',
    'by creator: one creator counted': `select count(*) from projects where created_by in ('${creator}')`,
    'by creator: one creator read': `select id from projects where created_by in ('${creator}') order by id asc limit 10 offset 0`,
    'own list, newest first': `select visible.id from (${half('created_by')} union ${half('assigned_to')}) as visible order by visible.created_at desc, visible.id desc limit 10`,
    'the ten rows with their people': `select projects.id, creator.last_name, assignee.last_name from projects left join users as creator on creator.id = projects.created_by
      left join users as assignee on assignee.id = projects.assigned_to where projects.id in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)`,
    'count (admin)': 'select count(*) from projects',
    'count (own)': `select count(*) from projects where (created_by = '${customer}' or assigned_to = '${customer}')`,
    'states (admin)': "select exists(select id from projects where state = 'draft') as draft, exists(select id from projects where state = 'launched') as launched",
    'states (own)': `select distinct state from projects where (created_by = '${customer}' or assigned_to = '${customer}')`,
  };
  await printPlans(db, bench.dialect, queries);
}
