import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import type { SandboxCredentials, SandboxControl } from '../../sandbox/sandbox.ts';
import type { CrashWorkerSettings } from './publishing-crash-worker.ts';
import { freePort } from './free-port.ts';
import type { HarnessCall, SandboxLatency } from './sandbox-process.ts';
import { sandboxAdapters } from './social-sandbox.ts';
import { TEST_TOKEN_KEY, type TestApp, createTestApp } from './test-app.ts';

/**
 * What publish-crash.test.ts drives: the networks' sandbox in a process of its own (sandbox-process.ts),
 * the test app that connects the accounts and serves the images, and app processes that publish and are
 * killed (publishing-crash-worker.ts).
 */
export type { HarnessCall, SandboxLatency };

const SANDBOX_SCRIPT = path.resolve('src/server/test-support/sandbox-process.ts');
const WORKER_SCRIPT = path.resolve('src/server/test-support/publishing-crash-worker.ts');

function spawnScript(script: string, env: Record<string, string>): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, ['--import', 'tsx', script], { cwd: process.cwd(), env: { ...process.env, ...env } });
}

export interface SandboxProcess {
  /** http://127.0.0.1:{port}/sandbox */
  base: string;
  sandbox: { credentials: SandboxCredentials };
  setLatency(latency: Partial<SandboxLatency>): Promise<void>;
  /** Every API call so far, in the order received. */
  calls(): Promise<HarnessCall[]>;
  /** Waits for a call the sandbox received that `matches`. */
  waitForCall(matches: (call: HarnessCall) => boolean, timeoutMs?: number): Promise<HarnessCall>;
  control<K extends keyof SandboxControl>(method: K, ...args: Parameters<SandboxControl[K]>): Promise<ReturnType<SandboxControl[K]>>;
  close(): Promise<void>;
}

/** `appUrl`: the app whose callback pages and /media images the sandbox accepts. */
export async function startSandboxProcess(appUrl: string): Promise<SandboxProcess> {
  const child = spawnScript(SANDBOX_SCRIPT, { SANDBOX_APP_URL: appUrl });
  child.stderr.on('data', (chunk: Buffer) => process.stderr.write(`[sandbox] ${chunk.toString()}`));
  const first = await new Promise<string>((resolve, reject) => {
    readline.createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the sandbox process exited with ${code} before starting`)));
  });
  const { origin, base, credentials } = JSON.parse(first) as { origin: string; base: string; credentials: SandboxCredentials };
  const harness = async (route: string, init: { method?: string; body?: unknown } = {}) => {
    const response = await fetch(`${origin}/harness/${route}`, {
      method: init.method ?? 'GET',
      ...(init.body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(init.body) }),
    });
    if (!response.ok) throw new Error(`the sandbox's harness answered ${response.status} to ${route}: ${await response.text()}`);
    return response.json() as Promise<unknown>;
  };
  const calls = () => harness('calls') as Promise<HarnessCall[]>;
  return {
    base,
    sandbox: { credentials },
    setLatency: async (latency) => void (await harness('latency', { method: 'PUT', body: { minMs: 0, maxMs: 0, seed: 1, holds: [], ...latency } })),
    calls,
    async waitForCall(matches, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        const found = (await calls()).find(matches);
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`the sandbox received no such call within ${timeoutMs} ms`);
    },
    control: async (method, ...args) => ((await harness('control', { method: 'POST', body: { method, args } })) as { result: never }).result,
    close: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
    },
  };
}

export interface CrashTestApp {
  t: TestApp;
  sandbox: SandboxProcess;
  /** http://127.0.0.1:{port}: the test app, PUBLIC_URL of every process. */
  publicUrl: string;
  close: () => Promise<void>;
}

/** The test app on a real port with its accounts' networks at the sandbox process. */
export async function startCrashTestApp(): Promise<CrashTestApp> {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const sandbox = await startSandboxProcess(publicUrl);
  const t = await createTestApp({ publicUrl, social: sandboxAdapters(sandbox) });
  await t.app.listen({ port, host: '127.0.0.1' });
  return {
    t,
    sandbox,
    publicUrl,
    close: async () => {
      await t.close();
      await sandbox.close();
    },
  };
}

/** How a worker process ended: the signal the test sent (none for a process still running) and when. */
export interface WorkerProcess {
  workerId: string;
  ready: Promise<void>;
  /** Starts its worker and sweep; records when. */
  go(): void;
  goAt?: number;
  /** Sends the signal; records which and when. */
  kill(signal: 'SIGKILL' | 'SIGTERM'): void;
  signal?: 'SIGKILL' | 'SIGTERM';
  signalAt?: number;
  /** Its exit code (null when killed by a signal) and when the test saw it. */
  exited: Promise<{ code: number | null; at: number }>;
}

export type WorkerTuning = Omit<CrashWorkerSettings, 'database' | 'sandboxBase' | 'credentials' | 'publicUrl' | 'mediaDir' | 'tokenKey' | 'workerId'>;

/** A publishing app process on the test app's database, ready to `go()`. */
export function spawnWorkerProcess(app: CrashTestApp, database: CrashWorkerSettings['database'], workerId: string, tuning: WorkerTuning): WorkerProcess {
  const settings: CrashWorkerSettings = {
    database,
    sandboxBase: app.sandbox.base,
    credentials: app.sandbox.sandbox.credentials,
    publicUrl: app.publicUrl,
    mediaDir: app.t.mediaDir,
    tokenKey: TEST_TOKEN_KEY.toString('base64'),
    workerId,
    ...tuning,
  };
  const child = spawnScript(WORKER_SCRIPT, { CRASH_WORKER: JSON.stringify(settings) });
  child.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  const lines = readline.createInterface({ input: child.stdout });
  const exited = new Promise<{ code: number | null; at: number }>((resolve) => child.once('exit', (code) => resolve({ code, at: Date.now() })));
  const ready = new Promise<void>((resolve, reject) => {
    lines.on('line', (line) => line === 'ready' && resolve());
    void exited.then(({ code }) => reject(new Error(`the worker process ${workerId} exited with ${code} before it was ready`)));
  });
  // Awaited by whoever starts it; a process killed before it was ready is no failure of its own.
  ready.catch(() => {});
  const worker: WorkerProcess = {
    workerId,
    ready,
    exited,
    go() {
      worker.goAt = Date.now();
      child.stdin.write('go\n');
    },
    kill(signal) {
      worker.signal = signal;
      worker.signalAt = Date.now();
      child.kill(signal);
    },
  };
  return worker;
}
