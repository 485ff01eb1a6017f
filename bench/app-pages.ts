/**
 * The back office as a visitor's phone gets it (issue 14, goal 1), against the landing page in the same
 * run: Lighthouse 12 mobile (simulated slow 4G, 4x CPU slowdown) in Debian's Chromium on /login signed
 * out and on /projects signed in as the administrator of a demo studio (`npm run demo`'s six projects with
 * their pictures), and the JavaScript each page really loaded (every script Lighthouse saw requested, lazy
 * chunks included), gzip-compressed, against the budgets.
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
import { type BenchRun, type BudgetLine, isMainModule } from './support/summary.ts';

const BUDGET = { loginScriptsKb: 100, projectsScriptsKb: 200, performance: 90, accessibility: 100 } as const;
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
];

interface PageResult {
  plan: PagePlan;
  audits: PageAudit[];
  performance: number;
  accessibility: number;
  scripts: ScriptWeight;
  /** Bytes that crossed the wire for those scripts (compressed when the server compresses). */
  transferred: number;
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
  log(`  kept: performance ${result.performance} (median), accessibility ${result.accessibility} (lowest)\n`);
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
      budget: `>= ${BUDGET.performance}`,
      pass: page.performance >= BUDGET.performance,
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
