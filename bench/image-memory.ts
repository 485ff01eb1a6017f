/**
 * What uploading a large, small-on-disk photo costs the server's memory (issue 13, item 6): a 345 KB
 * JPEG of 7745 x 7745 pixels (60 megapixels, a plain ground, so it compresses), uploaded 8 times at
 * once by one signed-in customer over real HTTP to the app running in its own process. Prints the
 * app's resident memory idle, at its peak (sampled and the kernel's high-water mark) and 30 s after
 * the last answer, against the goals: peak at most 600 MB, back to at most 1.3 x idle within 30 s.
 *   npx tsx bench/image-memory.ts [sqlite|postgres] [--uploads=8] [--glibc-default]
 * postgres needs DATABASE_URL_TEST. The app runs with the GLIBC_TUNABLES of package.json's start script
 * (--glibc-default: without, to see what glibc's dynamic mmap threshold keeps).
 */
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import type { BenchDialect } from './support/bench-app.ts';
import { BENCH_ADMIN, residentMemory, resetPeakMemory, startAppProcess } from './support/app-process.ts';

const GOAL = { peakBytes: 600 * 1024 * 1024, settledRatio: 1.3, settleSeconds: 30 } as const;
const SIDE = 7745;
const dialect: BenchDialect = process.argv[2] === 'postgres' ? 'postgres' : 'sqlite';
const uploads = Number(process.argv.find((argument) => argument.startsWith('--uploads='))?.split('=')[1] ?? 8);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// A real JPEG: baseline, 4:2:0, quality 80, one flat colour, which is what makes 60 megapixels fit in 345 KB.
const photo = await sharp({ create: { width: SIDE, height: SIDE, channels: 3, background: '#d8d2c4' } })
  .jpeg({ quality: 80 })
  .toBuffer();
const header = await sharp(photo).metadata();
console.log(
  `photo: JPEG ${header.width} x ${header.height} (${((header.width! * header.height!) / 1e6).toFixed(1)} megapixels), ${(photo.length / 1024).toFixed(0)} KB`,
);

// The allocator setting `npm start` gives the app (package.json), unless --glibc-default asks for glibc's own.
const startScript = (JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: { start: string } }).scripts.start;
const tunables = process.argv.includes('--glibc-default') ? undefined : /GLIBC_TUNABLES=(\S+)/.exec(startScript)?.[1];
console.log(`app: src/server/main.ts in its own process (tsx), GLIBC_TUNABLES=${tunables ?? '(unset: glibc defaults)'}`);
const app = await startAppProcess(dialect, tunables ? { GLIBC_TUNABLES: tunables } : {});
try {
  const origin = { origin: app.url };
  const signIn = async (email: string, password: string) => {
    const response = await fetch(`${app.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...origin },
      body: JSON.stringify({ email, password }),
    });
    if (response.status !== 200) throw new Error(`sign-in as ${email}: ${response.status} ${await response.text()}`);
    return response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0])
      .join('; ');
  };
  const send = async (method: string, path: string, cookie: string, body: unknown, expected: number) => {
    const response = await fetch(`${app.url}${path}`, {
      method,
      headers: { cookie, 'content-type': 'application/json', ...origin },
      body: JSON.stringify(body),
    });
    if (response.status !== expected) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<{ id: number }>;
  };

  const admin = await signIn(BENCH_ADMIN.email, BENCH_ADMIN.password);
  const customer = { first_name: 'Clara', last_name: 'Bench', email: 'clara@bench.local', phone: '600000000', role: 'customer', password: 'clave-clara-1' };
  await send('POST', '/api/users', admin, customer, 201);
  const cookie = await signIn(customer.email, customer.password);
  const projects: number[] = [];
  for (let index = 0; index < uploads; index += 1) {
    projects.push((await send('POST', '/api/projects', cookie, { title: `Casa ${index + 1}`, description: 'Una casa grande' }, 201)).id);
  }

  // Idle: after start-up and the requests above, settled for a while, averaged over two seconds.
  await sleep(5_000);
  const idleSamples: number[] = [];
  for (let sample = 0; sample < 20; sample += 1) {
    idleSamples.push(residentMemory(app.pid).rss);
    await sleep(100);
  }
  const idle = idleSamples.reduce((sum, value) => sum + value, 0) / idleSamples.length;
  resetPeakMemory(app.pid);

  let sampledPeak = 0;
  const timeline: { at: number; rss: number }[] = [];
  const started = performance.now();
  const sampler = setInterval(() => {
    const { rss } = residentMemory(app.pid);
    sampledPeak = Math.max(sampledPeak, rss);
    timeline.push({ at: performance.now() - started, rss });
  }, 20);

  const answers = await Promise.all(
    projects.map(async (projectId, index) => {
      const form = new FormData();
      form.append('files', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `grande-${index + 1}.jpg`);
      const response = await fetch(`${app.url}/api/projects/${projectId}/images`, { method: 'POST', headers: { cookie, ...origin }, body: form });
      const body = (await response.json()) as { images?: unknown[]; rejected?: unknown[]; error?: { code: string } };
      return { status: response.status, kept: body.images?.length ?? 0, code: body.error?.code, ms: performance.now() - started };
    }),
  );
  const answered = performance.now() - started;
  const kernelPeak = residentMemory(app.pid).peak;
  await sleep(GOAL.settleSeconds * 1000);
  clearInterval(sampler);
  const settled = residentMemory(app.pid).rss;
  const backAt = timeline.find((sample) => sample.at >= answered && sample.rss <= idle * GOAL.settledRatio)?.at;

  const statuses = answers.map((answer) => `${answer.status}${answer.code ? ` ${answer.code}` : ''}`);
  console.log(
    `database: ${dialect}; ${uploads} uploads at once by one customer; answers: ${[...new Set(statuses)].map((status) => `${statuses.filter((s) => s === status).length} x ${status}`).join(', ')}; images kept: ${answers.reduce((sum, answer) => sum + answer.kept, 0)}`,
  );
  console.log(`answered in ${(Math.min(...answers.map((answer) => answer.ms)) / 1000).toFixed(1)} s (first) to ${(answered / 1000).toFixed(1)} s (last)`);
  const peak = Math.max(sampledPeak, kernelPeak);
  const rows: [string, string, string, string][] = [
    ['idle RSS', mb(idle), '', ''],
    ['peak RSS (sampled every 20 ms / VmHWM)', `${mb(sampledPeak)} / ${mb(kernelPeak)}`, `<= ${mb(GOAL.peakBytes)}`, peak <= GOAL.peakBytes ? 'met' : 'MISSED'],
    ['peak over idle', `${(peak / idle).toFixed(2)}x`, '', ''],
    [
      `RSS ${GOAL.settleSeconds} s after the last answer`,
      `${mb(settled)} (${(settled / idle).toFixed(2)}x idle)`,
      `<= ${GOAL.settledRatio}x idle`,
      settled <= idle * GOAL.settledRatio ? 'met' : 'MISSED',
    ],
    [
      `back under ${GOAL.settledRatio}x idle`,
      backAt === undefined ? 'not within the run' : `${((backAt - answered) / 1000).toFixed(1)} s after the last answer`,
      '',
      '',
    ],
  ];
  for (const [name, value, goal, verdict] of rows) console.log(`${name.padEnd(40)} ${value.padStart(28)}   ${goal.padEnd(14)} ${verdict}`);
} finally {
  await app.stop();
}
