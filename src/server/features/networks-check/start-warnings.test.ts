import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWEST_GRAPH_VERSION, linkedinVersionOf } from '../../../domain/api-versions.ts';
import { composeApp } from '../../compose.ts';
import { loadConfig } from '../../config.ts';
import { type TestDatabase, createTestDatabase } from '../../test-support/database.ts';

/**
 * Issue 12, items 5 and 6: what `npm start` logs about the networks, through the app's own logger. The
 * versions chosen here stay in their state whatever the day (v19.0 and 202401 ended long ago; v99.0 and
 * 209912 are not known), so the lines do not depend on the clock.
 */
const REAL_CREDENTIALS = { LINKEDIN_CLIENT_ID: 'li-app', LINKEDIN_CLIENT_SECRET: 'li-secret', META_APP_ID: '1234567890', META_APP_SECRET: 'meta-secret' };

let database: TestDatabase;
let dataDir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'alzado-start-'));
});
afterAll(async () => {
  await database.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The warnings composeApp logs with this environment. */
async function startWarnings(environment: Record<string, string>): Promise<string[]> {
  const lines: string[] = [];
  const config = loadConfig({
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    TOKEN_ENCRYPTION_KEY: `1:${Buffer.alloc(32, 3).toString('base64')}`,
    ...environment,
  });
  const { app, events } = await composeApp(config, database, { logger: { level: 'warn', stream: { write: (line) => lines.push(JSON.parse(line).msg) } } });
  await app.close();
  await events.close();
  return lines.filter((line) => !line.includes('served by the sandbox'));
}

describe('start warnings about the networks', () => {
  it('says nothing with the defaults (current versions, the sandbox fetching images from the app)', async () => {
    expect(await startWarnings({})).toEqual([]);
  });

  it('names an ended version of either network, its end and the newest version', async () => {
    const lines = await startWarnings({ LINKEDIN_API_VERSION: '202401', META_GRAPH_VERSION: 'v19.0' });
    expect(lines).toEqual([
      `LinkedIn: LinkedIn-Version 202401 (LINKEDIN_API_VERSION) ended on 2025-01-15: LinkedIn refuses it (426 NONEXISTENT_VERSION). To do: set LINKEDIN_API_VERSION to ${linkedinVersionOf(new Date())} (the newest known here) after checking its changes.`,
      `Instagram: Graph API version v19.0 (META_GRAPH_VERSION) ended on 2026-05-21: Meta silently serves the oldest live version instead. To do: set META_GRAPH_VERSION to ${NEWEST_GRAPH_VERSION} (the newest known here) after checking its changes.`,
    ]);
  });

  it('names a version it does not know, on both networks', async () => {
    const lines = await startWarnings({ LINKEDIN_API_VERSION: '209912', META_GRAPH_VERSION: 'v99.0' });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^LinkedIn: LinkedIn-Version 209912 \(LINKEDIN_API_VERSION\) is not a published month/);
    expect(lines[1]).toMatch(
      new RegExp(
        `^Instagram: Graph API version v99\\.0 \\(META_GRAPH_VERSION\\) is not in this server's table.*set META_GRAPH_VERSION to ${NEWEST_GRAPH_VERSION.replace('.', '\\.')}`,
      ),
    );
  });

  it('with the real Instagram, says that Meta cannot download images from a local PUBLIC_URL, naming it', async () => {
    const lines = await startWarnings({ ...REAL_CREDENTIALS, PUBLIC_URL: 'http://localhost:3000' });
    expect(lines).toEqual([
      "Instagram: Instagram downloads each image from its own servers, but this server's image addresses (localhost:3000) are a local name (localhost, .local or a name without a domain), which Meta cannot reach. To do: set PUBLIC_URL to the address people reach this server at from the internet (https://…), or keep the files in an S3 bucket (S3_BUCKET …).",
    ]);
  });

  it('with the real Instagram and a bucket on a private endpoint, names S3_ENDPOINT', async () => {
    const lines = await startWarnings({
      ...REAL_CREDENTIALS,
      PUBLIC_URL: 'https://alzado.studio.example',
      S3_BUCKET: 'media',
      S3_ENDPOINT: 'http://10.0.0.5:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('(10.0.0.5:9000) are a private network address');
    expect(lines[0]).toContain('make S3_ENDPOINT an endpoint reachable from the internet');
  });
});
