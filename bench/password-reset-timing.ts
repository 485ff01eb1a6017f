/**
 * Whether the recovery request's timing tells which e-mails have accounts (issue 13, item 3): POST
 * /api/auth/request-password-reset for an address with an account and for one without, one request at
 * a time, alternating, over real HTTP on 127.0.0.1, with the app's SMTP mailer sending to a local SMTP
 * server (smtp-server) that takes `delay` ms to accept each message, as a mail provider across the
 * network does. The job worker runs, so the e-mails really go while the requests are measured.
 *   npx tsx bench/password-reset-timing.ts [sqlite|postgres] [delay ms, default 100] [requests, default 100]
 * postgres needs DATABASE_URL_TEST. The goal: both medians within 1.5x of each other.
 */
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { SMTPServer } from 'smtp-server';
import { createSmtpMailer } from '../src/server/adapters/mail/smtp-mailer.ts';
import { createTestApp, createTestUser } from '../src/server/test-support/test-app.ts';
import { percentiles } from './support/timing.ts';

const dialect = process.argv[2] === 'postgres' ? 'postgres' : 'sqlite';
const delayMs = Number(process.argv[3] ?? 100);
const requests = Number(process.argv[4] ?? 100);
const WARM_UP = 10;
process.env.TEST_DIALECT = dialect;

// The SMTP server: accepts every message after `delayMs`, counting what it received.
let received = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    stream.resume();
    stream.on('end', () =>
      setTimeout(() => {
        received += 1;
        callback();
      }, delayMs),
    );
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = (smtp.server.address() as AddressInfo).port;
const mailer = createSmtpMailer({ smtpUrl: `smtp://127.0.0.1:${smtpPort}`, from: 'Alzado <no-reply@alzado.local>' });

// Limits out of the way: this measures time, not refusals.
const testApp = await createTestApp({ mailer, passwordResetLimits: { maxPerEmail: 100_000, maxPerAddress: 100_000 } });
await createTestUser(testApp, { email: 'known@studio.es' });
await testApp.app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
testApp.worker.start();

async function timeReset(email: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${base}/api/auth/request-password-reset`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
    body: JSON.stringify({ email }),
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`request-password-reset answered ${response.status}`);
  return performance.now() - started;
}

for (let warm = 0; warm < WARM_UP; warm += 1) {
  await timeReset('known@studio.es');
  await timeReset(`warm-${warm}@nowhere.example`);
}
const known: number[] = [];
const unknown: number[] = [];
for (let index = 0; index < requests; index += 1) {
  known.push(await timeReset('known@studio.es'));
  unknown.push(await timeReset(`nobody-${index}@nowhere.example`));
}

// Let the queued e-mails go before counting them.
const expected = WARM_UP + requests;
const deadline = Date.now() + 120_000;
while (received < expected && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));

const k = percentiles(known);
const u = percentiles(unknown);
const line = (name: string, figures: ReturnType<typeof percentiles>) =>
  `${name.padEnd(28)} p50 ${figures.p50.toFixed(2).padStart(7)} ms   p95 ${figures.p95.toFixed(2).padStart(7)} ms   p99 ${figures.p99.toFixed(2).padStart(7)} ms`;
const ratio = Math.max(k.p50, u.p50) / Math.min(k.p50, u.p50);
console.log(`database: ${dialect}; SMTP server accepts each message after ${delayMs} ms; ${requests} requests each, alternating, one at a time`);
console.log(line('known address (has account)', k));
console.log(line('unknown address', u));
console.log(`p50 ratio ${ratio.toFixed(2)}x (goal: at most 1.50x); e-mails the SMTP server received: ${received} of ${expected}`);

await testApp.close();
mailer.close();
await new Promise<void>((resolve) => smtp.close(() => resolve()));
process.exit(ratio <= 1.5 ? 0 : 1);
