/**
 * `npm run bench`: every budget of the performance work in its short mode, one table at the end.
 * Each benchmark measures its own baseline in the same run; this only runs them one after the other
 * (never at once: they would measure each other) and gathers their budget lines.
 *   npm run bench                      # SQLite, and PostgreSQL too when DATABASE_URL_TEST is set
 *   npm run bench -- lists images      # only the benchmarks whose name contains one of the words
 * It builds first (`npm run build`) when the page benchmark runs: it measures the built app.
 */
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { CORES, isTooBusy, loadAverages, loadNow, loadWarning } from './support/machine-load.ts';
import type { BenchOptions, BenchRun, BudgetLine } from './support/summary.ts';

interface Bench {
  name: string;
  load: () => Promise<{ run: BenchRun }>;
  dialects?: boolean;
  needsBuild?: boolean;
}

const BENCHES: Bench[] = [
  { name: 'web pages', load: () => import('./app-pages.ts'), needsBuild: true },
  // Builds its own copy of HEAD, as a user's npm start does.
  { name: 'start', load: () => import('./start.ts') },
  { name: 'posts list', load: () => import('./posts-list.ts'), dialects: true },
  { name: 'projects list', load: () => import('./projects-list.ts'), dialects: true },
  { name: 'home dashboard', load: () => import('./home.ts'), dialects: true },
  { name: 'calendar', load: () => import('./calendar.ts'), dialects: true },
  { name: 'results', load: () => import('./results.ts'), dialects: true },
  { name: 'images', load: () => import('./image-pipeline.ts') },
  { name: 'publishing', load: () => import('./publishing-volume.ts') },
];

const words = process.argv.slice(2).filter((word) => !word.startsWith('-'));
const chosen = BENCHES.filter((bench) => words.length === 0 || words.some((word) => bench.name.includes(word)));
const dialects: NonNullable<BenchOptions['dialect']>[] = process.env.DATABASE_URL_TEST ? ['sqlite', 'postgres'] : ['sqlite'];

console.log(`Alzado benchmarks (short mode), ${new Date().toISOString()}, ${CORES} cores, load average ${loadAverages()}`);
const busyAtStart = loadWarning();
if (busyAtStart) console.log(busyAtStart);
if (!process.env.DATABASE_URL_TEST) console.log('DATABASE_URL_TEST is not set: the lists, the dashboard and the calendar are measured on SQLite only.');

if (chosen.some((bench) => bench.needsBuild)) {
  console.log('\n▶ npm run build');
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** Each line with the one-minute load average at the start and the end of the benchmark that measured it. */
const lines: (BudgetLine & { load: string; busy: boolean })[] = [];
for (const bench of chosen) {
  for (const dialect of bench.dialects ? dialects : [undefined]) {
    const label = dialect ? `${bench.name} (${dialect})` : bench.name;
    console.log(`\n▶ ${label}`);
    const started = performance.now();
    const loadBefore = loadNow();
    const measured: BudgetLine[] = [];
    try {
      const { run } = await bench.load();
      measured.push(...(await run({ short: true, dialect })));
    } catch (error) {
      // One broken benchmark must not hide the others' figures.
      console.error(error);
      measured.push({
        bench: label,
        measure: `did not finish: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
        value: 0,
        unit: 'count',
        budget: 'finishes',
        pass: false,
      });
    }
    const loadAfter = loadNow();
    const load = `${loadBefore.toFixed(2)}→${loadAfter.toFixed(2)}`;
    lines.push(...measured.map((line) => ({ ...line, load, busy: isTooBusy(Math.max(loadBefore, loadAfter)) })));
    console.log(`  (${label}: ${((performance.now() - started) / 1000).toFixed(0)} s, load average ${load})`);
  }
}

printTable(lines);
const failed = lines.filter((line) => line.pass === false);
console.log(`\n${lines.length} lines, ${failed.length} over budget; load average ${loadAverages()}`);
const busyLines = lines.filter((line) => line.busy).length;
if (busyLines > 0)
  console.log(`${busyLines} lines (marked *) were measured with the load average above the ${CORES} cores: run them again when the machine is quieter.`);
process.exit(failed.length > 0 ? 1 : 0);

function printTable(rows: (BudgetLine & { load: string; busy: boolean })[]): void {
  const figure = (line: BudgetLine) => `${Number.isInteger(line.value) ? line.value : line.value.toFixed(line.value < 10 ? 2 : 1)} ${line.unit}`;
  const verdict = (line: BudgetLine) => (line.pass === null ? '' : line.pass ? 'ok' : 'OVER');
  const columns = [
    { head: 'benchmark', cell: (line: BudgetLine) => line.bench },
    { head: 'measure', cell: (line: BudgetLine) => line.measure },
    { head: 'figure', cell: figure, right: true },
    { head: 'load', cell: (line: BudgetLine & { load: string; busy: boolean }) => `${line.load}${line.busy ? '*' : ''}` },
    { head: 'budget', cell: (line: BudgetLine) => line.budget },
    { head: '', cell: verdict },
    { head: 'against', cell: (line: BudgetLine) => line.baseline ?? '' },
  ];
  const widths = columns.map((column) => Math.max(column.head.length, ...rows.map((row) => column.cell(row).length)));
  const format = (cells: string[]) =>
    cells
      .map((cell, index) => (columns[index]!.right ? cell.padStart(widths[index]!) : cell.padEnd(widths[index]!)))
      .join('  ')
      .trimEnd();
  console.log(`\n${format(columns.map((column) => column.head))}`);
  console.log(format(widths.map((width) => '-'.repeat(width))));
  for (const row of rows) console.log(format(columns.map((column) => column.cell(row))));
}
