import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { createSmtpMailer } from '../adapters/mail/smtp-mailer.ts';
import type { Mailer } from '../adapters/mail/mailer.ts';

/**
 * A real SMTP server on a free local port (smtp-server), for tests that send through the app's own SMTP
 * mailer: what it received, decoded (subject, plain text and HTML), and a switch that makes it refuse.
 */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** The parts sent as files (Content-Disposition: attachment), decoded. */
  attachments: Array<{ filename: string; contentType: string; content: Buffer }>;
  raw: string;
}

export interface TestSmtpServer {
  /** The app's SMTP mailer, pointed at this server. */
  mailer: Mailer;
  received: ReceivedMail[];
  /** While true, every message is refused (the mailer's send fails). */
  refuse: boolean;
  close(): Promise<void>;
}

export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const state: { received: ReceivedMail[]; refuse: boolean } = { received: [], refuse: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (state.refuse) return callback(new Error('Mailbox unavailable'));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        state.received.push({ to: session.envelope.rcptTo.map((recipient) => recipient.address), ...decodeMessage(raw), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  const smtp = createSmtpMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Alzado <no-reply@alzado.local>' });
  return {
    mailer: smtp,
    get received() {
      return state.received;
    },
    set received(value: ReceivedMail[]) {
      state.received = value;
    },
    get refuse() {
      return state.refuse;
    },
    set refuse(value: boolean) {
      state.refuse = value;
    },
    close: async () => {
      smtp.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Headers (unfolded, names lower-cased) and body of a MIME entity. */
function splitEntity(raw: string): { headers: Map<string, string>; body: string } {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end === -1 ? raw : raw.slice(0, end);
  const body = end === -1 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, '');
  for (let index = 0; index < soft.length; index += 1) {
    const hex = soft.slice(index + 1, index + 3);
    if (soft[index] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(soft[index]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=), adjacent ones joined. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g, (_word, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

function decodeMessage(raw: string): { subject: string; text: string; html: string; attachments: ReceivedMail['attachments'] } {
  const { headers, body } = splitEntity(raw);
  const subject = decodeHeader(headers.get('subject') ?? '');
  const parts: Array<{ type: string; content: string }> = [];
  const attachments: ReceivedMail['attachments'] = [];
  const collect = (entityHeaders: Map<string, string>, entityBody: string) => {
    const type = entityHeaders.get('content-type') ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (type.toLowerCase().startsWith('multipart/') && boundary) {
      for (const part of entityBody.split(`--${boundary}`).slice(1)) {
        if (part.startsWith('--')) break;
        const entity = splitEntity(part.replace(/^\r?\n/, ''));
        collect(entity.headers, entity.body);
      }
      return;
    }
    const disposition = entityHeaders.get('content-disposition') ?? '';
    if (disposition.toLowerCase().startsWith('attachment')) {
      const encoding = (entityHeaders.get('content-transfer-encoding') ?? '7bit').toLowerCase();
      attachments.push({
        filename: decodeHeader(/filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? ''),
        contentType: type.split(';')[0]!.trim().toLowerCase(),
        content: encoding === 'base64' ? Buffer.from(entityBody.replace(/\s+/g, ''), 'base64') : Buffer.from(entityBody, 'latin1'),
      });
      return;
    }
    parts.push({ type: type.toLowerCase(), content: decodeBody(entityHeaders, entityBody).replace(/\r\n/g, '\n').trimEnd() });
  };
  collect(headers, body);
  return {
    subject,
    text: parts.find((part) => part.type.startsWith('text/plain'))?.content ?? '',
    html: parts.find((part) => part.type.startsWith('text/html'))?.content ?? '',
    attachments,
  };
}
