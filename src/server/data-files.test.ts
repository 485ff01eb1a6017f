import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMailer } from './adapters/mail/outbox-mailer.ts';
import { resolveAuthSecret } from './auth/auth-secret.ts';
import { openDatabase } from './db/database.ts';
import { systemClock } from './lib/clock.ts';
import { resolveTokenKeys } from './lib/token-encryption-key.ts';
import { freePort } from './test-support/free-port.ts';

/**
 * The files the app keeps on disk (issue 13, item 10): the SQLite database and its journal, the
 * generated secrets, the outbox (recovery links), uploads. Folders it creates are 0700, files 0600;
 * files left 0644 by an older version are tightened at start.
 */

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;
const octal = (mode: number) => mode.toString(8).padStart(3, '0');

describe('each writer of a data file', () => {
  let scratch: string;
  beforeAll(() => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'alzado-files-'));
  });
  afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
  // Whatever the process's umask, which tests run with as it comes (usually 022).
  let umask: number;
  beforeAll(() => {
    umask = process.umask(0o022);
  });
  afterAll(() => void process.umask(umask));

  it('the SQLite database: its folder 0700, the file and its -wal and -shm 0600', async () => {
    const file = path.join(scratch, 'db', 'nested', 'alzado.sqlite');
    const database = openDatabase({ dialect: 'sqlite', file });
    await database.db.schema.createTable('probe').addColumn('id', 'integer').execute();
    await database.db
      .insertInto('probe' as never)
      .values({ id: 1 } as never)
      .execute();
    expect(octal(modeOf(path.dirname(file)))).toBe('700');
    expect(octal(modeOf(path.join(scratch, 'db')))).toBe('700');
    for (const own of [file, `${file}-wal`, `${file}-shm`]) expect([own, octal(modeOf(own))]).toEqual([own, '600']);
    await database.close();
  });

  it('an existing database left 0644 is 0600 once opened', async () => {
    const file = path.join(scratch, 'old', 'alzado.sqlite');
    fs.mkdirSync(path.dirname(file));
    fs.writeFileSync(file, '', { mode: 0o644 });
    fs.chmodSync(file, 0o644);
    const database = openDatabase({ dialect: 'sqlite', file });
    expect(await database.isReachable()).toBe(true);
    expect(octal(modeOf(file))).toBe('600');
    await database.close();
  });

  it('the generated auth secret and token key: 0600 in a 0700 folder; old 0644 ones are tightened', () => {
    const dataDir = path.join(scratch, 'secrets');
    resolveAuthSecret(undefined, dataDir);
    resolveTokenKeys(undefined, dataDir);
    expect(octal(modeOf(dataDir))).toBe('700');
    expect(octal(modeOf(path.join(dataDir, 'auth-secret')))).toBe('600');
    expect(octal(modeOf(path.join(dataDir, 'token-encryption-key')))).toBe('600');

    for (const name of ['auth-secret', 'token-encryption-key']) fs.chmodSync(path.join(dataDir, name), 0o644);
    resolveAuthSecret(undefined, dataDir);
    resolveTokenKeys(undefined, dataDir);
    expect(octal(modeOf(path.join(dataDir, 'auth-secret')))).toBe('600');
    expect(octal(modeOf(path.join(dataDir, 'token-encryption-key')))).toBe('600');
  });

  it('the outbox: its folder 0700, each message 0600', async () => {
    const outboxDir = path.join(scratch, 'mail', 'outbox');
    await createOutboxMailer({ outboxDir, from: 'Alzado <no-reply@alzado.local>', log: () => {}, now: systemClock }).send({
      to: 'ana@studio.es',
      subject: 's',
      text: 't',
      html: 'h',
    });
    expect(octal(modeOf(outboxDir))).toBe('700');
    const [message] = fs.readdirSync(outboxDir);
    expect(octal(modeOf(path.join(outboxDir, message!)))).toBe('600');
  });
});

describe('the server as npm start runs it', () => {
  let dataDir: string;
  let server: ChildProcess | undefined;
  let output = '';
  afterEach(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
  });

  it('keeps every file it makes in DATA_DIR to its own account, uploads and mail included', async () => {
    dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'alzado-start-')), 'data');
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: 'admin@studio.es',
      ADMIN_PASSWORD: 'admin-password-1',
    };
    delete env.DATABASE_URL;
    server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: process.cwd(), env });
    server.stdout!.on('data', (chunk: Buffer) => void (output += chunk.toString()));
    server.stderr!.on('data', (chunk: Buffer) => void (output += chunk.toString()));

    const deadline = Date.now() + 60_000;
    for (;;) {
      const healthy = await fetch(`${base}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (healthy) break;
      if (server.exitCode !== null || Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    // A recovery e-mail (to the outbox) and a sign-in (a session row, a write to the database journal).
    const reset = await fetch(`${base}/api/auth/request-password-reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: 'admin@studio.es' }),
    });
    expect(reset.status).toBe(200);
    const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: 'admin@studio.es', password: 'admin-password-1' }),
    });
    expect(signIn.status).toBe(200);
    const outbox = path.join(dataDir, 'outbox');
    for (const waitUntil = Date.now() + 20_000; !(fs.existsSync(outbox) && fs.readdirSync(outbox).length > 0);) {
      if (Date.now() > waitUntil) throw new Error(`no e-mail in the outbox:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // An upload: the avatar, stored under media/.
    const cookie = signIn.headers
      .getSetCookie()
      .find((line) => line.startsWith('alzado.session_token='))!
      .split(';')[0]!;
    const sharp = (await import('sharp')).default;
    const form = new FormData();
    form.append(
      'file',
      new Blob(
        [
          new Uint8Array(
            await sharp({ create: { width: 300, height: 300, channels: 3, background: '#336699' } })
              .jpeg()
              .toBuffer(),
          ),
        ],
        { type: 'image/jpeg' },
      ),
      'avatar.jpg',
    );
    const avatar = await fetch(`${base}/api/me/avatar`, { method: 'PUT', headers: { cookie, origin: base }, body: form });
    expect(avatar.status).toBe(200);

    const everything = fs.readdirSync(dataDir, { recursive: true, withFileTypes: true }).map((entry) => path.join(entry.parentPath, entry.name));
    const loose = [dataDir, ...everything]
      .map((entry) => ({ entry: path.relative(path.dirname(dataDir), entry), mode: octal(modeOf(entry)), isDirectory: fs.statSync(entry).isDirectory() }))
      .filter(({ mode, isDirectory }) => mode !== (isDirectory ? '700' : '600'));
    expect(loose).toEqual([]);
    for (const expected of ['alzado.sqlite', 'alzado.sqlite-wal', 'auth-secret', 'token-encryption-key', 'outbox', 'media']) {
      expect(everything.map((entry) => path.relative(dataDir, entry))).toContain(expected);
    }
    expect(everything.some((entry) => entry.startsWith(path.join(dataDir, 'media')) && fs.statSync(entry).isFile())).toBe(true);
  }, 90_000);
});
