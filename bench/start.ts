/**
 * `npm start` as a user runs it (issue 14, goal 2), on a copy of the project at HEAD (git archive) with
 * this checkout's node_modules, so that edits in progress here neither break nor trigger its builds:
 * the first start (it builds the web app and the server), then a second one with nothing changed. Each
 * start is timed from the command to the first GET /api/health 200, and the server's resident memory is
 * read from /proc/<pid>/status of its node process (not npm's) 5 s later. Baselines in the same run: a
 * bare Node HTTP server answering /api/health, and the built server started on its own (node with the
 * start script's options on dist/server/server/main.js: no npm, no build check).
 *   npx tsx bench/start.ts [--rounds=3] [--at=<commit>]
 * --at measures another commit instead of HEAD (the figures before, in bench/README.md).
 * Each of the second start and the baselines runs --rounds times, interleaved (1 in `npm run bench`), and
 * the median is kept; the full run also starts once more after a change to one server file (the server
 * alone is rebuilt) and reads the memory 30 s after the second start too.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BENCH_ADMIN, freePort, residentMemory } from './support/app-process.ts';
import { type BenchRun, type BudgetLine, isMainModule } from './support/summary.ts';
import { loadAverage } from './support/machine-load.ts';

const BUDGET = { secondStartSeconds: 2, idleRssMb: 120 } as const;
const IDLE_READING_MS = 5_000;
const SETTLED_READING_MS = 30_000;
const repositoryRoot = path.resolve(import.meta.dirname, '..');

interface Start {
  name: string;
  /** Command to the first GET /api/health 200, in seconds. */
  seconds: number;
  /** CPU time the command's processes had used by then (user and system, children that ended included), in seconds: what load on the machine inflates least. */
  cpuSeconds: number;
  /** The server process's RSS IDLE_READING_MS after that, in MB (and SETTLED_READING_MS after, when read). */
  idleMb: number;
  settledMb?: number;
  /** What the command printed, for a start that built. */
  output: string;
}

interface Command {
  program: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  /** The process whose memory is the server's: the one spawned, or one of its descendants. */
  serverProcess: (spawnedPid: number) => number | undefined;
}

/** The project at `commit` in a new folder, with this checkout's node_modules: what a fresh clone after `npm install` holds. */
function exportCommit(commit: string): string {
  const tree = fs.mkdtempSync(path.join(os.tmpdir(), 'alzado-start-bench-'));
  execFileSync('sh', ['-c', `git -C "${repositoryRoot}" archive "$0" | tar -x -C "${tree}"`, commit]);
  fs.symlinkSync(path.join(repositoryRoot, 'node_modules'), path.join(tree, 'node_modules'));
  return tree;
}

/** The processes started by `pid`, at any depth, from /proc. */
function descendantsOf(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name may hold spaces and parentheses: the parent's id follows the last ')'.
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const visit = (id: number) => (children.get(id) ?? []).forEach((child) => (found.push(child), visit(child)));
  visit(pid);
  return found;
}

const argumentsOf = (pid: number) => {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    return [];
  }
};
const isAlive = (pid: number) => fs.existsSync(`/proc/${pid}`);

/** Clock ticks a second of /proc/<pid>/stat's times (getconf CLK_TCK: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU seconds used by these processes and their children that ended (utime, stime, cutime, cstime). */
function cpuSecondsOf(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // After the command name: state is field 3 of the line, utime 14 to cstime 17.
      ticks += fields.slice(11, 15).reduce((sum, value) => sum + Number(value), 0);
    } catch {
      // ended meanwhile: its time is in its parent's cutime and cstime once reaped
    }
  }
  return ticks / TICKS_PER_SECOND;
}

/**
 * The node process of `npm start` that runs the server (not the shell that started it): scripts/start.mjs,
 * which imports it, or the server itself in a commit whose start script ran it directly.
 */
const npmStartServer = (npmPid: number) =>
  descendantsOf(npmPid).find((pid) => {
    const [program, ...rest] = argumentsOf(pid);
    return path.basename(program ?? '') === 'node' && (rest.includes('scripts/start.mjs') || rest.includes('dist/server/server/main.js'));
  });

/** The start script's GLIBC_TUNABLES and Node options (package.json of the copy), for the server started on its own. */
function startScriptSettings(tree: string): { tunables: string | undefined; nodeOptions: string[] } {
  const script = (JSON.parse(fs.readFileSync(path.join(tree, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
  const tunables = /GLIBC_TUNABLES=(\S+)/.exec(script)?.[1];
  const nodeOptions = (/\bnode((?:\s+--\S+)*)\s/.exec(script)?.[1] ?? '').trim().split(/\s+/).filter(Boolean);
  return { tunables, nodeOptions };
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 15 * 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${url}: the command ended (${child.exitCode ?? child.signalCode}) before answering:\n${output()}`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2_000) })).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${url} did not answer 200 within 15 minutes:\n${output()}`);
}

/** Ctrl-C, as in a terminal: SIGINT to the command's whole process group; then waits for every process of it to end. */
async function stopGroup(child: ChildProcess, pids: number[]): Promise<void> {
  const exited = child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((resolve) => child.once('exit', () => resolve()));
  process.kill(-child.pid!, 'SIGINT');
  const forced = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 20_000);
  await exited;
  while (pids.some(isAlive)) await new Promise((resolve) => setTimeout(resolve, 50));
  clearTimeout(forced);
}

async function timeStart(name: string, command: Command, port: number, options: { settled?: boolean } = {}): Promise<Start> {
  const started = performance.now();
  const child = spawn(command.program, command.args, { cwd: command.cwd, env: command.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    await waitForHealth(`http://127.0.0.1:${port}/api/health`, child, () => output);
    const seconds = (performance.now() - started) / 1000;
    const cpuSeconds = cpuSecondsOf([child.pid!, ...descendantsOf(child.pid!)]);
    const server = command.serverProcess(child.pid!);
    if (!server) throw new Error(`${name}: no server process under ${child.pid}`);
    await new Promise((resolve) => setTimeout(resolve, IDLE_READING_MS));
    const idleMb = residentMemory(server).rss / 1_048_576;
    let settledMb: number | undefined;
    if (options.settled) {
      await new Promise((resolve) => setTimeout(resolve, SETTLED_READING_MS - IDLE_READING_MS));
      settledMb = residentMemory(server).rss / 1_048_576;
    }
    return { name, seconds, cpuSeconds, idleMb, settledMb, output };
  } finally {
    await stopGroup(child, [child.pid!, ...descendantsOf(child.pid!)]);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

function medianStart(starts: Start[]): Start {
  return {
    ...starts[0]!,
    seconds: median(starts.map((start) => start.seconds)),
    cpuSeconds: median(starts.map((start) => start.cpuSeconds)),
    idleMb: median(starts.map((start) => start.idleMb)),
  };
}

export interface StartResults {
  bare: Start;
  alone: Start;
  first: Start;
  second: Start;
  afterServerChange?: Start;
  rounds: number;
  commit: string;
  loadBefore: string;
  loadAfter: string;
}

export async function measureStart({ rounds, full, commit = 'HEAD' }: { rounds: number; full: boolean; commit?: string }): Promise<StartResults> {
  const loadBefore = loadAverage();
  const tree = exportCommit(commit);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'alzado-start-bench-data-'));
  try {
    const port = await freePort();
    const env = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      LOG_LEVEL: 'warn',
    };
    const npmStart: Command = { program: 'npm', args: ['start'], cwd: tree, env, serverProcess: npmStartServer };
    const { tunables, nodeOptions } = startScriptSettings(tree);
    const alone: Command = {
      program: process.execPath,
      args: [...nodeOptions, 'dist/server/server/main.js'],
      cwd: tree,
      env: { ...env, ...(tunables ? { GLIBC_TUNABLES: tunables } : {}) },
      serverProcess: (pid) => pid,
    };
    const bareServer = `require('node:http').createServer((request, response) => response.end('{"status":"ok"}')).listen(${port}, '127.0.0.1')`;
    const bare: Command = { program: process.execPath, args: ['-e', bareServer], cwd: tree, env, serverProcess: (pid) => pid };

    // The fresh copy has no dist: this start builds both, and creates the database in DATA_DIR.
    const first = await timeStart('npm start, first (builds both)', npmStart, port);
    const starts: Record<'bare' | 'alone' | 'second', Start[]> = { bare: [], alone: [], second: [] };
    for (let round = 0; round < rounds; round += 1) {
      starts.second.push(await timeStart('npm start, second (nothing changed)', npmStart, port, { settled: full && round === 0 }));
      starts.alone.push(await timeStart('baseline: the built server alone', alone, port, { settled: full && round === 0 }));
      starts.bare.push(await timeStart('baseline: bare node http server', bare, port));
    }
    let afterServerChange: Start | undefined;
    if (full) {
      fs.appendFileSync(path.join(tree, 'src/server/app.ts'), '\n// changed by bench/start.ts\n');
      afterServerChange = await timeStart('npm start after a server file changed', npmStart, port);
    }
    const second = { ...medianStart(starts.second), settledMb: starts.second[0]!.settledMb };
    return {
      bare: medianStart(starts.bare),
      alone: { ...medianStart(starts.alone), settledMb: starts.alone[0]!.settledMb },
      first,
      second,
      afterServerChange,
      rounds,
      commit,
      loadBefore,
      loadAfter: loadAverage(),
    };
  } finally {
    fs.rmSync(tree, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function budgetLines(results: StartResults): BudgetLine[] {
  const { bare, alone, second } = results;
  const baseline = `the built server alone ${alone.seconds.toFixed(2)} s, ${alone.idleMb.toFixed(0)} MB; bare node http server ${bare.seconds.toFixed(2)} s, ${bare.idleMb.toFixed(0)} MB`;
  return [
    {
      bench: 'start',
      measure: 'second npm start, command to GET /api/health 200',
      value: Number(second.seconds.toFixed(2)),
      unit: 's',
      budget: `<= ${BUDGET.secondStartSeconds} s`,
      pass: second.seconds <= BUDGET.secondStartSeconds,
      baseline,
    },
    {
      bench: 'start',
      measure: `server RSS ${IDLE_READING_MS / 1000} s after the second start`,
      value: Number(second.idleMb.toFixed(1)),
      unit: 'MB',
      budget: `<= ${BUDGET.idleRssMb} MB`,
      pass: second.idleMb <= BUDGET.idleRssMb,
      baseline,
    },
    {
      bench: 'start',
      measure: 'second npm start, CPU time of its processes until healthy',
      value: Number(second.cpuSeconds.toFixed(2)),
      unit: 's',
      budget: '',
      pass: null,
      baseline: `the built server alone ${alone.cpuSeconds.toFixed(2)} s of CPU`,
    },
    {
      bench: 'start',
      measure: 'second npm start over the server alone (npm and the build check)',
      value: Number((second.seconds / alone.seconds).toFixed(2)),
      unit: 'x',
      budget: '',
      pass: null,
      baseline: `the built server alone ${alone.seconds.toFixed(2)} s`,
    },
  ];
}

function printResults(results: StartResults): void {
  const rows = [results.bare, results.alone, results.first, results.second, ...(results.afterServerChange ? [results.afterServerChange] : [])];
  console.log(
    `\nnpm start on a copy of ${results.commit}; median of ${results.rounds} round(s) for the second start and the baselines; RSS from /proc/<pid>/status of the server's node process`,
  );
  console.log(
    `${'start'.padEnd(44)} ${'to 200 (s)'.padStart(10)} ${'x alone'.padStart(8)} ${'CPU (s)'.padStart(8)} ${`RSS ${IDLE_READING_MS / 1000} s (MB)`.padStart(14)} ${`RSS ${SETTLED_READING_MS / 1000} s (MB)`.padStart(15)}`,
  );
  for (const start of rows) {
    const settled = start.settledMb === undefined ? '' : start.settledMb.toFixed(1);
    console.log(
      `${start.name.padEnd(44)} ${start.seconds.toFixed(2).padStart(10)} ${(start.seconds / results.alone.seconds).toFixed(2).padStart(8)} ${start.cpuSeconds.toFixed(2).padStart(8)} ${start.idleMb.toFixed(1).padStart(14)} ${settled.padStart(15)}`,
    );
  }
  const said = (start: Start) =>
    start.output
      .split('\n')
      .filter((line) => line.startsWith('npm start:'))
      .join(' | ');
  console.log(`\nfirst start said: ${said(results.first)}`);
  console.log(`second start said: ${said(results.second)}`);
  if (results.afterServerChange) console.log(`after the change: ${said(results.afterServerChange)}`);
  console.log(`${results.loadBefore} before, ${results.loadAfter} after`);
}

export const run: BenchRun = async ({ short }) => {
  const results = await measureStart({ rounds: 1, full: !short });
  printResults(results);
  return budgetLines(results);
};

if (isMainModule(import.meta.url)) {
  const option = (name: string) => process.argv.find((argument) => argument.startsWith(`--${name}=`))?.slice(name.length + 3);
  const results = await measureStart({ rounds: Number(option('rounds') ?? 3), full: true, commit: option('at') ?? 'HEAD' });
  printResults(results);
  for (const line of budgetLines(results)) {
    console.log(`${line.measure}: ${line.value} ${line.unit}${line.budget ? ` (budget ${line.budget}: ${line.pass ? 'pass' : 'FAIL'})` : ''}`);
  }
}
