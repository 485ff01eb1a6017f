import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InstagramBusinessPage } from '../../../domain/social.ts';
import { readFlag } from '../../db/values.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { systemClock } from '../../lib/clock.ts';
import { createStudioCalendar } from '../../lib/studio-calendar.ts';
import { type PublishingTestApp, createDuePost, startPublishingTestApp } from '../../test-support/publishing.ts';
import { connect } from '../../test-support/social-sandbox.ts';
import { createTestTokenCipher, createTestUser, signIn } from '../../test-support/test-app.ts';
import { secretContext } from '../social/connection.ts';

/**
 * Instagram publishes with the chosen page's token (docs/decisions/012): read and kept when none is
 * stored, it outlives the user token's 60 days; a page reached through Business Manager that Meta
 * refuses without an ads permission fails its post and is marked, the connection stands. Through the
 * app's own worker, over the sandbox.
 */
const SOLER_INSTAGRAM = '17841400000000001';
const BUSINESS_INSTAGRAM = '17841400000000004';
const DAY_S = 86_400;
const cipher = createTestTokenCipher();

let env: PublishingTestApp;
let today: string;
let users = 0;
beforeAll(async () => {
  env = await startPublishingTestApp();
  today = createStudioCalendar({ timeZone: 'Europe/Madrid', now: systemClock }).today();
});
afterAll(() => env.close());

const db = () => env.t.database.db;
const api = (cookie: string, method: 'GET' | 'PUT', url: string, payload?: unknown) =>
  env.t.app.inject({ method, url: `/api/social/instagram${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });
const row = (userId: string) =>
  db().selectFrom('social_connections').selectAll().where('user_id', '=', userId).where('network', '=', 'instagram').executeTakeFirstOrThrow();
const result = (postId: number) =>
  db().selectFrom('post_results').selectAll().where('post_id', '=', postId).where('network', '=', 'instagram').executeTakeFirstOrThrow();

async function publish(postId: number) {
  await enqueueJob(db(), { kind: 'publish-post', subject: `post:${postId}`, payload: { postId }, now: new Date() });
  await env.t.worker.runDueJobs();
}

async function connectedUser() {
  const user = await createTestUser(env.t, { email: `ig${++users}@page-token.test` });
  const cookie = await signIn(env.t, user.email, user.password);
  expect((await connect(env.t, cookie, 'instagram')).statusCode).toBe(200);
  expect((await api(cookie, 'GET', '/pages')).statusCode).toBe(200);
  return { ...user, cookie };
}

function pageTokensOf(stored: { page_tokens: string | null }, userId: string): Record<string, string> {
  return stored.page_tokens
    ? (JSON.parse(cipher.decrypt(stored.page_tokens, secretContext(userId, 'instagram', 'page_tokens'))) as Record<string, string>)
    : {};
}

describe('Instagram publishing with the page token', () => {
  it('reads and keeps the page token when none is stored, and keeps publishing with it after the user token has expired', async () => {
    const user = await connectedUser();
    expect((await api(user.cookie, 'PUT', '/target', { targetId: SOLER_INSTAGRAM })).statusCode).toBe(200);
    // A connection whose page tokens were never kept.
    await db().updateTable('social_connections').set({ page_tokens: null }).where('user_id', '=', user.id).where('network', '=', 'instagram').execute();

    const first = await createDuePost(env, { ownerId: user.id, publishOn: today, networks: { instagram: true } });
    await publish(first.id);
    expect(await result(first.id)).toMatchObject({ status: 'posted', target_id: SOLER_INSTAGRAM });
    const kept = pageTokensOf(await row(user.id), user.id);
    expect(Object.keys(kept)).toEqual(['104000000000001']);

    // Meta's day 61: the long-lived user token has expired; the page token never does.
    env.sandbox.sandbox.control.advanceTime(61 * DAY_S);
    try {
      const second = await createDuePost(env, { ownerId: user.id, publishOn: today, networks: { instagram: true } });
      await publish(second.id);
      expect(await result(second.id)).toMatchObject({ status: 'posted', error_code: null });
      expect(readFlag((await row(user.id)).is_connected)).toBe(true);
    } finally {
      env.sandbox.sandbox.control.advanceTime(-61 * DAY_S);
    }
  });

  it('a page reached through Business Manager, without ads_read: Meta refuses it (403, code 200), the post fails as pageNotPublishable, the page is marked, the connection stands', async () => {
    const user = await connectedUser();
    const stored = await row(user.id);
    const pages = JSON.parse(stored.pages!) as InstagramBusinessPage[];
    expect(pages.find((page) => page.instagram_business_account_id === BUSINESS_INSTAGRAM)?.problem).toBe('businessManagerPermission');
    // A row from before pages carried their problem, with that page chosen.
    const unmarked = pages.map(({ problem: _problem, ...page }) => page);
    await db()
      .updateTable('social_connections')
      .set({ pages: JSON.stringify(unmarked), publish_target_id: BUSINESS_INSTAGRAM })
      .where('id', '=', stored.id)
      .execute();

    const { id } = await createDuePost(env, { ownerId: user.id, publishOn: today, networks: { instagram: true } });
    await publish(id);
    const refused = await result(id);
    expect(refused).toMatchObject({ status: 'failed', error_code: 'pageNotPublishable', target_id: BUSINESS_INSTAGRAM });
    expect(refused.error).toContain('ads_management or ads_read');
    const after = await row(user.id);
    expect(readFlag(after.is_connected)).toBe(true);
    expect((JSON.parse(after.pages!) as InstagramBusinessPage[]).find((page) => page.instagram_business_account_id === BUSINESS_INSTAGRAM)?.problem).toBe(
      'businessManagerPermission',
    );
  });
});
