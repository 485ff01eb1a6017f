import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../../adapters/mail/mailer.ts';
import { readFlag, readInstant } from '../../db/values.ts';
import { defaultInstagramAccounts } from '../../../sandbox/personas.ts';
import { type Network, type TestSandbox, connect, sandboxAdapters, sandboxClients, startTestSandbox } from '../../test-support/social-sandbox.ts';
import { storedInstant } from '../../test-support/stored-values.ts';
import { type TestApp, createTestApp, createTestTokenCipher, createTestUser, signIn } from '../../test-support/test-app.ts';
import { secretContext } from './connection.ts';
import { enqueueTokenRefresh } from './token-refresh.ts';

/**
 * The refresh-tokens job and Instagram Login (decision 052, 054), over the sandbox with the app on the
 * sandbox's clock (as `npm start` runs it with every network emulated): a token within the job's window and
 * at least 24 hours old is refreshed for 60 more days (ig_refresh_token); one too young waits; one past its
 * end closes that connection only, and its owner is told, in their language, to connect again with Instagram.
 */
const CREATOR = defaultInstagramAccounts()[0]!;
const DAY_S = 86_400;
const DAY_MS = DAY_S * 1000;
const cipher = createTestTokenCipher();

let sandbox: TestSandbox;
let t: TestApp;
const mail: MailMessage[] = [];
let users = 0;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  t = await createTestApp({
    social: sandboxAdapters(sandbox, { instagramLogin: true }),
    mailer: { send: async (message) => void mail.push(message) },
    now: () => sandbox.sandbox.now(),
  });
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
});
afterEach(async () => {
  // Each test sees only its own connections and e-mails; the clock back where it was.
  await t.database.db.deleteFrom('social_connections').execute();
  await t.database.db.deleteFrom('jobs').execute();
  sandbox.sandbox.control.reset();
  mail.length = 0;
});

async function userWith(connections: Array<{ network: Network; login?: 'facebook' | 'instagram' }>, language: 'es' | 'en' | 'cat' = 'en') {
  const user = await createTestUser(t, { email: `owner${++users}@instagram-login-refresh.test`, language });
  const cookie = await signIn(t, user.email, user.password);
  for (const { network, login } of connections) {
    const response = await connect(t, cookie, network, { login, account: login === 'instagram' ? CREATOR.id : undefined });
    expect(response.statusCode, response.body).toBe(200);
  }
  return user;
}

const row = (userId: string, network: Network) =>
  t.database.db.selectFrom('social_connections').selectAll().where('user_id', '=', userId).where('network', '=', network).executeTakeFirstOrThrow();
const tokenOf = (stored: { access_token: string | null }, userId: string) =>
  cipher.decrypt(stored.access_token!, secretContext(userId, 'instagram', 'access_token'));

async function runRefresh() {
  await enqueueTokenRefresh(t.database.db, t.database.dialect, sandbox.sandbox.now());
  await t.worker.runDueJobs();
  return t.database.db.selectFrom('jobs').selectAll().where('kind', '=', 'refresh-tokens').orderBy('id', 'desc').executeTakeFirstOrThrow();
}

describe('refresh-tokens and Instagram Login', () => {
  it('refreshes a token within the window and older than 24 hours: a new token that works, 60 days from now', async () => {
    const user = await userWith([{ network: 'instagram', login: 'instagram' }]);
    const before = await row(user.id, 'instagram');
    // Day 55 of 60: within the job's 7 days.
    sandbox.sandbox.control.advanceTime(55 * DAY_S);
    const job = await runRefresh();
    expect(job.state).toBe('done');

    const after = await row(user.id, 'instagram');
    expect(readFlag(after.is_connected)).toBe(true);
    const token = tokenOf(after, user.id);
    expect(token).not.toBe(tokenOf(before, user.id));
    const now = sandbox.sandbox.now().getTime();
    // The sandbox's clock runs on meanwhile: within a few seconds of now.
    expect(Math.abs(readInstant(after.token_expires_at!).getTime() - (now + 60 * DAY_MS))).toBeLessThan(5_000);
    expect(Math.abs(readInstant(after.token_issued_at!).getTime() - now)).toBeLessThan(5_000);
    // Past the first token's end, the new one still works on graph.instagram.com.
    sandbox.sandbox.control.advanceTime(10 * DAY_S);
    expect((await sandboxClients(sandbox).instagramLogin.getProfile(token)).igUserId).toBe(CREATOR.id);
    expect(mail).toEqual([]);
  });

  it('leaves alone a token younger than 24 hours, without asking Instagram, even when its end is near', async () => {
    const user = await userWith([{ network: 'instagram', login: 'instagram' }]);
    const soon = new Date(sandbox.sandbox.now().getTime() + 2 * DAY_MS);
    await t.database.db
      .updateTable('social_connections')
      .set({ token_expires_at: storedInstant(soon) as string })
      .where('user_id', '=', user.id)
      .execute();
    const before = await row(user.id, 'instagram');
    const calls = () => sandbox.sandbox.control.usage().meta.reduce((sum, entry) => sum + entry.calls, 0);
    const callsBefore = calls();
    // The count sees Instagram Login's calls: a refresh asked now would show.
    await sandboxClients(sandbox).instagramLogin.getProfile(tokenOf(await row(user.id, 'instagram'), user.id));
    expect(calls()).toBe(callsBefore + 1);
    expect((await runRefresh()).state).toBe('done');
    const after = await row(user.id, 'instagram');
    expect(after.access_token).toBe(before.access_token);
    expect(readFlag(after.is_connected)).toBe(true);
    expect(calls()).toBe(callsBefore + 1);
  });

  it('a token past its end closes that connection only, and tells its owner in their language to connect again with Instagram', async () => {
    const lost = await userWith([{ network: 'linkedin' }, { network: 'instagram', login: 'instagram' }], 'cat');
    const bystander = await userWith([{ network: 'instagram', login: 'instagram' }]);
    // Its token ended an hour ago (Settings' check on load was never asked meanwhile).
    await t.database.db
      .updateTable('social_connections')
      .set({ token_expires_at: storedInstant(new Date(sandbox.sandbox.now().getTime() - 3_600_000)) as string })
      .where('user_id', '=', lost.id)
      .where('network', '=', 'instagram')
      .execute();

    expect((await runRefresh()).state).toBe('done');
    expect(readFlag((await row(lost.id, 'instagram')).is_connected)).toBe(false);
    expect(readFlag((await row(lost.id, 'linkedin')).is_connected)).toBe(true);
    expect(readFlag((await row(bystander.id, 'instagram')).is_connected)).toBe(true);

    expect(mail.map((message) => message.to)).toEqual([lost.email]);
    expect(mail[0]!.subject).toBe('La teva connexió amb Instagram s’ha tancat');
    expect(mail[0]!.text).toContain('tria un altre cop «Connectar amb Instagram» i entra amb el mateix compte professional');
  });
});
