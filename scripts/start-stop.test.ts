import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/server/test-support/free-port.ts';
import { BUILDS, readInputs, recordBuild } from './build-stamp.mjs';
import { copyForStart } from './test-support/start-copy.ts';

/**
 * Issue 29, item 3: a SIGTERM to `npm start` ends every process it started, within the stop time of
 * docs/operations.md (SOCIAL_REQUEST_TIMEOUT_MS + 15 s, 30 s by default), whether the reader of the
 * output stays or goes away right after the signal.
 *
 * The app runs as `npm start` runs it (npm, package.json's start script, scripts/start.mjs) from a copy
 * of those files whose build stamp says both builds are up to date and whose dist/server/server/main.js
 * loads src/server/main.ts through tsx: no build is needed, and the server is this tree's.
 */
const STOP_TIME_MS = 30_000;
let root: string;
const started: ChildProcessWithoutNullStreams[] = [];
const dataDirs: string[] = [];

beforeAll(() => {
  root = copyForStart('alzado-start-stop-');
  for (const build of BUILDS) recordBuild(root, build, readInputs(root, build));
  return () => fs.rmSync(root, { recursive: true, force: true });
});

afterEach(() => {
  // A process a failed test left running.
  for (const child of started.splice(0)) for (const pid of [...descendants(child.pid!), child.pid!]) if (alive(pid)) process.kill(pid, 'SIGKILL');
  for (const dir of dataDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** The parent of each process, from /proc. */
function parents(): Map<number, number> {
  const map = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      map.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // Gone meanwhile.
    }
  }
  return map;
}

function descendants(pid: number): number[] {
  const map = parents();
  const found: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const parent = queue.shift()!;
    for (const [child, itsParent] of map) {
      if (itsParent !== parent) continue;
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

/** Running: neither gone nor a zombie waiting for its parent. */
function alive(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/** `npm start` in the copy, on a loopback port with a DATA_DIR of its own, once it answers; with every process it started. */
async function npmStart() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'alzado-start-stop-data-'));
  dataDirs.push(dataDir);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    LOG_LEVEL: 'debug',
    ADMIN_EMAIL: 'admin@studio.es',
    ADMIN_PASSWORD: 'admin-password-1',
  };
  delete env.DATABASE_URL;
  delete env.NODE_OPTIONS;
  const npm = spawn('npm', ['start'], { cwd: root, env });
  started.push(npm);
  let output = '';
  npm.stdout.on('data', (chunk: Buffer) => void (output += chunk.toString()));
  npm.stderr.on('data', (chunk: Buffer) => void (output += chunk.toString()));
  const deadline = Date.now() + 60_000;
  while (
    !(await fetch(`${base}/api/health`).then(
      (response) => response.ok,
      () => false,
    ))
  ) {
    if (npm.exitCode !== null || Date.now() > deadline) throw new Error(`npm start did not start the server:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const processes = [npm.pid!, ...descendants(npm.pid!)];
  return { npm, base, processes, output: () => output };
}

/** How long until none of `processes` runs, or undefined if some still runs after the stop time. */
async function goneWithin(processes: number[], since: number): Promise<number | undefined> {
  while (Date.now() - since < STOP_TIME_MS) {
    if (!processes.some(alive)) return Date.now() - since;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return undefined;
}

describe('stopping npm start with SIGTERM', { timeout: 120_000 }, () => {
  it('ends npm, its shell and the server, and nothing serves any more', async () => {
    const { npm, base, processes, output } = await npmStart();
    expect(processes.length).toBeGreaterThanOrEqual(2);
    const signalled = Date.now();
    npm.kill('SIGTERM');
    const took = await goneWithin(processes, signalled);
    expect(took, `still running ${STOP_TIME_MS / 1000} s after SIGTERM: ${processes.filter(alive).join(', ')}\n${output()}`).toBeDefined();
    expect(
      await fetch(`${base}/api/health`).then(
        () => 'answered',
        () => 'refused',
      ),
    ).toBe('refused');
    expect(output()).toContain('SIGTERM received, stopping');
  });

  it('ends them too when the reader of the output stalls, then goes away right after the signal', async () => {
    const { npm, base, processes } = await npmStart();
    // The reader stops reading; the server goes on logging (a line per request at LOG_LEVEL=debug) until the pipe is full.
    npm.stdout.pause();
    npm.stdout.removeAllListeners('data');
    for (let round = 0; round < 50; round++)
      await Promise.all(Array.from({ length: 20 }, () => fetch(`${base}/api/health`).then((response) => response.text())));
    const signalled = Date.now();
    npm.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 100));
    npm.stdout.destroy();
    npm.stderr.destroy();
    const took = await goneWithin(processes, signalled);
    expect(took, `still running ${STOP_TIME_MS / 1000} s after SIGTERM: ${processes.filter(alive).join(', ')}`).toBeDefined();
  });
});
