/**
 * The upload pipeline's time against a bare sharp script doing the same image work (issue 14, goal 4).
 * 10 camera-like JPEGs of about 5 MB each (support/camera-photos.ts: 12 to 18 megapixels, four to turn
 * upright, a camera's EXIF and ICC profile) are uploaded as the browser does (one multipart POST
 * /api/projects/:id/images with the 10 files, src/web/features/projects/api/upload-images.ts), by a
 * signed-in customer over real HTTP, to the app running from source in its own process; the bare
 * script (support/bare-image-work.ts) runs in another process started the same way and does per photo
 * what the pipeline writes (project-image.ts): the photo turned upright and re-encoded as a baseline
 * JPEG at quality 92 with standard tables, full size, and a 480 px WebP thumbnail at quality 80 decoded
 * from the upload; both write the two files. Each round is one upload of the 10 (a new project) and one
 * bare round, alternating which goes first; the budget is the median over rounds of app time / bare
 * time, at most 1.3. After the run, every output is checked to have the same size in bytes in both.
 * The CPU time of each process per round and its peak RSS (VmHWM from /proc, reset after a warm-up
 * round of each) are printed too.
 *
 * Left in the app's time on purpose, as the work of an upload: receiving 50 MB over loopback HTTP and
 * parsing the multipart body into one buffer per file, the session and project checks, reading each
 * header before decoding and the memory gate (src/server/lib/image-work.ts: 2 images at once), hashing
 * each output for its name, a database row per image and the answer listing them. The bare script
 * reads each photo from its file (the page cache) into memory, where the app receives it, and does
 * nothing else but the sharp work and the files, with as many photos at once as the machine has cores;
 * so the ratio is what the upload path costs on top of sharp. The bench encodes the multipart body
 * before the clock starts (its own work is not the app's).
 *   npx tsx bench/image-pipeline.ts [sqlite|postgres] [--rounds=9] [--short (5 rounds, as npm run bench)]
 * postgres needs DATABASE_URL_TEST. The photos are made once (about a minute) and kept in the system's
 * temporary folder.
 */
import { type ChildProcess, fork, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { BareRound } from './support/bare-image-work.ts';
import { type AppProcess, BENCH_ADMIN, residentMemory, resetPeakMemory, startAppProcess } from './support/app-process.ts';
import type { BenchDialect } from './support/bench-app.ts';
import { type CameraPhoto, cameraPhotos } from './support/camera-photos.ts';
import { type BenchRun, type BudgetLine, isMainModule } from './support/summary.ts';

const BUDGET = 1.3;
/** Rounds of 10 photos each side (about 5 s a side here); --short and npm run bench take fewer. */
const ROUNDS = 9;
const SHORT_ROUNDS = 5;
const mb = (bytes: number) => bytes / 1024 / 1024;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

interface UploadedImage {
  original_name: string;
  bytes: number;
  width: number;
  height: number;
  thumbnail_url: string;
}

interface Figures {
  photos: CameraPhoto[];
  app: { rounds: number[]; cpu: number[]; idle: number; peak: number; images: UploadedImage[] };
  bare: { rounds: number[]; cpu: number[]; idle: number; peak: number; written: BareRound['written'] };
  sameOutput: boolean;
  load: [number, number];
}

/** The allocator setting `npm start` gives the app (package.json), given to both processes. */
function startTunables(): Record<string, string> {
  const startScript = (JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: { start: string } }).scripts.start;
  const tunables = /GLIBC_TUNABLES=(\S+)/.exec(startScript)?.[1];
  return tunables ? { GLIBC_TUNABLES: tunables } : {};
}

/** A customer signed in to the app, able to create projects and upload to them as the browser does. */
async function customerOf(app: AppProcess) {
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
  const send = async (cookie: string, path: string, body: unknown) => {
    const response = await fetch(`${app.url}${path}`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', ...origin },
      body: JSON.stringify(body),
    });
    if (response.status !== 201) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { id: number };
  };
  const admin = await signIn(BENCH_ADMIN.email, BENCH_ADMIN.password);
  await send(admin, '/api/users', {
    first_name: 'Clara',
    last_name: 'Bench',
    email: 'clara@bench.local',
    phone: '600000000',
    role: 'customer',
    password: 'clave-clara-1',
  });
  const cookie = await signIn('clara@bench.local', 'clave-clara-1');
  let projects = 0;
  return {
    /** Uploads the photos to a new project in one multipart request; the milliseconds from sending to the whole answer. */
    async upload(photos: CameraPhoto[]): Promise<{ ms: number; images: UploadedImage[] }> {
      projects += 1;
      const { id } = await send(cookie, '/api/projects', { title: `Casa ${projects}`, description: 'Fotos de la obra' });
      const form = new FormData();
      for (const photo of photos) form.append('files', new Blob([new Uint8Array(photo.body)], { type: 'image/jpeg' }), photo.name);
      // The multipart body the browser would send, encoded before the clock starts: the bench's own work
      // of encoding it is not the app's (it shares the machine's two cores with it).
      const encoded = new Request(`${app.url}/api/projects/${id}/images`, { method: 'POST', headers: { cookie, ...origin }, body: form });
      const body = Buffer.from(await encoded.arrayBuffer());
      const headers = { cookie, ...origin, 'content-type': encoded.headers.get('content-type')! };
      const started = performance.now();
      const response = await fetch(encoded.url, { method: 'POST', headers, body });
      const answer = (await response.json()) as { images?: UploadedImage[]; rejected?: unknown[] };
      const ms = performance.now() - started;
      if (response.status !== 200 || answer.images?.length !== photos.length)
        throw new Error(`upload: ${response.status} ${JSON.stringify(answer).slice(0, 500)}`);
      return { ms, images: answer.images };
    },
    async bytesAt(url: string): Promise<number> {
      const response = await fetch(url, { headers: { cookie } });
      if (response.status !== 200) throw new Error(`GET ${url}: ${response.status}`);
      return (await response.arrayBuffer()).byteLength;
    },
  };
}

/** The bare script in its own process, started as the app is (node --import tsx, same environment). */
async function startBare(files: string[], env: Record<string, string>) {
  const child: ChildProcess = fork(path.join(import.meta.dirname, 'support/bare-image-work.ts'), files, {
    cwd: path.resolve(import.meta.dirname, '..'),
    execArgv: ['--import', 'tsx'],
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = <T>() =>
    new Promise<T>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`the bare script exited (${code})`));
      child.once('exit', onExit);
      child.once('message', (message) => {
        child.off('exit', onExit);
        resolve(message as T);
      });
    });
  await next<'ready'>();
  return {
    pid: child.pid!,
    round: async () => {
      const answer = next<BareRound>();
      child.send('round');
      return answer;
    },
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send('stop');
      await exited;
    },
  };
}

/** The CPU time a process has used so far, user and system, in milliseconds (/proc/<pid>/stat, in clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Idle RSS: the mean of 20 readings over 2 s, after a rest. */
async function idleMemory(pid: number): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  let sum = 0;
  for (let sample = 0; sample < 20; sample += 1) {
    sum += residentMemory(pid).rss;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return sum / 20;
}

async function measure(dialect: BenchDialect, rounds: number): Promise<Figures> {
  const photos = await cameraPhotos();
  const env = startTunables();
  const load0 = os.loadavg()[0]!;
  const app = await startAppProcess(dialect, env);
  const bare = await startBare(
    photos.map((photo) => photo.file),
    env,
  );
  try {
    const customer = await customerOf(app);
    // Idle: the app signed in to, the bare script started. Then a warm-up round each
    // (libvips's codecs, the app's first upload), and the high-water marks from there.
    const [appIdle, bareIdle] = await Promise.all([idleMemory(app.pid), idleMemory(bare.pid)]);
    await customer.upload(photos);
    await bare.round();
    resetPeakMemory(app.pid);
    resetPeakMemory(bare.pid);
    const appRounds: number[] = [];
    const bareRounds: number[] = [];
    const appCpu: number[] = [];
    const bareCpu: number[] = [];
    let images: UploadedImage[] = [];
    let written: BareRound['written'] = [];
    for (let round = 0; round < rounds; round += 1) {
      // App, bare, bare, app...: neither always runs first.
      const order = round % 2 === 0 ? ['app', 'bare'] : ['bare', 'app'];
      for (const side of order) {
        // The other side's files go to disk now, not during this side's round.
        spawnSync('sync');
        if (side === 'app') {
          const cpuBefore = cpuMs(app.pid);
          const upload = await customer.upload(photos);
          appCpu.push(cpuMs(app.pid) - cpuBefore);
          appRounds.push(upload.ms);
          images = upload.images;
        } else {
          const cpuBefore = cpuMs(bare.pid);
          const result = await bare.round();
          bareCpu.push(cpuMs(bare.pid) - cpuBefore);
          bareRounds.push(result.ms);
          written = result.written;
        }
      }
    }
    const appPeak = residentMemory(app.pid).peak;
    const barePeak = residentMemory(bare.pid).peak;
    // The same work: every photo's full-size JPEG and its thumbnail are the same number of bytes in both.
    let sameOutput = images.length === written.length;
    for (const image of images) {
      const twin = written.find((entry) => entry.name === image.original_name);
      sameOutput &&= twin !== undefined && twin.originalBytes === image.bytes && twin.thumbnailBytes === (await customer.bytesAt(image.thumbnail_url));
    }
    return {
      photos,
      app: { rounds: appRounds, cpu: appCpu, idle: appIdle, peak: appPeak, images },
      bare: { rounds: bareRounds, cpu: bareCpu, idle: bareIdle, peak: barePeak, written },
      sameOutput,
      load: [load0, os.loadavg()[0]!],
    };
  } finally {
    await bare.stop();
    await app.stop();
  }
}

/** Each round's app time over the bare script's in the same round (run one after the other), and their median: what load the machine had then weighs on both. */
const ratioOf = (figures: Figures) => median(figures.app.rounds.map((ms, round) => ms / figures.bare.rounds[round]!));

function budgetLines(figures: Figures): BudgetLine[] {
  const appMs = median(figures.app.rounds);
  const bareMs = median(figures.bare.rounds);
  const ratio = ratioOf(figures);
  return [
    {
      bench: 'images',
      measure: `upload of 10 photos of ~5 MB over HTTP (median of ${figures.app.rounds.length} rounds)`,
      value: ratio,
      unit: 'x',
      budget: `<= ${BUDGET}x bare sharp`,
      pass: ratio <= BUDGET && figures.sameOutput,
      baseline: `bare sharp script, same decode/rotate/resize/encode and files, own process (median ${(bareMs / 1000).toFixed(2)} s; app ${(appMs / 1000).toFixed(2)} s)`,
    },
    {
      bench: 'images',
      measure: 'peak RSS of the app during the uploads',
      value: Math.round(mb(figures.app.peak)),
      unit: 'MB',
      budget: '',
      pass: null,
      baseline: `idle ${mb(figures.app.idle).toFixed(0)} MB`,
    },
    {
      bench: 'images',
      measure: 'peak RSS of the bare sharp script',
      value: Math.round(mb(figures.bare.peak)),
      unit: 'MB',
      budget: '',
      pass: null,
      baseline: `idle ${mb(figures.bare.idle).toFixed(0)} MB`,
    },
  ];
}

function printTable(dialect: BenchDialect, figures: Figures): void {
  const { photos, app, bare } = figures;
  console.log(`photos: ${photos.length} JPEGs, ${mb(photos.reduce((sum, photo) => sum + photo.body.length, 0)).toFixed(1)} MB in all`);
  for (const photo of photos) {
    console.log(
      `  ${photo.name}  ${photo.width} x ${photo.height} (${((photo.width * photo.height) / 1e6).toFixed(1)} Mpx)  orientation ${photo.orientation}  ${photo.camera.padEnd(5)}  ${photo.body.length.toLocaleString('en')} bytes`,
    );
  }
  console.log(
    `database: ${dialect}; load average ${figures.load[0].toFixed(1)} -> ${figures.load[1].toFixed(1)}; outputs the same size in both: ${figures.sameOutput ? 'yes' : 'NO'}`,
  );
  const seconds = (values: number[]) => values.map((ms) => (ms / 1000).toFixed(2)).join(' ');
  const rows: [string, string, string][] = [
    ['rounds, s (app)', seconds(app.rounds), ''],
    ['rounds, s (bare sharp)', seconds(bare.rounds), ''],
    ['CPU time, s (app)', seconds(app.cpu), ''],
    ['CPU time, s (bare sharp)', seconds(bare.cpu), ''],
    ['app over bare sharp, each round', app.rounds.map((ms, round) => `${(ms / bare.rounds[round]!).toFixed(2)}x`).join(' '), ''],
    ['median, s (app / bare sharp)', `${(median(app.rounds) / 1000).toFixed(2)} / ${(median(bare.rounds) / 1000).toFixed(2)}`, ''],
  ];
  const [time, appPeak, barePeak] = budgetLines(figures);
  rows.push([`app over bare sharp (median)`, `${time!.value.toFixed(2)}x`, `${time!.budget}  ${time!.pass ? 'met' : 'MISSED'}`]);
  rows.push(['peak RSS (VmHWM), app', `${appPeak!.value} MB (${appPeak!.baseline})`, '']);
  rows.push(['peak RSS (VmHWM), bare sharp', `${barePeak!.value} MB (${barePeak!.baseline})`, '']);
  for (const [name, value, goal] of rows) console.log(`${name.padEnd(30)} ${value.padEnd(40)} ${goal}`);
}

export const run: BenchRun = async ({ short, dialect = 'sqlite' }) => budgetLines(await measure(dialect, short ? SHORT_ROUNDS : ROUNDS));

if (isMainModule(import.meta.url)) {
  const dialect: BenchDialect = process.argv[2] === 'postgres' ? 'postgres' : 'sqlite';
  const rounds = Number(
    process.argv.find((argument) => argument.startsWith('--rounds='))?.split('=')[1] ?? (process.argv.includes('--short') ? SHORT_ROUNDS : ROUNDS),
  );
  const figures = await measure(dialect, rounds);
  printTable(dialect, figures);
}
