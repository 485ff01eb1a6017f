import path from 'node:path';
import { createOutboxMailer } from './adapters/mail/outbox-mailer.ts';
import { createSmtpMailer } from './adapters/mail/smtp-mailer.ts';
import { createStorage, storageImageOrigins } from './adapters/storage/create-storage.ts';
import { createSocialClients, needsSandbox } from './adapters/social-clients.ts';
import { createPostWriter } from './adapters/ai/create-post-writer.ts';
import { type AppDependencies, buildApp } from './app.ts';
import { resolveAuthSecret } from './auth/auth-secret.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import type { EventHub } from './events/event-hub.ts';
import { networkStartWarnings } from './features/networks-check/start-warnings.ts';
import { redirectUriOf } from './features/social/service.ts';
import { createTokenCipher } from './lib/token-cipher.ts';
import { resolveTokenKeys } from './lib/token-encryption-key.ts';
import { type Sandbox, createSandbox } from './sandbox/sandbox.ts';

/**
 * The app as `npm start` runs it, composed from the configuration on an open, migrated database: the
 * adapters each setting chooses (storage, mail, the networks or their sandbox, the keys in DATA_DIR).
 * Shared by main.ts and the demo (src/server/demo), so the demo fills the database through the very
 * app users get. Does not listen and does not start the job worker. `events`: the hub shared by several
 * processes (PostgreSQL); a memory hub otherwise.
 */
export async function composeApp(config: Config, database: DatabaseHandle, options: { events?: EventHub; logger?: AppDependencies['logger'] } = {}) {
  // The networks: real where credentials are configured, otherwise the sandbox mounted at /sandbox,
  // which the server calls on its own loopback address.
  const tokenKeys = resolveTokenKeys(config.tokenEncryptionKeys, config.dataDir);
  const sandbox = createAppSandbox(config);
  const loopback = ['0.0.0.0', '::', 'localhost'].includes(config.host) ? '127.0.0.1' : config.host.includes(':') ? `[${config.host}]` : config.host;
  const socialClients = createSocialClients({
    social: config.social,
    publicUrl: config.publicUrl,
    internalUrl: config.port === 0 ? config.publicUrl : `http://${loopback}:${config.port}`,
    sandbox,
  });

  // The outbox logs through the app's logger, which exists only once the app is built.
  const logLine = { write: (line: string) => console.log(line) };
  const storage = createStorage(config.storage, config.publicUrl);
  const built = await buildApp({
    config,
    database,
    authSecret: resolveAuthSecret(config.authSecret, config.dataDir),
    storage,
    mediaDir: config.storage.kind === 'local' ? config.storage.root : undefined,
    mailer: config.mail.smtpUrl
      ? createSmtpMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from })
      : createOutboxMailer({ outboxDir: config.mail.outboxDir, from: config.mail.from, log: (line) => logLine.write(line) }),
    social: { cipher: createTokenCipher(tokenKeys.keys), ...socialClients, sandbox },
    events: options.events,
    writer: createPostWriter(config.ai),
    ...(options.logger === undefined ? {} : { logger: options.logger }),
  });
  const { app } = built;
  logLine.write = (line) => app.log.info(line);
  if (!config.tokenEncryptionKeys) {
    const where = `TOKEN_ENCRYPTION_KEY is not set: the networks' tokens are encrypted with the key in ${path.join(config.dataDir, 'token-encryption-key')}`;
    if (tokenKeys.generatedFile) app.log.warn(`${where} (generated now). Production sets TOKEN_ENCRYPTION_KEY and keeps it apart from the backups.`);
    else app.log.info(where);
  }
  for (const [network, adapter] of Object.entries({ linkedin: socialClients.linkedin, instagram: socialClients.instagram })) {
    if (adapter?.sandbox) app.log.warn(`${network}: no credentials configured, so it is served by the sandbox at ${config.publicUrl}/sandbox (nothing reaches the real network)`);
    if (!adapter) app.log.warn(`${network}: no credentials configured and the sandbox is off (SOCIAL_SANDBOX=false): it cannot be connected`);
  }
  // Ended or unknown API versions, and image addresses the real Meta cannot download (docs/networks.md).
  for (const line of await networkStartWarnings({ ...socialClients, storage, now: new Date() })) app.log.warn(line);
  return { ...built, socialClients };
}

/**
 * The sandbox the app mounts when a network has no credentials, with the app's redirect URIs registered;
 * it remembers in DATA_DIR/sandbox unless `inMemory` (the network check's own copy, npm run check:networks).
 */
export function createAppSandbox(config: Config, options: { inMemory?: boolean } = {}): Sandbox | undefined {
  if (!needsSandbox(config.social)) return undefined;
  return createSandbox({
    publicUrl: config.publicUrl,
    ...(options.inMemory ? {} : { dataDir: path.join(config.dataDir, 'sandbox') }),
    redirectUris: { linkedin: [redirectUriOf(config.publicUrl, 'linkedin')], meta: [redirectUriOf(config.publicUrl, 'instagram')] },
    // The sandbox fetches the images from this app (and its bucket), which the real Meta could not.
    imageOrigins: storageImageOrigins(config.storage, config.publicUrl),
    // Its LinkedIn app has the organization product exactly when this app asks for company pages.
    settings: { linkedin: { organizationProduct: config.social.linkedin.organizationPages } },
  });
}
