import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { type MailMessage, type Mailer } from '../adapters/mail/mailer.ts';
import { createLocalStorage } from '../adapters/storage/local-storage.ts';
import type { Storage } from '../adapters/storage/storage.ts';
import { buildApp } from '../app.ts';
import type { Auth } from '../auth/create-auth.ts';
import { hashPassword } from '../auth/password-hashing.ts';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/database.ts';
import type { PostWriter } from '../adapters/ai/post-writer.ts';
import type { EventHub } from '../events/event-hub.ts';
import type { SocialAdapters } from '../features/social/adapters.ts';
import type { JobWorker } from '../jobs/job-worker.ts';
import { createTokenCipher } from '../lib/token-cipher.ts';
import { type Clock, systemClock } from '../lib/clock.ts';
import { createTestDatabase } from './database.ts';

export interface TestApp {
  app: FastifyInstance;
  auth: Auth;
  database: DatabaseHandle;
  /** Every e-mail the app sent, in order. */
  sentMail: MailMessage[];
  /** The local storage folder (served at /media) unless a test handed in its own storage. */
  mediaDir: string;
  /** Not started: tests run the due jobs with `worker.runDueJobs()`. */
  worker: JobWorker;
  /** The app's live events hub (a memory hub unless the test handed in one). */
  events: EventHub;
  /** The app's clock, for parts a test wires itself (publishing's dependencies). */
  now: Clock;
  close: () => Promise<void>;
}

/** A real app on a fresh database, with local storage in a temporary folder and a mailer that keeps what it is given. */
export async function createTestApp(overrides: Partial<AppTestConfig> = {}): Promise<TestApp> {
  const { mailer: givenMailer, storage: givenStorage, social, logger, now, events: givenEvents, writer, extraRoutes, ...configOverrides } = overrides;
  const database = await createTestDatabase();
  const sentMail: MailMessage[] = [];
  const keepingMailer: Mailer = { send: async (message) => void sentMail.push(message) };
  const scratchDir = fs.mkdtempSync(path.join(os.tmpdir(), 'alzado-app-'));
  const mediaDir = path.join(scratchDir, 'media');
  const publicUrl = configOverrides.publicUrl ?? TEST_PUBLIC_URL;
  const clock = now ?? systemClock;
  const { app, auth, worker, events } = await buildApp({
    config: {
      publicUrl,
      trustProxy: false,
      logLevel: 'silent',
      webDir: path.join(scratchDir, 'no-web-build'),
      signInLimits: { maxFailuresPerEmail: 5, maxFailuresPerAddress: 50, windowSeconds: 900 },
      passwordResetLimits: { maxPerEmail: 5, maxPerAddress: 50 },
      contact: { studioAddress: 'hola@alzado.test', chatUrl: 'mailto:hola@alzado.test?body={message}', maxPerAddress: 5, windowSeconds: 3600 },
      studio: { timeZone: 'Europe/Madrid', publishHour: 9 },
      ...configOverrides,
    },
    database,
    mailer: givenMailer ?? keepingMailer,
    storage: givenStorage ?? createLocalStorage({ root: mediaDir, publicUrl }),
    mediaDir: givenStorage ? undefined : mediaDir,
    authSecret: 'test-secret-test-secret-test-secret-0123',
    // No network can be connected unless a test hands in its clients (see social-sandbox.ts).
    social: social ?? { cipher: createTestTokenCipher() },
    logger: logger ?? false,
    now: clock,
    events: givenEvents,
    writer,
  });
  // Fastify takes no route once ready.
  await extraRoutes?.(app, { auth, database });
  await app.ready();
  sendOriginLikeABrowser(app, new URL(publicUrl).origin);
  return {
    app,
    auth,
    database,
    sentMail,
    mediaDir,
    worker,
    events,
    now: clock,
    close: async () => {
      await app.close();
      await events.close();
      await database.drop();
      fs.rmSync(scratchDir, { recursive: true, force: true });
    },
  };
}

/**
 * The test client sends an Origin with every write, as a browser does: the app refuses writes that carry
 * cookies and no Origin (src/server/http/origin-check.ts). A test that sets `origin` or `referer` itself,
 * even to undefined (no header at all), decides for that request.
 */
function sendOriginLikeABrowser(app: FastifyInstance, origin: string): void {
  const inject = app.inject.bind(app) as (options: InjectOptions | string) => ReturnType<FastifyInstance['inject']>;
  const asBrowser = (options: InjectOptions | string): InjectOptions | string => {
    if (typeof options === 'string') return options;
    const headers: Record<string, unknown> = { ...options.headers };
    const names = Object.keys(headers).map((name) => name.toLowerCase());
    const method = (options.method ?? 'GET').toUpperCase();
    if (!names.includes('origin') && !names.includes('referer') && !['GET', 'HEAD', 'OPTIONS'].includes(method)) headers.origin = origin;
    for (const [name, value] of Object.entries(headers)) if (value === undefined) delete headers[name];
    return { ...options, headers: headers as InjectOptions['headers'] };
  };
  app.inject = ((options: InjectOptions | string) => inject(asBrowser(options))) as FastifyInstance['inject'];
}

type AppTestConfig = Pick<
  Config,
  'publicUrl' | 'trustProxy' | 'logLevel' | 'webDir' | 'signInLimits' | 'passwordResetLimits' | 'contact' | 'studio' | 'httpTimeouts'
> & {
  mailer: Mailer;
  storage: Storage;
  social: SocialAdapters;
  /** The app's clock (the studio's "today"); the real one by default. */
  now: () => Date;
  events: EventHub;
  /** Writes the launched projects' posts; the template writer by default. */
  writer: PostWriter;
  /** Where log lines go; none by default. */
  logger: { level: string; stream: { write: (line: string) => void } };
  /** Routes of the caller's own beside the app's (a bench's baseline route), added before the app is ready. */
  extraRoutes: (app: FastifyInstance, parts: { auth: Auth; database: DatabaseHandle }) => void | Promise<void>;
};

/** The test app's PUBLIC_URL unless a test gives another: the Origin its pages send with every write. */
export const TEST_PUBLIC_URL = 'http://localhost:3000';

/** The key tests encrypt the networks' tokens with. */
export const TEST_TOKEN_KEY = Buffer.alloc(32, 7);

export function createTestTokenCipher() {
  return createTokenCipher([{ version: 1, key: TEST_TOKEN_KEY }]);
}

export interface TestUserInput {
  email: string;
  password?: string;
  role?: 'admin' | 'customer' | 'publisher' | 'basic';
  language?: 'es' | 'en' | 'cat';
  active?: boolean;
  firstName?: string;
}

/** Inserts a user with a password straight into the database, as the users screen will. */
export async function createTestUser(testApp: TestApp, input: TestUserInput): Promise<{ id: string; email: string; password: string }> {
  const context = await testApp.auth.$context;
  const password = input.password ?? 'secret-123';
  const user = await context.internalAdapter.createUser(
    {
      email: input.email,
      name: input.firstName ?? 'Test',
      firstName: input.firstName ?? 'Test',
      role: input.role ?? 'customer',
      language: input.language ?? 'es',
      active: input.active ?? true,
    },
    { method: 'admin' },
  );
  await context.internalAdapter.linkAccount({ userId: user.id, providerId: 'credential', accountId: user.id, password: await hashPassword(password) });
  return { id: user.id, email: input.email, password };
}

/** Signs in through the API; returns the Cookie header value to send with later requests. */
export async function signIn(testApp: TestApp, email: string, password: string): Promise<string> {
  const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies.find((entry) => entry.name.endsWith('session_token'));
  if (!cookie) throw new Error('sign-in set no session cookie');
  return `${cookie.name}=${cookie.value}`;
}

type TestRole = NonNullable<TestUserInput['role']>;

/**
 * A cast of users, each created with its role and signed in: `{ admin: 'admin', clara: 'customer' }` gives
 * `ids.clara` and `cookies.clara` (e-mails `<name>@<domain>`).
 */
export async function createSignedInUsers<Name extends string>(
  testApp: TestApp,
  roles: Record<Name, TestRole>,
  domain: string,
): Promise<{ ids: Record<Name, string>; cookies: Record<Name, string> }> {
  const ids = {} as Record<Name, string>;
  const cookies = {} as Record<Name, string>;
  for (const [name, role] of Object.entries(roles) as [Name, TestRole][]) {
    const user = await createTestUser(testApp, { email: `${name}@${domain}`, role });
    ids[name] = user.id;
    cookies[name] = await signIn(testApp, user.email, user.password);
  }
  return { ids, cookies };
}
