import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../lib/clock.ts';
import type { MailMessage } from './mailer.ts';
import { createOutboxMailer, readOutbox } from './outbox-mailer.ts';
import { createSmtpMailer } from './smtp-mailer.ts';

const FROM = 'Alzado <no-reply@alzado.local>';

function message(overrides: Partial<MailMessage> = {}): MailMessage {
  return {
    to: 'ana@studio.es',
    subject: 'Recover your Alzado password',
    text: 'Choose a new password: http://localhost:3000/reset-password?token=abc',
    html: '<p><a href="http://localhost:3000/reset-password?token=abc">Choose a new password</a></p>',
    ...overrides,
  };
}

describe('outbox mailer', () => {
  let outboxDir: string;
  let logged: string[];
  beforeEach(() => {
    outboxDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'alzado-outbox-')), 'outbox');
    logged = [];
  });
  afterEach(() => fs.rmSync(path.dirname(outboxDir), { recursive: true, force: true }));

  it('writes one readable JSON file per message, creating the folder, and logs where', async () => {
    const mailer = createOutboxMailer({ outboxDir, from: FROM, log: (line) => logged.push(line), now: systemClock });
    await mailer.send(message());
    await mailer.send(message({ to: 'jordi@studio.es', subject: "Recupera la teva contrasenya d'Alzado" }));

    const files = fs.readdirSync(outboxDir);
    expect(files).toHaveLength(2);
    expect(files.every((name) => name.endsWith('.json'))).toBe(true);
    const onDisk = JSON.parse(fs.readFileSync(path.join(outboxDir, files.sort()[0]!), 'utf8'));
    expect(onDisk).toMatchObject({ from: FROM, to: 'ana@studio.es', subject: 'Recover your Alzado password' });

    expect(logged).toHaveLength(2);
    expect(logged[0]).toContain('ana@studio.es');
    expect(logged[0]).toContain(outboxDir);
  });

  it('reads the outbox back in sending order, even within one millisecond, with sender and time', async () => {
    // A stopped clock: every message is sent within the same millisecond.
    const sentAt = '2025-06-10T08:00:00.000Z';
    const mailer = createOutboxMailer({ outboxDir, from: FROM, log: () => {}, now: () => new Date(sentAt) });
    const subjects = ['First', 'Second, with ñ and l·l', 'Third', 'Fourth', 'Fifth', 'Sixth'];
    for (const subject of subjects) await mailer.send(message({ subject }));

    const outbox = await readOutbox(outboxDir);
    expect(outbox.map((mail) => mail.subject)).toEqual(subjects);
    expect(outbox[0]).toEqual({ ...message({ subject: 'First' }), from: FROM, sentAt: expect.any(String) });
    expect(Number.isNaN(Date.parse(outbox[0]!.sentAt))).toBe(false);
    expect(outbox.every((mail) => mail.sentAt === sentAt)).toBe(true);
  });

  it('reads a missing outbox as empty', async () => {
    expect(await readOutbox(path.join(outboxDir, 'never-created'))).toEqual([]);
  });
});

describe('SMTP mailer', () => {
  let server: SMTPServer;
  let port: number;
  let received: { from: string; to: string[]; raw: string }[];
  let refuse: string | undefined;
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (refuse && address.address === refuse) return callback(new Error('Mailbox unavailable'));
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  beforeEach(() => {
    received = [];
    refuse = undefined;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(resolve)));

  it('delivers a message to a real SMTP server, with subject, recipient, sender and both bodies', async () => {
    const mailer = createSmtpMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: FROM });
    try {
      await mailer.send(message());
    } finally {
      mailer.close();
    }

    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail!.to).toEqual(['ana@studio.es']);
    expect(mail!.from).toBe('no-reply@alzado.local');
    expect(mail!.raw).toMatch(/^Subject: Recover your Alzado password\r?$/m);
    expect(mail!.raw).toMatch(/^To: ana@studio\.es\r?$/m);
    expect(mail!.raw).toMatch(/^From: Alzado <no-reply@alzado\.local>\r?$/m);
    expect(mail!.raw).toContain('text/plain');
    expect(mail!.raw).toContain('text/html');
    expect(mail!.raw).toContain('reset-password?token=abc');
  });

  it('carries Reply-To when the message has one (a contact message: answers go to the visitor)', async () => {
    const mailer = createSmtpMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: FROM });
    try {
      await mailer.send(message({ to: 'hola@alzado.local', replyTo: 'marta@soler.es' }));
    } finally {
      mailer.close();
    }
    expect(received[0]!.to).toEqual(['hola@alzado.local']);
    expect(received[0]!.raw).toMatch(/^Reply-To: marta@soler\.es\r?$/m);
  });

  it('fails the send when the server refuses the recipient, so the caller can log it', async () => {
    refuse = 'bounce@studio.es';
    const mailer = createSmtpMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: FROM });
    try {
      await expect(mailer.send(message({ to: 'bounce@studio.es' }))).rejects.toThrow();
    } finally {
      mailer.close();
    }
    expect(received).toEqual([]);
  });
});
