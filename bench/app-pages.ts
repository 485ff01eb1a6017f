/**
 * The back office as a visitor's phone gets it (issue 14, goal 1; issue 23 item 1), against the landing
 * page in the same run: Lighthouse 12 mobile (simulated slow 4G, 4x CPU slowdown) in Debian's Chromium on
 * /login signed out and on /projects, /preview-projects (the posts) and /calendar signed in as the
 * administrator of a demo studio (`npm run demo`'s six projects with their pictures), and the JavaScript
 * each page really loaded (every script Lighthouse saw requested, lazy chunks included), gzip-compressed,
 * against the budgets. The performance budget follows the machine's load when the page's audits start:
 * >= 95 up to a load average of 2, >= 90 above (issue 23 asks 90 at load 4).
 *   npm run build && npx tsx bench/app-pages.ts [--runs=3]
 * Each page is audited --runs times (1 in `npm run bench`) and the median score kept. CHROME_PATH and
 * LIGHTHOUSE_REPORTS as in bench/support/lighthouse.ts.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { ADMIN, type RunningServer, startServer } from '../tests/e2e/support/server.ts';
import {
  type PageAudit,
  type ScriptWeight,
  auditPage,
  formatMetrics,
  formatScores,
  kilobytes,
  launchChromium,
  median,
  weighScripts,
} from './support/lighthouse.ts';
import { loadNow } from './support/machine-load.ts';
import { type BenchRun, type BudgetLine, isMainModule } from './support/summary.ts';

const BUDGET = {
  loginScriptsKb: 100,
  projectsScriptsKb: 150,
  postsScriptsKb: 170,
  calendarScriptsKb: 190,
  accessibility: 100,
} as const;

/** Lighthouse's performance score asked of a page measured at this load average (issue 23). */
function performanceBudget(load: number): number {
  return load <= 2 ? 95 : 90;
}
const DEMO_ENTRY = path.resolve('dist/server/server/demo/main.js');

interface PagePlan {
  name: string;
  path: string;
  signedIn: boolean;
  /** The most JavaScript (gzip KB) the page may load; unset for the baseline. */
  scriptBudgetKb?: number;
}

const PAGES: PagePlan[] = [
  { name: 'baseline: landing (/)', path: '/', signedIn: false },
  { name: '/login, signed out', path: '/login', signedIn: false, scriptBudgetKb: BUDGET.loginScriptsKb },
  { name: '/projects, signed in', path: '/projects', signedIn: true, scriptBudgetKb: BUDGET.projectsScriptsKb },
  { name: '/preview-projects (posts), signed in', path: '/preview-projects', signedIn: true, scriptBudgetKb: BUDGET.postsScriptsKb },
  { name: '/calendar, signed in', path: '/calendar', signedIn: true, scriptBudgetKb: BUDGET.calendarScriptsKb },
];

interface PageResult {
  plan: PagePlan;
  audits: PageAudit[];
  performance: number;
  accessibility: number;
  scripts: ScriptWeight;
  /** Bytes that crossed the wire for those scripts (compressed when the server compresses). */
  transferred: number;
  /** The one-minute load average when the page's audits started, which sets its performance budget. */
  load: number;
}

/** `npm run demo` on the server's own data folder, so the app shows a studio with projects and pictures. */
async function seedDemo(server: RunningServer): Promise<void> {
  const child = spawn(process.execPath, [DEMO_ENTRY], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      DATA_DIR: server.dataDir,
      PUBLIC_URL: server.url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      ...(server.database.dialect === 'postgres' ? { DATABASE_URL: server.database.url } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`npm run demo failed (${code}):\n${output}`);
}

/** The administrator's session cookie, as the browser would hold it after signing in. */
async function signIn(server: RunningServer): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  });
  if (!response.ok) throw new Error(`Signing in answered ${response.status}: ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function measure(options: { runs: number; log: (line: string) => void }): Promise<PageResult[]> {
  const { log } = options;
  const server = await startServer();
  try {
    await seedDemo(server);
    const cookie = await signIn(server);
    const chromium = await launchChromium();
    try {
      const results: PageResult[] = [];
      for (const plan of PAGES) {
        const audits: PageAudit[] = [];
        const load = loadNow();
        for (let run = 0; run < options.runs; run += 1) {
          audits.push(
            await auditPage({
              url: server.url + plan.path,
              port: chromium.port,
              formFactor: 'mobile',
              extraHeaders: plan.signedIn ? { Cookie: cookie } : undefined,
            }),
          );
        }
        const measured = audits.filter((audit) => audit.scores);
        const loaded = audits[0]!.scripts;
        const result: PageResult = {
          plan,
          audits,
          performance: measured.length ? median(measured.map((audit) => audit.scores!.performance)) : 0,
          accessibility: measured.length ? Math.min(...measured.map((audit) => audit.scores!.accessibility)) : 0,
          scripts: await weighScripts(loaded.map((script) => script.url)),
          transferred: loaded.reduce((total, script) => total + script.transferSize, 0),
          load,
        };
        results.push(result);
        printPage(result, log);
      }
      return results;
    } finally {
      await chromium.stop();
    }
  } finally {
    await server.stop();
  }
}

function printPage(result: PageResult, log: (line: string) => void): void {
  const { plan, scripts } = result;
  const budget = plan.scriptBudgetKb ? ` (budget ${plan.scriptBudgetKb} KB: ${scripts.gzip / 1024 <= plan.scriptBudgetKb ? 'kept' : 'exceeded'})` : '';
  log(`${plan.name}`);
  log(
    `  JavaScript: ${scripts.files.length} file(s), ${kilobytes(scripts.bytes)} KB, gzip ${kilobytes(scripts.gzip)} KB${budget}; ${kilobytes(result.transferred)} KB transferred`,
  );
  for (const file of scripts.files)
    log(`    ${new URL(file.url).pathname.padEnd(48)} ${kilobytes(file.bytes).padStart(7)} KB  gzip ${kilobytes(file.gzip).padStart(6)} KB`);
  result.audits.forEach((audit, index) => {
    log(`  run ${index + 1}: ${formatScores(audit)}`);
    log(`         ${formatMetrics(audit)}`);
    if (audit.failing.length > 0) log(`         failing: ${audit.failing.join(', ')}`);
  });
  log(
    `  kept: performance ${result.performance} (median; budget ${performanceBudget(result.load)} at load ${result.load.toFixed(2)}), accessibility ${result.accessibility} (lowest)\n`,
  );
}

function budgetLines(results: PageResult[]): BudgetLine[] {
  const [landing, ...appPages] = results;
  const bench = 'web pages';
  const lines: BudgetLine[] = [];
  const landingScripts = `landing (/) in the same run: ${kilobytes(landing!.scripts.gzip)} KB gzip`;
  const landingScores = `landing (/) in the same run: performance ${landing!.performance}, accessibility ${landing!.accessibility}`;
  for (const page of appPages) {
    const kb = Number(kilobytes(page.scripts.gzip));
    lines.push({
      bench,
      measure: `JavaScript loaded by ${page.plan.name} (gzip)`,
      value: kb,
      unit: 'KB',
      budget: `<= ${page.plan.scriptBudgetKb} KB`,
      pass: kb <= page.plan.scriptBudgetKb!,
      baseline: landingScripts,
    });
    lines.push({
      bench,
      measure: `Lighthouse mobile performance, ${page.plan.name}`,
      value: page.performance,
      unit: 'score',
      budget: `>= ${performanceBudget(page.load)}`,
      pass: page.performance >= performanceBudget(page.load),
      baseline: landingScores,
    });
    lines.push({
      bench,
      measure: `Lighthouse mobile accessibility, ${page.plan.name}`,
      value: page.accessibility,
      unit: 'score',
      budget: `>= ${BUDGET.accessibility}`,
      pass: page.accessibility >= BUDGET.accessibility,
      baseline: landingScores,
    });
  }
  lines.push({
    bench,
    measure: 'Lighthouse mobile performance, landing (/): the baseline',
    value: landing!.performance,
    unit: 'score',
    budget: '',
    pass: null,
  });
  lines.push({
    bench,
    measure: 'Lighthouse mobile accessibility, landing (/): the baseline',
    value: landing!.accessibility,
    unit: 'score',
    budget: '',
    pass: null,
  });
  return lines;
}

export const run: BenchRun = async ({ short }) => budgetLines(await measure({ runs: short ? 1 : 3, log: () => undefined }));

if (isMainModule(import.meta.url)) {
  const runs = Number(process.argv.find((argument) => argument.startsWith('--runs='))?.slice('--runs='.length) ?? 3);
  console.log(`Alzado app pages benchmark, ${new Date().toISOString()}, Lighthouse mobile, ${runs} run(s) a page`);
  // Simulated-mobile performance (TBT above all) moves with whatever else the machine is doing.
  console.log(
    `load average ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')} on ${os.cpus().length} CPUs\n`,
  );
  const lines = budgetLines(await measure({ runs, log: (line) => console.log(line) }));
  console.log(
    `load average ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}\n`,
  );
  for (const line of lines) {
    const verdict = line.pass === null ? '' : line.pass ? 'pass' : 'FAIL';
    console.log(`${line.measure.padEnd(62)} ${String(line.value).padStart(7)} ${line.unit.padEnd(5)} ${line.budget.padEnd(9)} ${verdict}`);
  }
}
