import type { DestinationStream } from 'pino';
import { ensureFirstAdmin } from '../auth/first-admin.ts';
import { composeApp } from '../compose.ts';
import { loadConfig } from '../config.ts';
import type { TestDatabase } from './database.ts';
import { freePort } from './free-port.ts';

/**
 * The app as `npm start` composes it from an environment (config, sandbox, clients, workers), with its
 * first administrator, listening on a free loopback port: for tests of what only the whole composition
 * does, over real HTTP. `logLines` gets every log line when given; otherwise nothing is logged.
 */
export async function startComposedApp(
  database: TestDatabase,
  input: { dataDir: string; admin: { email: string; password: string }; environment?: Record<string, string>; logLines?: DestinationStream },
) {
  const port = await freePort();
  const config = loadConfig({
    DATA_DIR: input.dataDir,
    HOST: '127.0.0.1',
    PORT: String(port),
    ADMIN_EMAIL: input.admin.email,
    ADMIN_PASSWORD: input.admin.password,
    TOKEN_ENCRYPTION_KEY: `1:${Buffer.alloc(32, 7).toString('base64')}`,
    ...input.environment,
  });
  const composed = await composeApp(config, database, { logger: input.logLines ? { level: 'info', stream: input.logLines } : false });
  const { created } = await ensureFirstAdmin({ db: database.db, auth: composed.auth, credentials: config.firstAdmin, announce: () => undefined });
  await composed.app.listen({ port, host: '127.0.0.1' });
  const url = config.publicUrl;
  return {
    composed,
    config,
    url,
    /** Whether this start created the first administrator (the database was new). */
    firstAdminCreated: created,
    /** Signs in over HTTP, as a browser does; the session cookie ("name=value"). */
    signIn: async (who: { email: string; password: string }): Promise<string> => {
      const response = await fetch(`${url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url },
        body: JSON.stringify(who),
      });
      if (response.status !== 200) throw new Error(`Sign-in as ${who.email} answered ${response.status}`);
      return response.headers
        .getSetCookie()
        .map((header) => header.split(';')[0]!)
        .find((pair) => pair.includes('session_token='))!;
    },
  };
}
