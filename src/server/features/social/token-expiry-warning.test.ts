import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../../adapters/mail/mailer.ts';
import { readFlag } from '../../db/values.ts';
import { createTestPost } from '../../test-support/posts.ts';
import { projectRowValues } from '../../test-support/projects.ts';
import { type TestSandbox, connect, sandboxAdapters, startTestSandbox } from '../../test-support/social-sandbox.ts';
import { storedFlag, storedInstant } from '../../test-support/stored-values.ts';
import { type TestApp, createTestApp, createTestUser, signIn } from '../../test-support/test-app.ts';
import { EXPIRING_MAILED_ACTION, LOST_ACTION, LOST_MAILED_ACTION } from './token-refresh-repo.ts';
import { enqueueTokenRefresh } from './token-refresh.ts';

// A connection the refresh cannot renew (LinkedIn without programmatic refresh tokens) keeps working
// until its token expires: its owner is warned once, and it is closed only then.
const DAY_MS = 86_400_000;

let sandbox: TestSandbox;
let t: TestApp;
const mail: MailMessage[] = [];
let userCount = 0;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  t = await createTestApp({ social: sandboxAdapters(sandbox), mailer: { send: async (message) => void mail.push(message) } });
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
});
afterEach(async () => {
  await t.database.db
    .updateTable('social_connections')
    .set({ is_connected: storedFlag(false) as boolean })
    .execute();
  await t.database.db.deleteFrom('jobs').execute();
  sandbox.sandbox.control.reset();
  mail.length = 0;
});

async function connectedLinkedIn(language: 'es' | 'en' | 'cat', firstName: string) {
  const user = await createTestUser(t, { email: `expiring${++userCount}@refresh.test`, language, firstName });
  const cookie = await signIn(t, user.email, user.password);
  const response = await connect(t, cookie, 'linkedin');
  expect(response.statusCode, response.body).toBe(200);
  return { ...user, cookie };
}

/** The token's expiry set to `at`; returns it. */
async function expireAt(userId: string, at: Date) {
  await t.database.db
    .updateTable('social_connections')
    .set({ token_expires_at: storedInstant(at) as string })
    .where('user_id', '=', userId)
    .where('network', '=', 'linkedin')
    .execute();
  return at;
}

async function runRefresh() {
  await enqueueTokenRefresh(t.database.db, t.database.dialect, new Date());
  await t.worker.runDueJobs();
  return t.database.db.selectFrom('jobs').selectAll().where('kind', '=', 'refresh-tokens').orderBy('id', 'desc').executeTakeFirstOrThrow();
}

const isConnected = async (userId: string) =>
  readFlag(
    (
      await t.database.db
        .selectFrom('social_connections')
        .select('is_connected')
        .where('user_id', '=', userId)
        .where('network', '=', 'linkedin')
        .executeTakeFirstOrThrow()
    ).is_connected,
  );

const auditActions = async (prefix: string) =>
  (await t.database.db.selectFrom('audit_log').select(['action', 'subject']).where('subject', 'like', `${prefix}%`).orderBy('id').execute()).map(
    (row) => `${row.action} ${row.subject}`,
  );

/** YYYY-MM-DD in the studio (Europe/Madrid), `days` from now. */
function studioDay(days: number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Madrid', year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(new Date(Date.now() + days * DAY_MS))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}
const shown = (day: string) => day.split('-').reverse().join('-');

async function schedule(ownerId: string, days: string[]) {
  const project = await t.database.db
    .insertInto('projects')
    .values(projectRowValues({ state: 'preview', created_by: ownerId }))
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [index, day] of days.entries()) {
    await createTestPost(t.database.db, {
      projectId: project.id,
      ownerId,
      sequence: index + 1,
      state: 'scheduled',
      publishOn: day,
      networks: { linkedin: true },
    });
  }
}

describe('a LinkedIn connection without a refresh token', () => {
  it('is kept while its token works, and its owner warned once, in their language, with the day and the posts due after it', async () => {
    const user = await connectedLinkedIn('en', 'Marta');
    // Two posts due after the expiry, one before it (it goes out with the valid token).
    await schedule(user.id, [studioDay(2), studioDay(10), '2099-01-01']);
    const expiresAt = await expireAt(user.id, new Date(Date.now() + 5 * DAY_MS));

    expect((await runRefresh()).state).toBe('done');
    expect(await isConnected(user.id)).toBe(true);
    expect(mail).toHaveLength(1);
    const day = shown(studioDay(5));
    expect(mail[0]!.to).toBe(user.email);
    expect(mail[0]!.subject).toBe(`Your LinkedIn connection expires on ${day}`);
    expect(mail[0]!.text).toContain('Hello Marta,');
    expect(mail[0]!.text).toContain(`the connection expires on ${day}. Until then everything keeps working.`);
    expect(mail[0]!.text).toContain('You have 2 posts scheduled to LinkedIn after that date: they will not go out unless you connect again before then.');
    expect(mail[0]!.text).toContain(`Before ${day}, sign in to Alzado, open Settings and connect the account again:`);
    expect(mail[0]!.html).toContain('<a href="http://localhost:3000/settings">Connect LinkedIn again</a>');
    expect(await auditActions(`linkedin:${user.id}`)).toEqual([`${EXPIRING_MAILED_ACTION} linkedin:${user.id}:${expiresAt.toISOString()}`]);

    // The next runs say nothing more about this token.
    expect((await runRefresh()).state).toBe('done');
    expect((await runRefresh()).state).toBe('done');
    expect(mail).toHaveLength(1);
    expect(await isConnected(user.id)).toBe(true);
  });

  it('is closed once its token has expired, with the connection-lost e-mail (Spanish)', async () => {
    const user = await connectedLinkedIn('es', 'Jordi');
    await schedule(user.id, ['2099-01-01']);
    await expireAt(user.id, new Date(Date.now() + 3 * DAY_MS));
    expect((await runRefresh()).state).toBe('done');
    expect(mail.map((message) => message.subject)).toEqual([`Tu conexión con LinkedIn caduca el ${shown(studioDay(3))}`]);
    expect(mail[0]!.text).toContain('Tienes 1 publicación programada en LinkedIn para después de esa fecha');

    // The expiry comes: the run after it closes the connection.
    await expireAt(user.id, new Date(Date.now() - 60_000));
    expect((await runRefresh()).state).toBe('done');
    expect(await isConnected(user.id)).toBe(false);
    expect(mail.map((message) => message.subject)).toEqual([
      `Tu conexión con LinkedIn caduca el ${shown(studioDay(3))}`,
      'Tu conexión con LinkedIn se ha cerrado',
    ]);
    expect(mail[1]!.text).toContain('Tienes 1 publicación programada en LinkedIn: no podrá salir hasta que vuelvas a conectarte.');
    const actions = (await auditActions(`linkedin:${user.id}`)).map((entry) => entry.split(' ')[0]);
    expect(actions).toEqual([EXPIRING_MAILED_ACTION, LOST_ACTION, LOST_MAILED_ACTION]);
  });

  it('a new token (connected again) gets its own warning (Catalan)', async () => {
    const user = await connectedLinkedIn('cat', 'Núria');
    await expireAt(user.id, new Date(Date.now() + 4 * DAY_MS));
    expect((await runRefresh()).state).toBe('done');
    expect(mail).toHaveLength(1);

    // "Connect again" in Settings: a fresh token; when it too nears its end, another warning.
    expect((await connect(t, user.cookie, 'linkedin')).statusCode).toBe(200);
    expect((await runRefresh()).state).toBe('done');
    expect(mail).toHaveLength(1);
    await expireAt(user.id, new Date(Date.now() + 6 * DAY_MS));
    expect((await runRefresh()).state).toBe('done');
    expect(mail.map((message) => message.subject)).toEqual([
      `La teva connexió amb LinkedIn caduca el ${shown(studioDay(4))}`,
      `La teva connexió amb LinkedIn caduca el ${shown(studioDay(6))}`,
    ]);
    expect(mail[1]!.text).toContain('Ara no tens publicacions programades a LinkedIn després d’aquesta data.');
    expect(await isConnected(user.id)).toBe(true);
  });
});
