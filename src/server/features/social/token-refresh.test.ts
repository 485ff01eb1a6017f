import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../../adapters/mail/mailer.ts';
import { readFlag } from '../../db/values.ts';
import { createTestPost } from '../../test-support/posts.ts';
import { projectRowValues } from '../../test-support/projects.ts';
import { type Network, type TestSandbox, connect, sandboxAdapters, sandboxClients, startTestSandbox } from '../../test-support/social-sandbox.ts';
import { defaultMetaPages } from '../../../sandbox/personas.ts';
import { storedFlag, storedInstant } from '../../test-support/stored-values.ts';
import { type TestApp, createTestApp, createTestTokenCipher, createTestUser, signIn } from '../../test-support/test-app.ts';
import { secretContext } from './connection.ts';
import { EXPIRING_MAILED_ACTION, LOST_ACTION, LOST_MAILED_ACTION } from './token-refresh-repo.ts';
import { enqueueTokenRefresh } from './token-refresh.ts';

const DAY_MS = 86_400_000;
const cipher = createTestTokenCipher();

let sandbox: TestSandbox;
let t: TestApp;
/** The e-mails that went out; while `mailDown` the mailer fails as an unreachable SMTP server does. */
const mail: MailMessage[] = [];
let mailDown = false;
let userCount = 0;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  t = await createTestApp({
    social: sandboxAdapters(sandbox),
    mailer: {
      send: async (message) => {
        if (mailDown) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
        mail.push(message);
      },
    },
  });
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
});
afterEach(async () => {
  // Each test sees only its own connections, jobs and e-mails.
  await t.database.db
    .updateTable('social_connections')
    .set({ is_connected: storedFlag(false) as boolean })
    .execute();
  await t.database.db.deleteFrom('jobs').execute();
  sandbox.sandbox.control.reset();
  mail.length = 0;
  mailDown = false;
});

const SOLER_INSTAGRAM = '17841400000000001';

/** `publishing`: Instagram's pages fetched and an account chosen, as Settings leaves a connection that publishes. */
async function connectedUser(networks: Network[], options: { language?: 'es' | 'en' | 'cat'; firstName?: string; publishing?: boolean } = {}) {
  const user = await createTestUser(t, { email: `owner${++userCount}@refresh.test`, language: options.language, firstName: options.firstName });
  const cookie = await signIn(t, user.email, user.password);
  for (const network of networks) {
    const response = await connect(t, cookie, network);
    expect(response.statusCode, response.body).toBe(200);
    if (network === 'instagram' && options.publishing) {
      expect((await t.app.inject({ method: 'GET', url: '/api/social/instagram/pages', headers: { cookie } })).statusCode).toBe(200);
      expect(
        (await t.app.inject({ method: 'PUT', url: '/api/social/instagram/target', headers: { cookie }, payload: { targetId: SOLER_INSTAGRAM } })).statusCode,
      ).toBe(200);
    }
  }
  return { ...user, cookie };
}

/** A connection made `daysAgo` days ago on Meta's clock (the sandbox's clock moved back, then forward again). */
async function connectedDaysAgo(daysAgo: number, options: { language?: 'es' | 'en' | 'cat' } = {}) {
  sandbox.sandbox.control.advanceTime(-daysAgo * 86_400);
  try {
    return await connectedUser(['instagram'], { ...options, publishing: true });
  } finally {
    sandbox.sandbox.control.advanceTime(daysAgo * 86_400);
  }
}

const row = (userId: string, network: Network) =>
  t.database.db.selectFrom('social_connections').selectAll().where('user_id', '=', userId).where('network', '=', network).executeTakeFirstOrThrow();

function secretOf(
  stored: { access_token: string | null; refresh_token: string | null; page_tokens: string | null },
  userId: string,
  network: Network,
  column: 'access_token' | 'refresh_token' | 'page_tokens',
) {
  const value = stored[column];
  return value ? cipher.decrypt(value, secretContext(userId, network, column)) : null;
}

/** Brings the stored token's expiry (and so the connection) into the refresh window. */
async function expireIn(userId: string, network: Network, ms: number) {
  await t.database.db
    .updateTable('social_connections')
    .set({ token_expires_at: storedInstant(new Date(Date.now() + ms)) as string })
    .where('user_id', '=', userId)
    .where('network', '=', network)
    .execute();
}

/** Queues the job as main.ts does and runs what is due; the job's row afterwards. */
async function runRefresh() {
  await enqueueTokenRefresh(t.database.db, t.database.dialect, new Date());
  await t.worker.runDueJobs();
  return t.database.db.selectFrom('jobs').selectAll().where('kind', '=', 'refresh-tokens').orderBy('id', 'desc').executeTakeFirstOrThrow();
}

/** A job waiting for its retry, made due now (as if its backoff had passed), and run. */
async function runRetryNow(jobId: number) {
  await t.database.db
    .updateTable('jobs')
    .set({ run_at: storedInstant(new Date()) as string })
    .where('id', '=', jobId)
    .execute();
  await t.worker.runDueJobs();
  return t.database.db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
}

async function schedulePosts(ownerId: string, posts: Array<{ linkedin?: boolean; instagram?: boolean; state?: 'preview' | 'scheduled' }>) {
  const project = await t.database.db
    .insertInto('projects')
    .values(projectRowValues({ state: 'preview', created_by: ownerId }))
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [index, post] of posts.entries()) {
    const state = post.state ?? 'scheduled';
    await createTestPost(t.database.db, {
      projectId: project.id,
      ownerId,
      sequence: index + 1,
      state,
      publishOn: state === 'scheduled' ? '2099-01-0' + (index + 1) : null,
      networks: { linkedin: post.linkedin, instagram: post.instagram },
    });
  }
}

const auditRows = (subject: string) => t.database.db.selectFrom('audit_log').select(['action']).where('subject', '=', subject).orderBy('id').execute();

function closeTo(value: unknown, expected: number, toleranceMs = 120_000) {
  expect(Math.abs(new Date(value as string).getTime() - expected)).toBeLessThan(toleranceMs);
}

describe('LinkedIn', () => {
  it('renews a token near its expiry with the refresh token: the new token works, its expiry moves 60 days on', async () => {
    sandbox.sandbox.control.configure({ linkedin: { issueRefreshTokens: true } });
    const user = await connectedUser(['linkedin']);
    const before = await row(user.id, 'linkedin');
    await expireIn(user.id, 'linkedin', 2 * DAY_MS);

    const job = await runRefresh();
    expect(job.state).toBe('done');
    const after = await row(user.id, 'linkedin');
    expect(readFlag(after.is_connected)).toBe(true);
    closeTo(after.token_expires_at, Date.now() + 60 * DAY_MS);
    const newToken = secretOf(after, user.id, 'linkedin', 'access_token')!;
    expect(newToken).not.toBe(secretOf(before, user.id, 'linkedin', 'access_token'));
    // The refresh token counts from the first authorization: same token, its expiry not extended.
    expect(secretOf(after, user.id, 'linkedin', 'refresh_token')).toBe(secretOf(before, user.id, 'linkedin', 'refresh_token'));
    closeTo(after.refresh_token_expires_at, new Date(before.refresh_token_expires_at as string).getTime(), 5_000);
    expect(await sandboxClients(sandbox).linkedin.introspectToken(newToken)).toMatchObject({ active: true, status: 'active' });
    expect((await sandboxClients(sandbox).linkedin.getMember(newToken)).sub).toBeDefined();
    expect(mail).toEqual([]);
  });

  it('a refresh token LinkedIn refuses closes the connection at once (though our row gives the token days) and e-mails its owner once, in their language', async () => {
    sandbox.sandbox.control.configure({ linkedin: { issueRefreshTokens: true } });
    const user = await connectedUser(['linkedin'], { language: 'en', firstName: 'Marta' });
    await schedulePosts(user.id, [{ linkedin: true }, { linkedin: true, instagram: true }, { instagram: true }, { linkedin: true, state: 'preview' }]);
    await expireIn(user.id, 'linkedin', 3 * DAY_MS);
    // A year on, for LinkedIn: the refresh token (365 days) is dead there, whatever our row says.
    sandbox.sandbox.control.advanceTime(366 * 86_400);

    expect((await runRefresh()).state).toBe('done');
    expect(readFlag((await row(user.id, 'linkedin')).is_connected)).toBe(false);
    expect(mail).toHaveLength(1);
    const [message] = mail;
    expect(message!.to).toBe(user.email);
    expect(message!.subject).toBe('Your LinkedIn connection has been closed');
    expect(message!.text).toContain('Hello Marta,');
    expect(message!.text).toContain('You have 2 posts scheduled to LinkedIn: they cannot go out until you connect again.');
    expect(message!.text).toContain('open Settings');
    expect(message!.text).toContain('http://localhost:3000/settings');
    expect(message!.html).toContain('<a href="http://localhost:3000/settings">Connect LinkedIn again</a>');
    expect(await auditRows(`linkedin:${user.id}`)).toEqual([{ action: LOST_ACTION }, { action: LOST_MAILED_ACTION }]);

    // Later runs have nothing more to say about this loss.
    expect((await runRefresh()).state).toBe('done');
    expect(mail).toHaveLength(1);
  });

  it('a refresh token our row says has expired, once the access token has expired too, closes it without asking LinkedIn (Catalan e-mail)', async () => {
    sandbox.sandbox.control.configure({ linkedin: { issueRefreshTokens: true } });
    const user = await connectedUser(['linkedin'], { language: 'cat' });
    await schedulePosts(user.id, [{ linkedin: true }]);
    await expireIn(user.id, 'linkedin', -60_000);
    await t.database.db
      .updateTable('social_connections')
      .set({ refresh_token_expires_at: storedInstant(new Date(Date.now() - 1000)) as string })
      .where('user_id', '=', user.id)
      .execute();
    // Any call to LinkedIn would fail and keep it connected: the answer comes from the row alone.
    sandbox.sandbox.control.fail({ network: 'linkedin', kind: 'server-error', times: 0 });

    expect((await runRefresh()).state).toBe('done');
    expect(readFlag((await row(user.id, 'linkedin')).is_connected)).toBe(false);
    expect(mail.map((message) => message.subject)).toEqual(['La teva connexió amb LinkedIn s’ha tancat']);
    expect(mail[0]!.text).toContain('Tens 1 publicació programada a LinkedIn');
    expect(mail[0]!.text).toContain('obre Configuració');
  });

  it('without a refresh token (an app not approved for them) a token that has expired closes the connection (Spanish e-mail)', async () => {
    const user = await connectedUser(['linkedin'], { language: 'es', firstName: 'Jordi' });
    await expireIn(user.id, 'linkedin', -60_000);

    expect((await runRefresh()).state).toBe('done');
    expect(readFlag((await row(user.id, 'linkedin')).is_connected)).toBe(false);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('Tu conexión con LinkedIn se ha cerrado');
    expect(mail[0]!.text).toContain('Hola Jordi:');
    expect(mail[0]!.text).toContain('Ahora no tienes publicaciones programadas en LinkedIn');
    expect(mail[0]!.text).toContain('abre Ajustes');
  });
});

describe('Instagram', () => {
  it('is not renewed by exchanging its token again: the page token is confirmed, and the connection lasts until the data access ends', async () => {
    const user = await connectedUser(['instagram'], { publishing: true });
    const before = await row(user.id, 'instagram');
    // As a connection stored when the user token's 60 days were its end.
    await expireIn(user.id, 'instagram', 2 * DAY_MS);

    expect((await runRefresh()).state).toBe('done');
    const after = await row(user.id, 'instagram');
    expect(readFlag(after.is_connected)).toBe(true);
    expect(secretOf(after, user.id, 'instagram', 'access_token')).toBe(secretOf(before, user.id, 'instagram', 'access_token'));
    closeTo(after.token_expires_at, new Date(before.data_access_expires_at as string).getTime(), 1_000);
    closeTo(after.token_expires_at, Date.now() + 90 * DAY_MS);
    const pageTokens = JSON.parse(secretOf(after, user.id, 'instagram', 'page_tokens')!) as Record<string, string>;
    expect(await sandboxClients(sandbox).instagram.debugToken(pageTokens['104000000000001']!)).toMatchObject({
      isValid: true,
      type: 'PAGE',
      expiresAt: undefined,
    });
    expect(mail).toEqual([]);
  });

  it('a connection without its page token gets it, read with the user token, and is then not due again for months', async () => {
    const user = await connectedUser(['instagram'], { publishing: true });
    await t.database.db
      .updateTable('social_connections')
      .set({ page_tokens: null })
      .where('user_id', '=', user.id)
      .where('network', '=', 'instagram')
      .execute();
    await expireIn(user.id, 'instagram', 3 * DAY_MS);

    expect((await runRefresh()).state).toBe('done');
    const after = await row(user.id, 'instagram');
    const pageTokens = JSON.parse(secretOf(after, user.id, 'instagram', 'page_tokens')!) as Record<string, string>;
    expect(Object.keys(pageTokens)).toEqual(['104000000000001']);
    expect((await sandboxClients(sandbox).instagram.debugToken(pageTokens['104000000000001']!)).type).toBe('PAGE');
    closeTo(after.token_expires_at, Date.now() + 90 * DAY_MS);
    // Any call would fail now: none is made, the connection is far from its end.
    sandbox.sandbox.control.fail({ network: 'meta', kind: 'server-error', times: 0 });
    expect((await runRefresh()).state).toBe('done');
  });

  it('keeps publishing on its page token after the user token has expired (day 61)', async () => {
    const user = await connectedDaysAgo(61);
    await expireIn(user.id, 'instagram', -DAY_MS);

    expect((await runRefresh()).state).toBe('done');
    const after = await row(user.id, 'instagram');
    expect(readFlag(after.is_connected)).toBe(true);
    // 90 days from the login, 61 days ago.
    closeTo(after.token_expires_at, Date.now() + 29 * DAY_MS);
    expect(mail).toEqual([]);
  });

  it("warns its owner, once, when Meta's data access ends within the week, and keeps it connected until then", async () => {
    const user = await connectedDaysAgo(86, { language: 'en' });
    await schedulePosts(user.id, [{ instagram: true }]);

    expect((await runRefresh()).state).toBe('done');
    const after = await row(user.id, 'instagram');
    expect(readFlag(after.is_connected)).toBe(true);
    closeTo(after.token_expires_at, Date.now() + 4 * DAY_MS);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toMatch(/^Your Instagram connection expires on \d{2}-\d{2}-\d{4}$/);
    expect(await auditRows(`instagram:${user.id}:${new Date(after.token_expires_at as string).toISOString()}`)).toEqual([{ action: EXPIRING_MAILED_ACTION }]);
    expect((await runRefresh()).state).toBe('done');
    expect(mail).toHaveLength(1);
  });

  it('once the data access has ended, the connection is closed and its owner e-mailed', async () => {
    const user = await connectedDaysAgo(91, { language: 'en' });

    expect((await runRefresh()).state).toBe('done');
    expect(readFlag((await row(user.id, 'instagram')).is_connected)).toBe(false);
    expect(mail.map((message) => message.subject)).toEqual(['Your Instagram connection has been closed']);
  });

  it('a page token Meta calls invalid (the app was removed) closes the connection and e-mails its owner', async () => {
    const user = await connectedUser(['instagram', 'linkedin'], { language: 'en', publishing: true });
    await schedulePosts(user.id, [{ instagram: true }, { linkedin: true }]);
    await expireIn(user.id, 'instagram', 4 * DAY_MS);
    sandbox.sandbox.control.revokeTokens('meta');

    expect((await runRefresh()).state).toBe('done');
    expect(readFlag((await row(user.id, 'instagram')).is_connected)).toBe(false);
    expect(readFlag((await row(user.id, 'linkedin')).is_connected)).toBe(true);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('Your Instagram connection has been closed');
    expect(mail[0]!.text).toContain('You have 1 post scheduled to Instagram: it cannot go out until you connect again.');
  });

  it('a chosen page that is no longer hers (no page token to be had) keeps the connection while its user token works, and warns its owner', async () => {
    const user = await connectedUser(['instagram'], { language: 'en', publishing: true });
    await t.database.db
      .updateTable('social_connections')
      .set({ page_tokens: null })
      .where('user_id', '=', user.id)
      .where('network', '=', 'instagram')
      .execute();
    await expireIn(user.id, 'instagram', 3 * DAY_MS);
    sandbox.sandbox.control.setMetaPages(defaultMetaPages().filter((page) => page.id !== '104000000000001'));

    expect((await runRefresh()).state).toBe('done');
    expect(readFlag((await row(user.id, 'instagram')).is_connected)).toBe(true);
    expect(mail.map((message) => message.subject)).toEqual([expect.stringMatching(/^Your Instagram connection expires on /)]);
  });

  it('without an account chosen yet, its user token is checked and its owner warned before it expires', async () => {
    const user = await connectedUser(['instagram'], { language: 'en' });
    await expireIn(user.id, 'instagram', 3 * DAY_MS);

    expect((await runRefresh()).state).toBe('done');
    expect(readFlag((await row(user.id, 'instagram')).is_connected)).toBe(true);
    expect(mail.map((message) => message.subject)).toEqual([expect.stringMatching(/^Your Instagram connection expires on /)]);
  });
});

describe('Facebook Pages', () => {
  it("is renewed as Instagram through the same Meta app: its chosen page's token, read again when missing, and kept sealed for Facebook", async () => {
    const user = await connectedUser(['facebook']);
    const headers = { cookie: user.cookie };
    expect((await t.app.inject({ method: 'GET', url: '/api/social/facebook/pages', headers })).statusCode).toBe(200);
    const chosen = await t.app.inject({ method: 'PUT', url: '/api/social/facebook/target', headers, payload: { targetId: '104000000000002' } });
    expect(chosen.statusCode, chosen.body).toBe(200);
    await t.database.db.updateTable('social_connections').set({ page_tokens: null }).where('user_id', '=', user.id).where('network', '=', 'facebook').execute();
    await expireIn(user.id, 'facebook', 3 * DAY_MS);

    expect((await runRefresh()).state).toBe('done');
    const after = await row(user.id, 'facebook');
    expect(readFlag(after.is_connected)).toBe(true);
    const pageTokens = JSON.parse(secretOf(after, user.id, 'facebook', 'page_tokens')!) as Record<string, string>;
    expect(Object.keys(pageTokens)).toEqual(['104000000000002']);
    expect((await sandboxClients(sandbox).instagram.debugToken(pageTokens['104000000000002']!)).type).toBe('PAGE');
    closeTo(after.token_expires_at, Date.now() + 90 * DAY_MS);
    expect(mail).toEqual([]);
  });
});

describe('the job', () => {
  it.each([
    ['linkedin', 'server-error'],
    ['linkedin', 'drop'],
    ['instagram', 'server-error'],
    ['instagram', 'rate-limit'],
  ] as const)('%s: a provider %s keeps the connection and runs again later, then renews it', async (network, kind) => {
    if (network === 'linkedin') sandbox.sandbox.control.configure({ linkedin: { issueRefreshTokens: true } });
    const user = await connectedUser([network], { publishing: true });
    const before = await row(user.id, network);
    await expireIn(user.id, network, 2 * DAY_MS);
    sandbox.sandbox.control.fail({ network: network === 'linkedin' ? 'linkedin' : 'meta', kind, times: 0 });

    const job = await runRefresh();
    expect(job.state).toBe('queued');
    expect(new Date(job.run_at as string).getTime()).toBeGreaterThan(Date.now());
    expect(job.last_error).toContain(`${network} of ${user.id}`);
    const waiting = await row(user.id, network);
    expect(readFlag(waiting.is_connected)).toBe(true);
    expect(waiting.access_token).toBe(before.access_token);
    expect(mail).toEqual([]);
    // Another tick while the retry waits queues nothing more.
    expect(await enqueueTokenRefresh(t.database.db, t.database.dialect, new Date())).toBe(false);

    sandbox.sandbox.control.clearFaults();
    expect((await runRetryNow(job.id)).state).toBe('done');
    const after = await row(user.id, network);
    // LinkedIn: a new token for 60 days. Instagram: the same tokens, lasting until the data access ends.
    if (network === 'linkedin') expect(after.access_token).not.toBe(before.access_token);
    else expect(after.access_token).toBe(before.access_token);
    closeTo(after.token_expires_at, Date.now() + (network === 'linkedin' ? 60 : 90) * DAY_MS, DAY_MS);
  });

  it('leaves tokens far from their expiry alone', async () => {
    sandbox.sandbox.control.configure({ linkedin: { issueRefreshTokens: true } });
    const user = await connectedUser(['linkedin', 'instagram']);
    const before = await Promise.all([row(user.id, 'linkedin'), row(user.id, 'instagram')]);
    // Any call would fail: none is made.
    sandbox.sandbox.control.fail({ network: 'linkedin', kind: 'server-error', times: 0 });
    sandbox.sandbox.control.fail({ network: 'meta', kind: 'server-error', times: 0 });

    expect((await runRefresh()).state).toBe('done');
    expect(await Promise.all([row(user.id, 'linkedin'), row(user.id, 'instagram')])).toEqual(before);
    expect(mail).toEqual([]);
  });

  it('renews first the connections whose owners have scheduled posts', async () => {
    sandbox.sandbox.control.configure({ linkedin: { issueRefreshTokens: true } });
    const withoutPosts = await connectedUser(['linkedin']);
    const withPosts = await connectedUser(['linkedin']);
    await schedulePosts(withPosts.id, [{ linkedin: true }]);
    await expireIn(withoutPosts.id, 'linkedin', DAY_MS);
    await expireIn(withPosts.id, 'linkedin', 6 * DAY_MS);
    const before = { withoutPosts: (await row(withoutPosts.id, 'linkedin')).access_token, withPosts: (await row(withPosts.id, 'linkedin')).access_token };
    // Only the first refresh LinkedIn receives fails: it tells which connection went first.
    sandbox.sandbox.control.fail({ network: 'linkedin', kind: 'server-error', path: '/oauth/v2/accessToken', times: 1 });

    expect((await runRefresh()).state).toBe('queued');
    expect((await row(withPosts.id, 'linkedin')).access_token).toBe(before.withPosts);
    expect((await row(withoutPosts.id, 'linkedin')).access_token).not.toBe(before.withoutPosts);
  });

  it('an e-mail that fails is sent by a later run, once; a new loss after reconnecting is told again', async () => {
    const user = await connectedUser(['linkedin']);
    await expireIn(user.id, 'linkedin', -60_000);
    mailDown = true;

    const job = await runRefresh();
    expect(job.state).toBe('queued');
    expect(job.last_error).toContain('connection e-mail(s) not sent');
    expect(readFlag((await row(user.id, 'linkedin')).is_connected)).toBe(false);
    expect(mail).toEqual([]);

    mailDown = false;
    expect((await runRetryNow(job.id)).state).toBe('done');
    expect(mail).toHaveLength(1);
    expect((await runRefresh()).state).toBe('done');
    expect(mail).toHaveLength(1);

    // Connected again, then lost again: that is another loss, with its own e-mail.
    const response = await connect(t, user.cookie, 'linkedin');
    expect(response.statusCode, response.body).toBe(200);
    await expireIn(user.id, 'linkedin', -60_000);
    expect((await runRefresh()).state).toBe('done');
    expect(mail).toHaveLength(2);
    expect(await auditRows(`linkedin:${user.id}`)).toEqual([
      { action: LOST_ACTION },
      { action: LOST_MAILED_ACTION },
      { action: LOST_ACTION },
      { action: LOST_MAILED_ACTION },
    ]);
  });

  it('a connection lost and connected again before its e-mail went out is not e-mailed', async () => {
    const user = await connectedUser(['linkedin']);
    await expireIn(user.id, 'linkedin', -60_000);
    mailDown = true;
    const job = await runRefresh();
    expect(job.state).toBe('queued');

    mailDown = false;
    expect((await connect(t, user.cookie, 'linkedin')).statusCode).toBe(200);
    expect((await runRetryNow(job.id)).state).toBe('done');
    expect(mail).toEqual([]);
    expect(readFlag((await row(user.id, 'linkedin')).is_connected)).toBe(true);
  });
});
