import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../../lib/private-files.ts';
import type { MailMessage, Mailer } from './mailer.ts';
import type { Clock } from '../../lib/clock.ts';

/** Orders the messages this process writes within one millisecond. */
let nextSequence = 0;

/**
 * The default mailer: each message becomes one readable JSON file in the outbox folder, so that a
 * person (or a test) can open it. Nothing leaves the machine. A message's sentAt is the app's clock's.
 */
export function createOutboxMailer(options: { outboxDir: string; from: string; log: (line: string) => void; now: Clock }): Mailer {
  return {
    async send(message: MailMessage) {
      // The messages hold recovery and welcome links: for the app's own account only.
      await fs.mkdir(options.outboxDir, { recursive: true, mode: PRIVATE_DIR_MODE });
      const sentAt = options.now().toISOString();
      // The sequence keeps messages of the same millisecond in sending order when the names are sorted.
      const sequence = String(nextSequence++).padStart(6, '0');
      const name = `${sentAt.replace(/[:.]/g, '-')}-${sequence}-${randomBytes(4).toString('hex')}.json`;
      const file = path.join(options.outboxDir, name);
      // An attachment is written beside the message, which names its file (a PDF would not be readable inside JSON).
      const attachments = [];
      for (const [index, attachment] of (message.attachments ?? []).entries()) {
        const attachmentFile = `${file.slice(0, -'.json'.length)}-${index}-${attachment.filename.replace(/[^\w.-]+/g, '_')}`;
        await fs.writeFile(attachmentFile, attachment.content, { mode: PRIVATE_FILE_MODE });
        attachments.push({ filename: attachment.filename, contentType: attachment.contentType, size: attachment.content.length, file: attachmentFile });
      }
      const written = { from: options.from, sentAt, ...message, ...(attachments.length > 0 ? { attachments } : {}) };
      await fs.writeFile(file, `${JSON.stringify(written, null, 2)}\n`, { mode: PRIVATE_FILE_MODE });
      options.log(`E-mail to ${message.to} ("${message.subject}") written to ${file}`);
    },
  };
}

/** Reads the outbox, oldest first. For operators and tests. */
export async function readOutbox(outboxDir: string): Promise<(MailMessage & { from: string; sentAt: string })[]> {
  const names = (await fs.readdir(outboxDir).catch(() => [])).filter((name) => name.endsWith('.json')).sort();
  return Promise.all(names.map(async (name) => JSON.parse(await fs.readFile(path.join(outboxDir, name), 'utf8'))));
}
