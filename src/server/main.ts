import path from 'node:path';
import { createOutboxMailer } from './adapters/mail/outbox-mailer.ts';
import { createSmtpMailer } from './adapters/mail/smtp-mailer.ts';
import { createLocalStorage } from './adapters/storage/local-storage.ts';
import { createS3Storage } from './adapters/storage/s3-storage.ts';
import { createSocialClients, needsSandbox } from './adapters/social-clients.ts';
import { buildApp } from './app.ts';
import { resolveAuthSecret } from './auth/auth-secret.ts';
import { ensureFirstAdmin } from './auth/first-admin.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { redirectUriOf } from './features/social/service.ts';
import { createTokenCipher } from './lib/token-cipher.ts';
import { resolveTokenKeys } from './lib/token-encryption-key.ts';
import { createSandbox } from './sandbox/sandbox.ts';

/** Process entry: configuration, database and migrations, adapters, HTTP server, graceful stop. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase(config.database);
  const applied = await migrateToLatest(database.db, database.dialect);

  // The networks: real where credentials are configured, otherwise the sandbox mounted at /sandbox,
  // which the server calls on its own loopback address.
  const tokenKeys = resolveTokenKeys(config.tokenEncryptionKeys, config.dataDir);
  const sandbox = needsSandbox(config.social)
    ? createSandbox({
        publicUrl: config.publicUrl,
        dataDir: path.join(config.dataDir, 'sandbox'),
        redirectUris: { linkedin: [redirectUriOf(config.publicUrl, 'linkedin')], meta: [redirectUriOf(config.publicUrl, 'instagram')] },
      })
    : undefined;
  const loopback = ['0.0.0.0', '::', 'localhost'].includes(config.host) ? '127.0.0.1' : config.host.includes(':') ? `[${config.host}]` : config.host;
  const socialClients = createSocialClients({
    social: config.social,
    publicUrl: config.publicUrl,
    internalUrl: config.port === 0 ? config.publicUrl : `http://${loopback}:${config.port}`,
    sandbox,
  });

  // The outbox logs through the app's logger, which exists only once the app is built.
  const logLine = { write: (line: string) => console.log(line) };
  const { app, auth } = await buildApp({
    config,
    database,
    authSecret: resolveAuthSecret(config.authSecret, config.dataDir),
    storage: config.storage.kind === 's3' ? createS3Storage(config.storage) : createLocalStorage({ root: config.storage.root, publicUrl: config.publicUrl }),
    mediaDir: config.storage.kind === 'local' ? config.storage.root : undefined,
    mailer: config.mail.smtpUrl
      ? createSmtpMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from })
      : createOutboxMailer({ outboxDir: config.mail.outboxDir, from: config.mail.from, log: (line) => logLine.write(line) }),
    social: { cipher: createTokenCipher(tokenKeys.keys), ...socialClients, sandbox },
  });
  logLine.write = (line) => app.log.info(line);
  if (applied.length > 0) app.log.info({ migrations: applied }, 'Database migrated');
  if (!config.tokenEncryptionKeys) {
    const where = `TOKEN_ENCRYPTION_KEY is not set: the networks' tokens are encrypted with the key in ${path.join(config.dataDir, 'token-encryption-key')}`;
    if (tokenKeys.generatedFile) app.log.warn(`${where} (generated now). Production sets TOKEN_ENCRYPTION_KEY and keeps it apart from the backups.`);
    else app.log.info(where);
  }
  for (const [network, adapter] of Object.entries({ linkedin: socialClients.linkedin, instagram: socialClients.instagram })) {
    if (adapter?.sandbox) app.log.warn(`${network}: no credentials configured, so it is served by the sandbox at ${config.publicUrl}/sandbox (nothing reaches the real network)`);
    if (!adapter) app.log.warn(`${network}: no credentials configured and the sandbox is off (SOCIAL_SANDBOX=false): it cannot be connected`);
  }

  await ensureFirstAdmin({
    db: database.db,
    auth,
    credentials: config.firstAdmin,
    // Printed straight to the console, once, so the operator sees it even with JSON logs.
    announce: (message) => console.log(`\n${message}\n`),
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received, stopping`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Alzado is running at ${config.publicUrl} (database: ${database.dialect})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
