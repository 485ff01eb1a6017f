import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

/** `npm run check:networks` as an administrator runs it: the configuration of `npm start`, English on the console. */
const run = promisify(execFile);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'alzado-check-networks-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function checkNetworksScript(environment: Record<string, string>): Promise<{ code: number; output: string }> {
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, ...environment };
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/server/features/networks-check/main.ts'], { env, timeout: 60_000 });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: `${failed.stdout}${failed.stderr}` };
  }
}

describe('npm run check:networks', () => {
  it('runs green against the sandbox, the default, and exits 0', async () => {
    const { code, output } = await checkNetworksScript({});
    expect(output).toContain("LinkedIn (Alzado's sandbox)\n  ok    credentials:");
    expect(output).toContain('ok    redirectUri: LinkedIn accepts the redirect URL http://localhost:3000/auth/linkedin/callback');
    expect(output).toContain('ok    imageUrls: The sandbox fetches the images from this server');
    expect(output).not.toMatch(/WARN|FAIL/);
    expect(output).toMatch(/All set\. Step by step: docs\/networks\.md\n$/);
    expect(code).toBe(0);
  });

  it('prints each failure with what to do, and exits 1', async () => {
    const { code, output } = await checkNetworksScript({ META_GRAPH_VERSION: 'v19.0' });
    expect(output).toContain('FAIL  apiVersion: Graph API version v19.0 (META_GRAPH_VERSION) ended on 2026-05-21');
    expect(output).toMatch(/ {8}To do: set META_GRAPH_VERSION to v\d+\.0 \(the newest known here\)/);
    expect(code).toBe(1);
  });

  it('says which variable is wrong and exits 2 on a configuration the server would refuse', async () => {
    const { code, output } = await checkNetworksScript({ META_GRAPH_VERSION: 'latest' });
    expect(output).toContain('META_GRAPH_VERSION: must be a Graph API version such as v26.0');
    expect(code).toBe(2);
  });
});
