import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** The administrator every journey's server creates on its empty database (ADMIN_EMAIL/ADMIN_PASSWORD). */
export const ADMIN = { email: 'admin@estudio-e2e.test', password: 'clave-admin-1' } as const;

/** One e-mail as the outbox mailer writes it (src/server/adapters/mail/outbox-mailer.ts). */
export interface OutboxMessage {
  from: string;
  sentAt: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface RunningServer {
  /** The public address (PUBLIC_URL), the one the browser visits and e-mails link to. */
  url: string;
  dataDir: string;
  /** Where the server keeps its data, for journeys that check what was stored. */
  database: { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };
  /** The e-mails sent so far, oldest first. */
  outbox(): Promise<OutboxMessage[]>;
  stop(): Promise<void>;
}

const STARTUP_LIMIT_MS = 30_000;
const SERVER_ENTRY = path.resolve('dist/server/server/main.js');

/**
 * Starts the built server (`npm run build` first) as a user would run it: its own process, a free
 * port, an empty data folder, and the known administrator. With DATABASE_URL_E2E it runs on a new
 * PostgreSQL database created on that server (and dropped on stop) instead of SQLite.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (!fs.existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run \`npm run build\` first`);
  const port = await findFreePort();
  const url = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'alzado-e2e-'));
  const database = process.env.DATABASE_URL_E2E ? await createPostgresDatabase(process.env.DATABASE_URL_E2E) : undefined;

  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: path.resolve('.'),
    // Only what a shell would give it, not the test runner's own variables (NODE_ENV=test, VITEST...).
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      ...(database ? { DATABASE_URL: database.url } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = captureOutput(child);

  const cleanUp = async () => {
    await stopProcess(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  };

  try {
    await waitUntilHealthy(`http://127.0.0.1:${port}/api/health`, child, output);
  } catch (error) {
    await cleanUp();
    throw error;
  }

  return {
    url,
    dataDir,
    database: database ? { dialect: 'postgres', url: database.url } : { dialect: 'sqlite', file: path.join(dataDir, 'alzado.sqlite') },
    outbox: () => readOutbox(path.join(dataDir, 'outbox')),
    stop: cleanUp,
  };
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Keeps what the server prints, to explain a failed start. */
function captureOutput(child: ChildProcess): { stdout: () => string; stderr: () => string } {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return { stdout: () => stdout, stderr: () => stderr };
}

async function waitUntilHealthy(healthUrl: string, child: ChildProcess, output: ReturnType<typeof captureOutput>): Promise<void> {
  const deadline = Date.now() + STARTUP_LIMIT_MS;
  const explain = (what: string) => `${what}\n--- stderr ---\n${output.stderr()}\n--- stdout ---\n${output.stdout()}`;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(explain(`The server exited (${child.exitCode ?? child.signalCode}) before answering ${healthUrl}`));
    }
    try {
      const response = await fetch(healthUrl, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(explain(`The server did not answer ${healthUrl} with 200 within ${STARTUP_LIMIT_MS / 1000} s`));
}

/** SIGTERM lets the server close its database; SIGKILL if it has not gone after five seconds. */
async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const forced = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(forced);
}

async function readOutbox(outboxDir: string): Promise<OutboxMessage[]> {
  const names = fs.existsSync(outboxDir)
    ? fs
        .readdirSync(outboxDir)
        .filter((name) => name.endsWith('.json'))
        .sort()
    : [];
  return names.map((name) => JSON.parse(fs.readFileSync(path.join(outboxDir, name), 'utf8')) as OutboxMessage);
}

/** A new, empty database on the PostgreSQL server of `serverUrl`; the server migrates it at start. */
async function createPostgresDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `alzado_e2e_${randomBytes(6).toString('hex')}`;
  const runOnServer = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await runOnServer(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => runOnServer(`drop database if exists ${name} with (force)`) };
}
