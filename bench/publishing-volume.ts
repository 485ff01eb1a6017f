/**
 * Publishing at volume (issue 14, goal 5; docs/decisions/020): 1,000 posts due at the same hour for 100
 * studios, each with her own LinkedIn member and Instagram account in the sandbox, which answers every API
 * call after 100 ms. The app is one process (this one: its routes, its /media that Meta downloads from,
 * its job worker and sweep as main.ts starts them); the sandbox another, as the networks are elsewhere.
 * The posts are written into the database in bulk, scheduled for a day; the app's clock reads two seconds
 * before that day's publish hour when the sweep and the worker start, and the bench waits for the last
 * post. Every run is another day, at the sandbox too (its clock moved a day), so no account's daily or
 * hourly count carries over. The baseline: the same with the old concurrency (two jobs at once) on a
 * sample, its rate projected to the 1,000 posts; and the floor, each post's calls in a row at the
 * latency, the posts shared among the jobs at once.
 *   npx tsx bench/publishing-volume.ts [sqlite|postgres] [--short] [--concurrency=32[,64...]] [--studios=100] [--per-studio=10] [--latency=100]
 * postgres needs DATABASE_URL_TEST.
 */
import { createConnectors } from '../src/server/features/social/adapters.ts';
import { type Publishing, createPublishing } from '../src/server/features/publishing/service.ts';
import { createLocalStorage } from '../src/server/adapters/storage/local-storage.ts';
import { DEFAULT_JOB_CONCURRENCY, createJobWorker } from '../src/server/jobs/job-worker.ts';
import type { SandboxUsage } from '../src/sandbox/usage.ts';
import { sandboxAdapters, sandboxClients } from '../src/server/test-support/social-sandbox.ts';
import type { BenchDialect } from './support/bench-app.ts';
import { type StudiosEnv, cpuMsOf, seedDuePosts, startStudios } from './support/publishing-studios.ts';
import { type BenchRun, type BudgetLine, isMainModule } from './support/summary.ts';
import { loadAverage } from './support/machine-load.ts';

const OLD_CONCURRENCY = 2;
const BUDGET_SECONDS = 60;
/** The app's clock starts this long before the hour. */
const LEAD_MS = 2_000;
const DAY_MS = 86_400_000;
const silent = { info: () => {}, warn: () => {}, error: (details: unknown, message: string) => console.error(message, JSON.stringify(details)) };

export interface VolumeOptions {
  dialect: BenchDialect;
  studios: number;
  perStudio: number;
  latencyMs: number;
  /** The concurrencies measured at full size; the first is the one the budget is checked with. */
  concurrencies: number[];
  /** Posts of the baseline's sample (one per studio, the first studios). */
  baselinePosts: number;
}

export interface RunFigures {
  concurrency: number;
  posts: number;
  /** From the hour to the sweep's queuing the posts' jobs, to the first post published and to the last, by the app's clock. */
  queuedSeconds: number;
  firstPostSeconds: number;
  lastPostSeconds: number;
  postsPerSecond: number;
  /** The networks' API calls from the hour to the last post. */
  calls: number;
  callsPerSecond: number;
  /** Posts published once on each network, no more, no less, by the sandbox's records and the app's results. */
  exactlyOnce: number;
  problems: string[];
  /** Results that took more than one attempt (a retry) or did not end posted. */
  retried: number;
  /** This process's CPU time (the app: its routes, /media, the worker, SQLite) per post, from the hour to the last post. */
  appCpuMsPerPost: number;
  /** The sandbox's process's CPU time per post (the networks' side), when it could be read. */
  sandboxCpuMsPerPost: number | undefined;
  usage: SandboxUsage;
}

/** Each post's unique words ("Estudio 7, obra B, publicación 3:"), which LinkedIn's commentary and Instagram's caption both keep. */
const markOf = (text: string) => text.slice(0, text.indexOf(':') + 1);

async function publishAtTheHour(
  env: StudiosEnv,
  clock: { offsetMs: number },
  run: { day: string; label: string; concurrency: number; perStudio: number; studios?: number },
): Promise<RunFigures> {
  const db = env.t.database.db;
  const texts = await seedDuePosts(env, { day: run.day, perStudio: run.perStudio, label: run.label, studios: run.studios });
  // Publish hour 9 in Madrid; summer days, so 07:00 UTC.
  const hour = Date.parse(`${run.day}T07:00:00.000Z`);
  clock.offsetMs = hour - LEAD_MS - Date.now();
  const realHour = Date.now() + LEAD_MS;
  const sandboxHour = new Date(realHour + (await sandboxClockOffsetMs(env))).toISOString();
  const { publishing, worker } = publishingProcess(env, clock, run.concurrency);
  const cpuBefore = process.cpuUsage();
  const sandboxCpuBefore = env.sandboxPid === undefined ? undefined : cpuMsOf(env.sandboxPid);
  worker.start();
  publishing.sweep.start();
  const ids = [...texts.keys()];
  try {
    await waitForAll(env, ids, realHour);
  } finally {
    await Promise.all([publishing.sweep.stop(), worker.stop()]);
  }
  const cpu = process.cpuUsage(cpuBefore);
  const sandboxCpuMs = sandboxCpuBefore === undefined ? undefined : cpuMsOf(env.sandboxPid!) - sandboxCpuBefore;

  const published = await db.selectFrom('posts').select(['id', 'published_at']).where('id', 'in', ids).execute();
  const publishedAt = published.map((row) => new Date(row.published_at!).getTime());
  const lastPostSeconds = (Math.max(...publishedAt) - hour) / 1000;
  const jobs = await db
    .selectFrom('jobs')
    .select('created_at')
    .where(
      'subject',
      'in',
      ids.map((id) => `post:${id}`),
    )
    .execute();
  const queuedSeconds = (Math.max(...jobs.map((job) => new Date(job.created_at).getTime())) - hour) / 1000;
  const realLast = realHour + lastPostSeconds * 1000;
  const calls = (await env.sandbox.calls()).filter((call) => call.receivedAt >= realHour && call.receivedAt <= realLast).length;
  const { exactlyOnce, problems } = await checkExactlyOnce(env, texts);
  const retried = Number(
    (
      await db
        .selectFrom('post_results')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('post_id', 'in', ids)
        .where((eb) => eb.or([eb('attempts', '>', 1), eb('status', '<>', 'posted')]))
        .executeTakeFirstOrThrow()
    ).n,
  );
  return {
    concurrency: run.concurrency,
    posts: ids.length,
    queuedSeconds,
    firstPostSeconds: (Math.min(...publishedAt) - hour) / 1000,
    lastPostSeconds,
    postsPerSecond: ids.length / lastPostSeconds,
    calls,
    callsPerSecond: calls / lastPostSeconds,
    exactlyOnce,
    problems,
    retried,
    appCpuMsPerPost: (cpu.user + cpu.system) / 1000 / ids.length,
    sandboxCpuMsPerPost: sandboxCpuMs === undefined ? undefined : sandboxCpuMs / ids.length,
    usage: await env.sandbox.control('usage', sandboxHour),
  };
}

/** The sandbox's clock ahead of the real one (its control API says), in ms. */
async function sandboxClockOffsetMs(env: StudiosEnv): Promise<number> {
  const control = (await (await fetch(`${env.sandbox.base}/control`)).json()) as { clockOffsetSeconds: number };
  return control.clockOffsetSeconds * 1000;
}

/** Publishing, its sweep and the job worker, wired as app.ts and main.ts wire them, on the app's database, storage and accounts. */
function publishingProcess(
  env: StudiosEnv,
  clock: { offsetMs: number },
  concurrency: number,
): { publishing: Publishing; worker: ReturnType<typeof createJobWorker> } {
  const { t, publicUrl, sandbox } = env;
  const db = t.database.db;
  const now = () => new Date(Date.now() + clock.offsetMs);
  const adapters = sandboxAdapters(sandbox, { timeoutMs: 15_000 });
  const clients = sandboxClients(sandbox, { timeoutMs: 15_000 });
  const social = {
    db,
    dialect: t.database.dialect,
    publicUrl,
    now,
    cipher: adapters.cipher,
    connectors: createConnectors(adapters, { cipher: adapters.cipher, log: silent, now }),
    log: silent,
  };
  const handlers: Parameters<typeof createJobWorker>[0]['handlers'] = {};
  // Due by the moved clock, as the sandbox's moves the app's; leases on the machine's (docs/decisions/035).
  const worker = createJobWorker({
    db,
    dialect: t.database.dialect,
    handlers,
    log: silent,
    concurrency: { 'publish-post': concurrency },
    now,
    leaseClock: () => new Date(),
  });
  const publishing = createPublishing({
    db,
    dialect: t.database.dialect,
    storage: createLocalStorage({ root: t.mediaDir, publicUrl }),
    log: silent,
    events: t.events,
    social,
    clients: { linkedin: clients.linkedin, instagram: clients.instagram },
    mailer: { send: async () => {} },
    publicUrl,
    now,
    wakeJobs: () => worker.wake(),
  });
  handlers['publish-post'] = publishing.handler;
  return { publishing, worker };
}

async function waitForAll(env: StudiosEnv, ids: number[], realHour: number): Promise<void> {
  const db = env.t.database.db;
  const limitMs = 15 * 60_000;
  let toldAt = Date.now();
  for (;;) {
    const row = await db
      .selectFrom('posts')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('id', 'in', ids)
      .where('state', '=', 'published')
      .executeTakeFirstOrThrow();
    if (Number(row.n) === ids.length) return;
    if (Date.now() - toldAt > 10_000) {
      toldAt = Date.now();
      process.stderr.write(`  ${row.n} of ${ids.length} published, ${((Date.now() - realHour) / 1000).toFixed(0)} s after the hour\n`);
    }
    if (Date.now() - realHour > limitMs)
      throw new Error(`${ids.length - Number(row.n)} of ${ids.length} posts still unpublished ${limitMs / 60_000} minutes after the hour`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Each post once on each network: one LinkedIn post and one Instagram media carry its words, and its results say posted with their ids. */
async function checkExactlyOnce(env: StudiosEnv, texts: Map<number, string>): Promise<{ exactlyOnce: number; problems: string[] }> {
  const overview = await env.sandbox.control('published');
  const count = new Map<string, { linkedin: string[]; instagram: string[] }>();
  const marks = new Map([...texts].map(([id, text]) => [markOf(text), id]));
  const entry = (mark: string) => count.get(mark) ?? count.set(mark, { linkedin: [], instagram: [] }).get(mark)!;
  // The words come first in both: LinkedIn's commentary (its little text escapes none of them) and the caption.
  for (const post of overview.linkedin) if (marks.has(markOf(post.commentary))) entry(markOf(post.commentary)).linkedin.push(post.id);
  for (const media of overview.instagram) if (marks.has(markOf(media.caption))) entry(markOf(media.caption)).instagram.push(media.id);
  const results = await env.t.database.db
    .selectFrom('post_results')
    .select(['post_id', 'network', 'status', 'remote_id'])
    .where('post_id', 'in', [...texts.keys()])
    .execute();
  const problems: string[] = [];
  let exactlyOnce = 0;
  for (const [mark, postId] of marks) {
    const found = count.get(mark) ?? { linkedin: [], instagram: [] };
    const recorded = (network: string) => results.find((result) => result.post_id === postId && result.network === network);
    const ok = (['linkedin', 'instagram'] as const).every(
      (network) => found[network].length === 1 && recorded(network)?.status === 'posted' && recorded(network)?.remote_id === found[network][0],
    );
    if (ok) exactlyOnce += 1;
    else
      problems.push(
        `${mark} LinkedIn ${found.linkedin.length}, Instagram ${found.instagram.length}, results ${JSON.stringify(results.filter((result) => result.post_id === postId))}`,
      );
  }
  return { exactlyOnce, problems };
}

/** The busiest account's figures against the limits: per run, from the hour on (the limits' own windows for the counts). */
function limitsOf(usage: SandboxUsage) {
  const max = (values: number[]) => Math.max(0, ...values);
  return {
    graphCallsPerUserHour: max(usage.meta.map((entry) => entry.callsLastHour)),
    linkedinPostsPerMemberDay: max(usage.linkedin.map((entry) => entry.postsToday)),
    instagramPostsPerAccountDay: max(usage.meta.flatMap((entry) => entry.accounts.map((account) => account.publishedLast24h))),
    containersPerAccountDay: max(usage.meta.flatMap((entry) => entry.accounts.map((account) => account.containersLast24h))),
    busiestAccountSecond: max([...usage.meta, ...usage.linkedin].map((entry) => entry.busiestSecond)),
    callsPerAccount: max([...usage.meta, ...usage.linkedin].map((entry) => entry.calls)),
  };
}

export interface VolumeFigures {
  options: VolumeOptions;
  baseline: RunFigures;
  runs: RunFigures[];
  setupSeconds: number;
  load: { before: string; after: string };
}

export async function measureVolume(options: VolumeOptions): Promise<VolumeFigures> {
  const clock = { offsetMs: 0 };
  const before = loadAverage();
  const setupStarted = performance.now();
  const env = await startStudios({ dialect: options.dialect, studios: options.studios, now: () => new Date(Date.now() + clock.offsetMs) });
  try {
    const setupSeconds = (performance.now() - setupStarted) / 1000;
    await env.sandbox.control('configure', { linkedin: { latencyMs: options.latencyMs }, meta: { latencyMs: options.latencyMs } });
    let day = 1;
    const nextDay = async () => {
      // A new day at the networks too: no account's daily or hourly count carries over from the run before.
      if (day > 1) await env.sandbox.control('advanceTime', DAY_MS / 1000);
      // Days gone by: the job worker's clock is the real one, and a job the sweep queues at the app's hour must be due to it.
      return `2025-07-${String(day++).padStart(2, '0')}`;
    };
    const baseline = await publishAtTheHour(env, clock, {
      day: await nextDay(),
      label: 'base',
      concurrency: OLD_CONCURRENCY,
      perStudio: 1,
      studios: options.baselinePosts,
    });
    const runs: RunFigures[] = [];
    for (const [index, concurrency] of options.concurrencies.entries()) {
      runs.push(
        await publishAtTheHour(env, clock, { day: await nextDay(), label: String.fromCharCode(65 + index), concurrency, perStudio: options.perStudio }),
      );
    }
    return { options, baseline, runs, setupSeconds, load: { before, after: loadAverage() } };
  } finally {
    await env.close();
  }
}

/** Each post's calls in a row at the latency, the posts shared among the jobs at once: no worker does better. */
const floorSeconds = (run: RunFigures, latencyMs: number) => ((run.calls / run.posts) * latencyMs * run.posts) / run.concurrency / 1000;

function printFigures(figures: VolumeFigures): void {
  const { options, baseline, runs } = figures;
  console.log(
    `\n${options.studios} studios, ${options.perStudio} posts each, both networks, one image; the sandbox answers every call after ${options.latencyMs} ms; database ${options.dialect}`,
  );
  console.log(`load: before ${figures.load.before}; after ${figures.load.after}`);
  console.log(
    `set-up: ${figures.setupSeconds.toFixed(0)} s (${options.studios} customers signed in and connected to both networks through the sandbox's OAuth)`,
  );
  const head = [
    'jobs at once',
    'posts',
    'queued s',
    'first post s',
    'last post s',
    'floor s',
    'posts/s',
    'app CPU ms/post',
    'sandbox CPU ms/post',
    'calls',
    'calls/s',
    'acct calls',
    'acct max/s',
    'graph/user/h',
    'li posts/member',
    'ig posts/acct',
    'containers/acct',
    'exactly once',
    'retried',
    'refusals',
  ];
  console.log(head.join(' | '));
  for (const run of [baseline, ...runs]) {
    const limits = limitsOf(run.usage);
    console.log(
      [
        run === baseline ? `${run.concurrency} (before)` : String(run.concurrency),
        run.posts,
        run.queuedSeconds.toFixed(2),
        run.firstPostSeconds.toFixed(1),
        run.lastPostSeconds.toFixed(1),
        floorSeconds(run, options.latencyMs).toFixed(1),
        run.postsPerSecond.toFixed(2),
        run.appCpuMsPerPost.toFixed(1),
        run.sandboxCpuMsPerPost?.toFixed(1) ?? '?',
        run.calls,
        run.callsPerSecond.toFixed(1),
        limits.callsPerAccount,
        limits.busiestAccountSecond,
        limits.graphCallsPerUserHour,
        limits.linkedinPostsPerMemberDay,
        limits.instagramPostsPerAccountDay,
        limits.containersPerAccountDay,
        `${run.exactlyOnce}/${run.posts}`,
        run.retried,
        run.usage.refusals.length,
      ].join(' | '),
    );
    for (const problem of run.problems.slice(0, 5)) console.log(`  not exactly once: ${problem}`);
  }
  const { limits } = baseline.usage;
  console.log(
    `limits: Graph ${limits.meta.callsPerUserPerHour} calls per user per hour; LinkedIn ${limits.linkedin.postsPerDay} posts per member per day; Instagram ${limits.meta.quotaTotal} posts and ${limits.meta.containersPerDay} containers per account per 24 h`,
  );
  console.log(
    `before (${OLD_CONCURRENCY} at once): ${baseline.postsPerSecond.toFixed(2)} posts/s, so ${options.studios * options.perStudio} posts in ${((options.studios * options.perStudio) / baseline.postsPerSecond).toFixed(0)} s`,
  );
}

export function budgetLines(figures: VolumeFigures): BudgetLine[] {
  const { options, baseline } = figures;
  const run = figures.runs[0]!;
  const limits = limitsOf(run.usage);
  const total = options.studios * options.perStudio;
  const before = `${OLD_CONCURRENCY} jobs at once (before): ${baseline.postsPerSecond.toFixed(2)} posts/s on ${baseline.posts} posts, ${(total / baseline.postsPerSecond).toFixed(0)} s for ${total}`;
  const bench = 'publishing';
  const clean = run.exactlyOnce === run.posts && run.problems.length === 0;
  return [
    {
      bench,
      measure: `time to the last post from the hour (${total} posts, ${options.studios} studios, ${options.latencyMs} ms a call, ${run.concurrency} at once)`,
      value: round(run.lastPostSeconds, 1),
      unit: 's',
      budget: `<= ${BUDGET_SECONDS} s`,
      pass: run.lastPostSeconds <= BUDGET_SECONDS && clean,
      baseline: `${before}; floor ${floorSeconds(run, options.latencyMs).toFixed(1)} s (calls in a row x latency / jobs at once)`,
    },
    {
      bench,
      measure: 'speed-up over two jobs at once',
      value: round(run.postsPerSecond / baseline.postsPerSecond, 1),
      unit: 'x',
      budget: '',
      pass: null,
      baseline: before,
    },
    {
      bench,
      measure: 'posts published exactly once on both networks',
      value: run.exactlyOnce,
      unit: 'count',
      budget: `= ${run.posts}, no duplicate`,
      pass: clean,
      baseline: "the sandbox's records and the app's results",
    },
    {
      bench,
      measure: 'calls to the networks per second (all accounts)',
      value: round(run.callsPerSecond, 1),
      unit: 'calls/s',
      budget: '',
      pass: null,
      baseline: `${run.calls} calls in ${run.lastPostSeconds.toFixed(1)} s`,
    },
    {
      bench,
      measure: 'rate-limit refusals and retries',
      value: run.usage.refusals.length + run.retried,
      unit: 'count',
      budget: '= 0',
      pass: run.usage.refusals.length + run.retried === 0,
    },
    {
      bench,
      measure: 'max Graph calls of one user in the hour',
      value: limits.graphCallsPerUserHour,
      unit: 'count',
      budget: `<= ${run.usage.limits.meta.callsPerUserPerHour}`,
      pass: limits.graphCallsPerUserHour <= run.usage.limits.meta.callsPerUserPerHour,
      baseline: "Meta's 200 calls an hour per user",
    },
    {
      bench,
      measure: 'max LinkedIn posts of one member in the day',
      value: limits.linkedinPostsPerMemberDay,
      unit: 'count',
      budget: `<= ${run.usage.limits.linkedin.postsPerDay}`,
      pass: limits.linkedinPostsPerMemberDay <= run.usage.limits.linkedin.postsPerDay,
      baseline: 'Share on LinkedIn: 150 a member a day',
    },
    {
      bench,
      measure: 'max Instagram posts of one account in 24 h',
      value: limits.instagramPostsPerAccountDay,
      unit: 'count',
      budget: `<= ${run.usage.limits.meta.quotaTotal}`,
      pass: limits.instagramPostsPerAccountDay <= run.usage.limits.meta.quotaTotal,
      baseline: 'Content Publishing quota (50)',
    },
    {
      bench,
      measure: 'max calls of one account in one second',
      value: limits.busiestAccountSecond,
      unit: 'count',
      budget: '',
      pass: null,
      baseline: `${limits.callsPerAccount} calls at most per account in the run`,
    },
  ];
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));

function optionsOf(argv: string[], base: Partial<VolumeOptions>): VolumeOptions {
  const value = (name: string) => argv.find((argument) => argument.startsWith(`--${name}=`))?.split('=')[1];
  const short = argv.includes('--short');
  const concurrencies = value('concurrency')?.split(',').map(Number) ?? [DEFAULT_JOB_CONCURRENCY['publish-post']!];
  return {
    dialect: argv[0] === 'postgres' ? 'postgres' : 'sqlite',
    studios: Number(value('studios') ?? 100),
    perStudio: Number(value('per-studio') ?? 10),
    latencyMs: Number(value('latency') ?? 100),
    concurrencies,
    baselinePosts: Number(value('baseline') ?? (short ? 40 : 100)),
    ...base,
  };
}

export const run: BenchRun = async ({ short, dialect = 'sqlite' }) => budgetLines(await measureVolume(optionsOf(short ? ['--short'] : [], { dialect })));

if (isMainModule(import.meta.url)) {
  const figures = await measureVolume(optionsOf(process.argv.slice(2), {}));
  printFigures(figures);
  console.table(budgetLines(figures).map((line) => ({ measure: line.measure, value: line.value, unit: line.unit, budget: line.budget, pass: line.pass })));
  // Handles the test app leaves (the database pool, timers) would keep the process alive.
  process.exit(0);
}
