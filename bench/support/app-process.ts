import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { BenchDialect } from './bench-app.ts';

export const BENCH_ADMIN = { email: 'admin@bench.local', password: 'clave-admin-bench' } as const;

export interface AppProcess {
  /** http://127.0.0.1:<port>, also the app's PUBLIC_URL (the Origin its writes must carry). */
  url: string;
  pid: number;
  dialect: BenchDialect;
  stop: () => Promise<void>;
}

/**
 * The app from source (src/server/main.ts through tsx) in a process of its own, as `npm start` runs
 * it but without building: a free port, an empty data folder, a known administrator, on SQLite or on
 * a new PostgreSQL database (DATABASE_URL_TEST) dropped on stop. Its memory is its own, apart from
 * the bench's.
 */
export async function startAppProcess(dialect: BenchDialect, env: Record<string, string> = {}): Promise<AppProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'alzado-bench-'));
  const database = dialect === 'postgres' ? await createPostgresDatabase() : undefined;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      LOG_LEVEL: 'warn',
      ...(database ? { DATABASE_URL: database.url } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    await stopProcess(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  };
  try {
    await waitUntilHealthy(`${url}/api/health`, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid: child.pid!, dialect, stop };
}

/** Resident memory of a process now and its high-water mark, in bytes (Linux /proc). */
export function residentMemory(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: kilobytes('VmRSS'), peak: kilobytes('VmHWM') };
}

/** Starts the high-water mark (VmHWM) again from the current RSS. */
export function resetPeakMemory(pid: number): void {
  fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

/** A port nothing listens on now, for a server of the bench's own. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitUntilHealthy(healthUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`The app exited (${child.exitCode ?? child.signalCode}) before answering:\n${output()}`);
    try {
      if ((await fetch(healthUrl, { signal: AbortSignal.timeout(2_000) })).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The app did not answer ${healthUrl} within 60 s:\n${output()}`);
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const forced = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(forced);
}

async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL_TEST;
  if (!serverUrl) throw new Error('postgres needs DATABASE_URL_TEST, e.g. postgres://postgres@127.0.0.1:5432/test');
  const name = `alzado_bench_${randomBytes(6).toString('hex')}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
