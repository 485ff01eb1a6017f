/**
 * The projects list with 100,000 projects (issue 4: "the page must stay fast with 100,000 projects"):
 * GET /api/projects as the screen asks for it (first page newest first, a deep page, filtered by state,
 * sorted by creator, a customer's own list) against the baseline GET /api/health, over real HTTP on
 * 127.0.0.1, same server, same run; first with 1,000 projects, then with 100,000, so the growth shows.
 *   npx tsx bench/projects-list.ts [sqlite|postgres] [--explain]
 * postgres needs DATABASE_URL_TEST. --explain also prints each list query's plan at 100,000.
 */
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../src/server/db/schema.ts';
import { projectRowValues } from '../src/server/test-support/projects.ts';
import { createTestApp, createTestUser, signIn } from '../src/server/test-support/test-app.ts';

const SIZES = [1_000, 100_000];
const CHUNK = 1_000;
const REQUESTS = 200;
const CONCURRENCY = 4;
const STATES = ['draft', 'draft', 'draft', 'draft', 'preview', 'preview', 'preview', 'inProgress', 'launched', 'launched'];

process.env.TEST_DIALECT = process.argv[2] === 'postgres' ? 'postgres' : 'sqlite';
const explain = process.argv.includes('--explain');
const testApp = await createTestApp();
const db = testApp.database.db;

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
await testApp.app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;

/** Appends projects up to `total`, a chunk per statement, many chunks per transaction. */
async function fillTo(total: number): Promise<void> {
  const start = Number((await db.selectFrom('projects').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);
  const firstDay = Date.parse('2023-01-01T00:00:00.000Z');
  for (let from = start; from < total; from += CHUNK * 20) {
    await db.transaction().execute(async (trx) => {
      for (let chunk = from; chunk < Math.min(from + CHUNK * 20, total); chunk += CHUNK) {
        const rows = [];
        for (let index = chunk; index < Math.min(chunk + CHUNK, total); index += 1) {
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
      }
    });
  }
  // PostgreSQL's autovacuum vacuums and analyses a table soon after this many inserts (visibility map for
  // index-only scans, statistics for plans); do it now rather than measure a table it has not reached yet.
  if (process.env.TEST_DIALECT === 'postgres') await sql`vacuum analyze projects`.execute(db);
}

async function measure(path: string, cookie?: string) {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  let next = 0;
  const latencies: number[] = [];
  const worker = async () => {
    while (next < REQUESTS) {
      next += 1;
      const started = performance.now();
      const response = await fetch(base + path, { headers });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      latencies.push(performance.now() - started);
    }
  };
  for (let warm = 0; warm < 10; warm += 1) await (await fetch(base + path, { headers })).arrayBuffer();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  latencies.sort((a, b) => a - b);
  return { p50: latencies[Math.floor(latencies.length * 0.5)]!, p95: latencies[Math.floor(latencies.length * 0.95)]! };
}

const results = new Map<string, Map<number, { p50: number; p95: number }>>();
function record(name: string, size: number, figures: { p50: number; p95: number }) {
  if (!results.has(name)) results.set(name, new Map());
  results.get(name)!.set(size, figures);
}

for (const size of SIZES) {
  const started = performance.now();
  await fillTo(size);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const ownTotal = (await (await fetch(`${base}/api/projects`, { headers: { cookie: customerCookie } })).json()).total;
  const deepPage = size / 20; // the middle of the list: 5000 of 10,000 pages at 100,000
  console.log(`${size.toLocaleString('en')} projects loaded in ${seconds} s; customer-0 sees ${ownTotal}; deep page = ${deepPage}`);
  record('GET /api/health (baseline)', size, await measure('/api/health'));
  record('first page, newest first (admin)', size, await measure('/api/projects', adminCookie));
  record('deep page, page N/20 (admin)', size, await measure(`/api/projects?page=${deepPage}`, adminCookie));
  record('state=preview (admin)', size, await measure('/api/projects?state=preview', adminCookie));
  record('sort=created_by asc (admin)', size, await measure('/api/projects?sort=created_by&order=asc', adminCookie));
  record('own list (customer)', size, await measure('/api/projects', customerCookie));
}

const baseline = results.get('GET /api/health (baseline)')!;
const [small, large] = SIZES as [number, number];
const cell = (value: number) => value.toFixed(2).padStart(8);
console.log(`\ndatabase: ${process.env.TEST_DIALECT}; ${REQUESTS} requests per row, ${CONCURRENCY} at a time; milliseconds; x = p50 over the baseline's p50 at that size`);
console.log(`${'request'.padEnd(36)} ${'1k p50'.padStart(8)} ${'1k p95'.padStart(8)} ${'1k x'.padStart(6)} ${'100k p50'.padStart(8)} ${'100k p95'.padStart(8)} ${'100k x'.padStart(6)} ${'growth'.padStart(7)}`);
for (const [name, bySize] of results) {
  const a = bySize.get(small)!;
  const b = bySize.get(large)!;
  const ratio = (figures: { p50: number }, size: number) => (figures.p50 / baseline.get(size)!.p50).toFixed(1).padStart(6);
  console.log(`${name.padEnd(36)} ${cell(a.p50)} ${cell(a.p95)} ${ratio(a, small)} ${cell(b.p50)} ${cell(b.p95)} ${ratio(b, large)} ${(b.p50 / a.p50).toFixed(2).padStart(6)}x`);
}

if (explain) await printPlans(db);
await testApp.close();

/** The plans of the queries src/server/features/projects/repo.ts runs for these lists, written out by hand. */
async function printPlans(database: Kysely<Database>): Promise<void> {
  const customer = customers[0]!;
  const creator = creators[0]!;
  const half = (column: string) => `select * from (select id, created_at from projects where ${column} = '${customer}' order by created_at desc, id desc limit 10) as ${column}`;
  const queries: Record<string, string> = {
    'page ids, newest first, deep': `select id from projects order by created_at desc, id desc limit 10 offset ${large / 2 - 10}`,
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
  const prefix = process.env.TEST_DIALECT === 'postgres' ? 'explain analyze ' : 'explain query plan ';
  for (const [name, query] of Object.entries(queries)) {
    const { rows } = await sql.raw(prefix + query).execute(database);
    console.log(`\n-- ${name}`);
    for (const row of rows as Array<Record<string, unknown>>) console.log(String(row['QUERY PLAN'] ?? row.detail ?? JSON.stringify(row)));
  }
}
