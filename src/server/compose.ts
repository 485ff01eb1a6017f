import path from 'node:path';
import { createMailer } from './adapters/mail/create-mailer.ts';
import { createStorage, storageImageOrigins } from './adapters/storage/create-storage.ts';
import { type SocialClients, createSocialClients, sandboxAccess } from './adapters/social-clients.ts';
import { createPostWriter } from './adapters/ai/create-post-writer.ts';
import { type AppDependencies, buildApp } from './app.ts';
import { resolveAuthSecret } from './auth/auth-secret.ts';
import { requireRole } from './auth/session.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import type { EventHub } from './events/event-hub.ts';
import { networkStartWarnings } from './features/networks-check/start-warnings.ts';
import { enqueueMetricReads } from './features/metrics/service.ts';
import { instagramLoginRedirectUri, redirectUriOf } from './features/social/service.ts';
import { nonPublicUrlReason } from './lib/public-address.ts';
import { createTokenCipher } from './lib/token-cipher.ts';
import { resolveTokenKeys } from './lib/token-encryption-key.ts';
import { type Sandbox, type SandboxAccessCheck, createSandbox } from '../sandbox/sandbox.ts';
import { systemClock } from './lib/clock.ts';

/**
 * The app as `npm start` runs it, composed from the configuration on an open, migrated database: the
 * adapters each setting chooses (storage, mail, the networks or their sandbox, the keys in DATA_DIR).
 * Shared by main.ts and the demo (src/server/demo), so the demo fills the database through the very
 * app users get. Does not listen and does not start the job worker. `events`: the hub shared by several
 * processes (PostgreSQL); a memory hub otherwise.
 */
export async function composeApp(config: Config, database: DatabaseHandle, options: { events?: EventHub; logger?: AppDependencies['logger'] } = {}) {
  // The networks: real where credentials are configured, otherwise the sandbox mounted at /sandbox when
  // SOCIAL_SANDBOX lets it serve them, which the server calls on its own loopback address.
  const tokenKeys = resolveTokenKeys(config.tokenEncryptionKeys, config.dataDir);
  // Outside the all-sandbox default, what the sandbox published and its control API are for signed-in
  // administrators (docs/decisions/016), checked as /api checks them, with the app's auth: it exists once
  // the app is built, before anything can be asked.
  const administrators: { check?: SandboxAccessCheck['check'] } = {};
  const sandbox = createAppSandbox(config, {
    administratorCheck: async (request, reply) => {
      if (!administrators.check) throw new Error('The sandbox was asked before the app was built');
      await administrators.check(request, reply);
    },
  });
  const loopback = ['0.0.0.0', '::', 'localhost'].includes(config.host) ? '127.0.0.1' : config.host.includes(':') ? `[${config.host}]` : config.host;
  const socialClients = createSocialClients({
    social: config.social,
    publicUrl: config.publicUrl,
    internalUrl: config.port === 0 ? config.publicUrl : `http://${loopback}:${config.port}`,
    sandbox,
  });

  // Where every network is emulated, the studio's clock is the sandbox's, so that its clock control moves
  // publishing too (a post's time comes when the clock is moved to it: decision 026).
  const clock =
    sandbox && ![socialClients.linkedin, socialClients.instagram, socialClients.instagramLogin].some((adapter) => adapter?.sandbox === false)
      ? () => sandbox.now()
      : undefined;
  // The app's one clock (lib/clock.ts), made here only: the machine's unless the sandbox moves it.
  const now = clock ?? systemClock;

  // The outbox logs through the app's logger, which exists only once the app is built.
  const logLine = { write: (line: string) => console.log(line) };
  const storage = await createStorage(config.storage, config.publicUrl);
  const built = await buildApp({
    config,
    database,
    authSecret: resolveAuthSecret(config.authSecret, config.dataDir),
    storage,
    mediaDir: config.storage.kind === 'local' ? config.storage.root : undefined,
    mailer: await createMailer(config.mail, (line) => logLine.write(line), now),
    social: { cipher: createTokenCipher(tokenKeys.keys), ...socialClients, sandbox },
    events: options.events,
    writer: await createPostWriter(config.ai),
    now,
    ...(options.logger === undefined ? {} : { logger: options.logger }),
  });
  const { app } = built;
  if (clock) {
    // A test or a demo that moves the clock sees what is due then: the posts published, their figures read.
    sandbox?.onClockMoved(() => {
      built.publishing.sweep.nudge();
      void enqueueMetricReads(database.db, database.dialect, clock())
        .then((queued) => queued && built.worker.wake())
        .catch((error: unknown) => app.log.warn({ err: error }, 'The figures could not be queued after the clock moved'));
    });
  }
  administrators.check = requireRole(built.auth, ['admin'], 'Sign in as an administrator');
  logLine.write = (line) => app.log.info(line);
  if (!config.tokenEncryptionKeys) {
    const where = `TOKEN_ENCRYPTION_KEY is not set: the networks' tokens are encrypted with the key in ${path.join(config.dataDir, 'token-encryption-key')}`;
    if (tokenKeys.generatedFile) app.log.warn(`${where} (generated now). Production sets TOKEN_ENCRYPTION_KEY and keeps it apart from the backups.`);
    else app.log.info(where);
  }
  for (const line of networkStartLines(config, socialClients, sandbox)) app.log[line.level](line.text);
  // Ended or unknown API versions, and image addresses the real Meta cannot download (docs/networks.md).
  for (const line of await networkStartWarnings({ ...socialClients, storage, now: now() })) app.log.warn(line);
  return { ...built, socialClients, now };
}

/**
 * One line per network for the start log (docs/decisions/016): an emulated or unavailable network
 * loudly, and a real one too when the other is not, so that a mixed set-up cannot pass unnoticed.
 */
function networkStartLines(config: Config, clients: SocialClients, sandbox: Sandbox | undefined): Array<{ level: 'info' | 'warn'; text: string }> {
  const networks = [
    { name: 'LinkedIn', adapter: clients.linkedin, variables: ['LINKEDIN_CLIENT_ID', 'LINKEDIN_CLIENT_SECRET'] },
    { name: 'Instagram', adapter: clients.instagram, variables: ['META_APP_ID', 'META_APP_SECRET'] },
  ];
  const allReal = networks.every(({ adapter }) => adapter?.sandbox === false);
  const pagesAreFor =
    sandboxAccess(config.social) === 'open'
      ? 'open to anyone: every network is emulated (SOCIAL_SANDBOX=auto, for a developer’s machine)'
      : 'for signed-in administrators (SOCIAL_SANDBOX=true)';
  return [...networks.map(({ name, adapter, variables }) => networkLine(name, adapter, variables)), instagramLoginLine()];

  /** Instagram Login, a second way to connect Instagram (decision 054): optional, so not offered is no warning. */
  function instagramLoginLine(): { level: 'info' | 'warn'; text: string } {
    const adapter = clients.instagramLogin;
    if (adapter?.sandbox === false)
      return { level: 'info', text: 'Instagram Login: REAL, with INSTAGRAM_APP_ID: Instagram accounts without a Facebook Page can be connected' };
    if (adapter && sandbox)
      return {
        level: 'warn',
        text: `Instagram Login: EMULATED, served by the sandbox at ${config.publicUrl}${sandbox.prefix} (no INSTAGRAM_APP_ID and INSTAGRAM_APP_SECRET)`,
      };
    return {
      level: 'info',
      text: 'Instagram Login: not offered (no INSTAGRAM_APP_ID and INSTAGRAM_APP_SECRET): Instagram connects through Facebook Login only',
    };
  }

  function networkLine(name: string, adapter: { sandbox: boolean } | undefined, variables: string[]): { level: 'info' | 'warn'; text: string } {
    const credentials = variables.join(' and ');
    if (adapter?.sandbox === false) return { level: allReal ? 'info' : 'warn', text: `${name}: REAL, with ${variables[0]}: posts go to the real ${name}` };
    if (adapter && sandbox) {
      return {
        level: 'warn',
        text: `${name}: EMULATED, served by the sandbox at ${config.publicUrl}${sandbox.prefix}: nothing reaches the real ${name} (no ${credentials}). Its control API and published pages are ${pagesAreFor}`,
      };
    }
    const why =
      config.social.sandbox === 'disabled'
        ? 'the sandbox is off (SOCIAL_SANDBOX=false)'
        : 'the sandbox serves no network while another has credentials (SOCIAL_SANDBOX=auto)';
    return {
      level: 'warn',
      text: `${name}: UNAVAILABLE, it cannot be connected: no ${credentials}, and ${why}. Set ${credentials}, or SOCIAL_SANDBOX=true to emulate it`,
    };
  }
}

/**
 * The sandbox the app mounts when SOCIAL_SANDBOX lets it serve a network (`sandboxAccess`), with the
 * app's redirect URIs registered; it remembers in DATA_DIR/sandbox unless `inMemory` (the network
 * check's own copy, npm run check:networks, on a loopback port for the script's run). Outside the
 * all-sandbox default its control API and published pages pass `administratorCheck` first; without
 * one (that copy of the check) they are open.
 */
export function createAppSandbox(config: Config, options: { inMemory?: boolean; administratorCheck?: SandboxAccessCheck['check'] } = {}): Sandbox | undefined {
  const access = sandboxAccess(config.social);
  if (access === 'off') return undefined;
  return createSandbox({
    publicUrl: config.publicUrl,
    ...(options.inMemory ? {} : { dataDir: path.join(config.dataDir, 'sandbox') }),
    redirectUris: {
      linkedin: [redirectUriOf(config.publicUrl, 'linkedin')],
      meta: [redirectUriOf(config.publicUrl, 'instagram'), redirectUriOf(config.publicUrl, 'facebook')],
      instagram: [instagramLoginRedirectUri(config.publicUrl)],
    },
    // The sandbox fetches the images from this app (and its bucket), which the real Meta could not.
    imageOrigins: storageImageOrigins(config.storage, config.publicUrl),
    unreachableReason: nonPublicUrlReason,
    // Its LinkedIn app has the organization product exactly when this app asks for company pages.
    settings: {
      linkedin: {
        organizationProduct: config.social.linkedin.organizationPages,
        memberAnalyticsProduct: config.social.linkedin.memberPostAnalytics,
        latencyMs: config.social.sandboxLatencyMs,
      },
      meta: { latencyMs: config.social.sandboxLatencyMs },
    },
    ...(access === 'administrators' && options.administratorCheck
      ? { access: { check: options.administratorCheck, signInUrl: `${config.publicUrl}/login` } }
      : {}),
  });
}
