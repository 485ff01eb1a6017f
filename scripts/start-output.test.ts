import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/server/test-support/free-port.ts';
import { BUILDS, readInputs, recordBuild } from './build-stamp.mjs';
import { copyForStart } from './test-support/start-copy.ts';

/**
 * Issue 28, item 1: what the first `npm start` prints on an empty data folder. The password scrolled
 * away: about 620 lines (Vite's listing of every file, JSON logs) came before the app answered, the
 * first administrator's credentials among them. Now each build is one line and the start ends with a
 * block a person reads: the address, the credentials, the networks, the data folder.
 *
 * `npm start` runs as npm runs it, from a copy of package.json and scripts/ whose
 * dist/server/server/main.js loads src/server/main.ts through tsx (as scripts/start-stop.test.ts does);
 * the server's build is a stand-in printing as many lines as Vite does, so no real build is needed.
 */
let root: string;
const cleanups: Array<() => void> = [];

beforeAll(() => {
  root = copyForStart('alzado-start-output-', (packageJson) => {
    packageJson.scripts['build:server'] =
      `node -e "for (let i = 0; i < 600; i++) console.log('dist/web/assets/chunk-' + i + '.js  12.3 kB │ gzip: 4.1 kB'); console.warn('(!) Some chunks are larger than 500 kB after minification.')"`;
  });
  // The web app is up to date; the server is built (by the stand-in) on this first start.
  for (const build of BUILDS.filter((each) => each.name === 'web')) recordBuild(root, build, readInputs(root, build));
});

afterAll(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('the first npm start on an empty data folder', { timeout: 120_000 }, () => {
  it('says one line per build and ends with the address, the credentials, the networks and the data folder', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'alzado-start-output-data-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base };
    for (const name of [
      'DATABASE_URL',
      'NODE_OPTIONS',
      'LOG_LEVEL',
      'ADMIN_EMAIL',
      'ADMIN_PASSWORD',
      'SOCIAL_SANDBOX',
      'LINKEDIN_CLIENT_ID',
      'META_APP_ID',
      'SMTP_URL',
    ])
      delete env[name];
    const npm = spawn('npm', ['start'], { cwd: root, env });
    cleanups.push(() => {
      if (npm.exitCode === null) npm.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    let stdout = '';
    let stderr = '';
    npm.stdout.on('data', (chunk: Buffer) => void (stdout += chunk.toString()));
    npm.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
    const deadline = Date.now() + 90_000;
    while (!stdout.includes('Stop with Ctrl+C.')) {
      if (npm.exitCode !== null || Date.now() > deadline) throw new Error(`npm start did not end its start with the closing block:\n${stdout}\n${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect((await fetch(`${base}/api/health`)).ok).toBe(true);
    // A few requests: none is logged at the default level.
    for (let i = 0; i < 5; i++) await fetch(`${base}/api/health`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const exited = new Promise((resolve) => npm.once('exit', resolve));
    npm.kill('SIGTERM');
    await exited;

    const lines = stdout.split('\n');
    const blockStart = lines.findIndex((line) => line.startsWith('Alzado is running: open '));
    expect(blockStart, stdout).toBeGreaterThan(0);
    expect(blockStart, `lines before the closing block:\n${lines.slice(0, blockStart).join('\n')}`).toBeLessThan(40);
    const block = lines.slice(blockStart, lines.findIndex((line) => line.includes('Stop with Ctrl+C.')) + 1);
    const email = block
      .find((line) => line.includes('e-mail'))
      ?.trim()
      .split(/\s+/)[1];
    const password = block
      .find((line) => line.includes('password  '))
      ?.trim()
      .split(/\s+/)[1];
    expect(block[0]).toContain(base);
    expect(email).toBe('admin@alzado.local');
    expect(password).toMatch(/^[\w-]{16}$/);
    expect(block.join('\n')).toMatch(/LinkedIn: +emulated by the sandbox/);
    expect(block.join('\n')).toMatch(/Instagram: +emulated by the sandbox/);
    expect(block.join('\n')).toContain(`Data:      ${dataDir}`);
    // The stand-in build's 600 lines are one line, and its password is nowhere else.
    expect(stdout).toMatch(/npm start: built the server in \d+\.\d s: dist\/server, \d+\.\d MB/);
    expect(stdout).not.toContain('chunk-42.js');
    expect(stdout.split(password!).length - 1).toBe(1);
    expect(stdout + stderr).not.toContain('request completed');
    expect(stdout + stderr).not.toContain('incoming request');
    expect(stderr).not.toContain('Deprecation');
  });
});
