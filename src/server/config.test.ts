import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

function configError(environment: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(environment);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('loadConfig accepted the environment');
}

describe('configuration', () => {
  it('starts on a fresh machine with nothing set: port 3000, SQLite in ./data, http://localhost:3000', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.dataDir).toBe(path.resolve('data'));
    expect(config.database).toEqual({ dialect: 'sqlite', file: path.resolve('data', 'alzado.sqlite') });
    expect(config.mail.outboxDir).toBe(path.resolve('data', 'outbox'));
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.firstAdmin).toBeUndefined();
    expect(config.authSecret).toBeUndefined();
    expect(config.trustProxy).toBe(false);
    expect(config.signInLimits).toEqual({ maxFailuresPerEmail: 5, maxFailuresPerAddress: 50, windowSeconds: 900 });
    expect(config.passwordResetLimits).toEqual({ maxPerEmail: 5, maxPerAddress: 50 });
  });

  it('chooses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://alzado:secret@db.internal:5432/alzado' });
    expect(config.database).toEqual({ dialect: 'postgres', url: 'postgres://alzado:secret@db.internal:5432/alzado' });
    expect(loadConfig({ DATABASE_URL: 'postgresql://db/alzado' }).database.dialect).toBe('postgres');
  });

  it('derives the public address from the port, and takes PUBLIC_URL without its trailing slash', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://alzado.example/' }).publicUrl).toBe('https://alzado.example');
  });

  it('reads numbers and flags from their text', () => {
    const config = loadConfig({ PORT: '8080', SIGN_IN_MAX_FAILURES_PER_EMAIL: '3', TRUST_PROXY: 'true', PASSWORD_RESET_MAX_REQUESTS: '2' });
    expect(config.port).toBe(8080);
    expect(config.signInLimits.maxFailuresPerEmail).toBe(3);
    expect(config.trustProxy).toBe(true);
    expect(config.passwordResetLimits.maxPerEmail).toBe(2);
  });

  it.each([
    ['PORT', { PORT: 'abc' }],
    ['PORT', { PORT: '70000' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://db/alzado' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'alzado.example' }],
    ['AUTH_SECRET', { AUTH_SECRET: 'short' }],
    ['ADMIN_EMAIL', { ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: 'admin-password' }],
    ['ADMIN_PASSWORD', { ADMIN_EMAIL: 'boss@studio.es', ADMIN_PASSWORD: '12345' }],
    ['SMTP_URL', { SMTP_URL: 'http://mail.example' }],
    ['SIGN_IN_MAX_FAILURES_PER_EMAIL', { SIGN_IN_MAX_FAILURES_PER_EMAIL: '0' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'maybe' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
  ])('refuses a wrong %s with a ConfigError that names it', (variable, environment) => {
    expect(configError(environment).message).toContain(variable);
  });

  it('reads the approval e-mails: quiet minutes and rising reminder hours, or none (decision 042)', () => {
    expect(loadConfig({}).approvalEmails).toEqual({ quietMinutes: 10, reminderHours: [24, 72] });
    expect(loadConfig({ APPROVAL_EMAIL_QUIET_MINUTES: '0', APPROVAL_REMINDER_HOURS: ' 12, 48 ,96' }).approvalEmails).toEqual({
      quietMinutes: 0,
      reminderHours: [12, 48, 96],
    });
    expect(loadConfig({ APPROVAL_REMINDER_HOURS: 'none' }).approvalEmails.reminderHours).toEqual([]);
    for (const wrong of ['72,24', '24,24', '0', '24h', '721', '1,2,3,4,5,6', '24,,72']) {
      expect(configError({ APPROVAL_REMINDER_HOURS: wrong }).message).toContain('APPROVAL_REMINDER_HOURS');
    }
    expect(configError({ APPROVAL_EMAIL_QUIET_MINUTES: '1441' }).message).toContain('APPROVAL_EMAIL_QUIET_MINUTES');
  });

  it('refuses ADMIN_EMAIL without ADMIN_PASSWORD, and the other way round, naming both', () => {
    for (const environment of [{ ADMIN_EMAIL: 'boss@studio.es' }, { ADMIN_PASSWORD: 'admin-password' }]) {
      const message = configError(environment).message;
      expect(message).toContain('ADMIN_EMAIL');
      expect(message).toContain('ADMIN_PASSWORD');
    }
  });

  it('takes the first administrator when both are given', () => {
    expect(loadConfig({ ADMIN_EMAIL: 'boss@studio.es', ADMIN_PASSWORD: 'admin-password' }).firstAdmin).toEqual({
      email: 'boss@studio.es',
      password: 'admin-password',
    });
  });

  it('counts empty variables as unset, as a .env file with FOO= means', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '', PUBLIC_URL: '', ADMIN_EMAIL: '', ADMIN_PASSWORD: '', AUTH_SECRET: '', SMTP_URL: '' });
    expect(config).toEqual(loadConfig({}));
    // Half of the admin pair empty is the same as half unset.
    expect(configError({ ADMIN_EMAIL: 'boss@studio.es', ADMIN_PASSWORD: '' }).message).toContain('ADMIN_PASSWORD');
  });
});

describe('the contact form and chat button', () => {
  it('mail the studio at hola@alzado.local, chat by e-mail, and allow 5 messages per address an hour, by default', () => {
    expect(loadConfig({}).contact).toEqual({
      studioAddress: 'hola@alzado.local',
      chatUrl: 'mailto:hola@alzado.local?body={message}',
      maxPerAddress: 5,
      windowSeconds: 3600,
    });
  });

  it('take the studio address, the chat link and the limits from the environment', () => {
    const config = loadConfig({
      CONTACT_EMAIL: 'hola@estudio.es',
      CHAT_URL: 'https://wa.me/34600000000?text={message}',
      CONTACT_FORM_MAX_PER_ADDRESS: '20',
      CONTACT_FORM_WINDOW_SECONDS: '600',
    });
    expect(config.contact).toEqual({
      studioAddress: 'hola@estudio.es',
      chatUrl: 'https://wa.me/34600000000?text={message}',
      maxPerAddress: 20,
      windowSeconds: 600,
    });
    // Without a chat link, the button writes to the configured address.
    expect(loadConfig({ CONTACT_EMAIL: 'hola@estudio.es' }).contact.chatUrl).toBe('mailto:hola@estudio.es?body={message}');
  });

  it.each([
    ['CONTACT_EMAIL', { CONTACT_EMAIL: 'not-an-address' }],
    ['CHAT_URL', { CHAT_URL: 'javascript:alert(1)' }],
    ['CHAT_URL', { CHAT_URL: 'wa.me/34600000000' }],
    ['CONTACT_FORM_MAX_PER_ADDRESS', { CONTACT_FORM_MAX_PER_ADDRESS: '0' }],
  ])('refuse a wrong %s, naming it', (variable, environment) => {
    expect(configError(environment).message).toContain(variable);
  });
});
