import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LinkedInConnectionView } from '../../../domain/social.ts';
import { readFlag } from '../../db/values.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { systemClock } from '../../lib/clock.ts';
import { createStudioCalendar } from '../../lib/studio-calendar.ts';
import { defaultOrganizations } from '../../../sandbox/personas.ts';
import { type PublishingTestApp, createDuePost, createTestPublishing, startPublishingTestApp } from '../../test-support/publishing.ts';
import { connect } from '../../test-support/social-sandbox.ts';
import { createTestUser, signIn } from '../../test-support/test-app.ts';

/**
 * LinkedIn's refusals as publishing lives them (issue 12): a company page LinkedIn refuses at post time
 * (the member's role on it no longer allows organic posts) marks that page and fails the post, never
 * the connection; and a member's token without organization scopes publishes images without the image
 * status read LinkedIn refuses it.
 */
const STUDIO = 'urn:li:organization:90210001';
const MEMBER = 'urn:li:person:sbx4Qm7TzL';

function publishingHarness(options: { organizationPages: boolean }) {
  const harness = {} as { env: PublishingTestApp; test: ReturnType<typeof createTestPublishing>; today: string };
  let users = 0;
  beforeAll(async () => {
    harness.env = await startPublishingTestApp({ organizationPages: options.organizationPages });
    harness.test = createTestPublishing(harness.env);
    harness.today = createStudioCalendar({ timeZone: 'Europe/Madrid', now: systemClock }).today();
  });
  beforeEach(() => {
    harness.env.t.sentMail.length = 0;
    harness.env.sandbox.sandbox.control.clearFaults();
    harness.env.sandbox.sandbox.control.setOrganizations(defaultOrganizations());
  });
  afterAll(() => harness.env.close());

  const db = () => harness.env.t.database.db;
  return {
    harness,
    db,
    async publish(postId: number) {
      await enqueueJob(db(), { kind: 'publish-post', subject: `post:${postId}`, payload: { postId }, now: new Date() });
      await harness.test.worker.runDueJobs();
    },
    result: (postId: number) =>
      db().selectFrom('post_results').selectAll().where('post_id', '=', postId).where('network', '=', 'linkedin').executeTakeFirstOrThrow(),
    async connectedUser(language: 'es' | 'en' | 'cat') {
      const user = await createTestUser(harness.env.t, { email: `li${++users}-${options.organizationPages ? 'pages' : 'member'}@refusals.test`, language });
      const cookie = await signIn(harness.env.t, user.email, user.password);
      expect((await connect(harness.env.t, cookie, 'linkedin')).statusCode).toBe(200);
      return { ...user, cookie };
    },
    api: (cookie: string, method: 'GET' | 'PUT', url: string, payload?: unknown) =>
      harness.env.t.app.inject({ method, url: `/api/social/linkedin${url}`, headers: { cookie }, ...(payload ? { payload } : {}) }),
    isConnected: async (userId: string) =>
      readFlag(
        (
          await db()
            .selectFrom('social_connections')
            .select('is_connected')
            .where('user_id', '=', userId)
            .where('network', '=', 'linkedin')
            .executeTakeFirstOrThrow()
        ).is_connected,
      ),
  };
}

describe('a company page LinkedIn refuses at post time', () => {
  const h = publishingHarness({ organizationPages: true });
  const { harness } = h;
  const control = () => harness.env.sandbox.sandbox.control;
  const analyst = () => control().setOrganizations(defaultOrganizations().map((entry) => (entry.id === 90210001 ? { ...entry, role: 'ANALYST' } : entry)));

  async function userPostingAsStudio(language: 'es' | 'en' | 'cat') {
    const user = await h.connectedUser(language);
    expect((await h.api(user.cookie, 'GET', '/pages')).statusCode).toBe(200);
    expect((await h.api(user.cookie, 'PUT', '/target', { targetId: STUDIO })).statusCode).toBe(200);
    return user;
  }

  it('at the post call: the post fails as pageNotPublishable, the page is marked roleRefused, the connection stands', async () => {
    const rosa = await userPostingAsStudio('es');
    // Without images the post call is the first one to LinkedIn.
    const { id } = await createDuePost(harness.env, { ownerId: rosa.id, publishOn: harness.today, networks: { linkedin: true }, images: 0 });
    analyst();
    await h.publish(id);

    const result = await h.result(id);
    expect(result).toMatchObject({ status: 'failed', attempts: 1, error_code: 'pageNotPublishable', target_id: STUDIO });
    expect(result.error).toMatch(
      /^LinkedIn did not allow publishing to the chosen page or account: choose another in Settings \(LinkedIn refused urn:li:organization:90210001 as author/,
    );
    expect(await h.isConnected(rosa.id)).toBe(true);
    const view = (await h.api(rosa.cookie, 'GET', '')).json() as LinkedInConnectionView;
    expect(view).toMatchObject({ isConnected: true, publishTargetId: STUDIO });
    expect(view.adminPages?.find((page) => page.id === STUDIO)).toMatchObject({ problem: 'roleRefused' });
    expect(view.adminPages?.find((page) => page.id === MEMBER)).not.toHaveProperty('problem');
    // The usual failure e-mail, with the translated reason; no connection-lost e-mail.
    expect(harness.env.t.sentMail.map((mail) => mail.subject)).toEqual(['No se ha podido publicar «Casa del Mar» en LinkedIn']);
    expect(harness.env.t.sentMail[0]!.text).toContain('LinkedIn no permite publicar en la página elegida (Ajustes dice por qué)');
  });

  it('at an image upload: the same; the next post to the page fails without calling LinkedIn; the page cannot be chosen again, the member can', async () => {
    const nil = await userPostingAsStudio('en');
    const first = await createDuePost(harness.env, { ownerId: nil.id, publishOn: harness.today, networks: { linkedin: true }, images: 2 });
    const second = await createDuePost(harness.env, { ownerId: nil.id, publishOn: harness.today, networks: { linkedin: true }, images: 1 });
    analyst();
    await h.publish(first.id);
    expect(await h.result(first.id)).toMatchObject({ status: 'failed', attempts: 1, error_code: 'pageNotPublishable' });
    expect(await h.isConnected(nil.id)).toBe(true);

    control().fail({ network: 'linkedin', kind: 'server-error', times: 1000 });
    await h.publish(second.id);
    expect(await h.result(second.id)).toMatchObject({ status: 'failed', error_code: 'pageNotPublishable' });
    expect((await h.result(second.id)).error).toContain('(roleRefused): choose another page in Settings');
    const left = (await (await fetch(`${harness.env.sandbox.base}/control`)).json()) as { faults: Array<{ remaining: number }> };
    expect(left.faults.map((fault) => fault.remaining)).toEqual([1000]);
    control().clearFaults();

    // Reloading the pages keeps what LinkedIn said at post time, though its list of roles still names
    // the page (as here); the page cannot be chosen; the member can.
    control().setOrganizations(defaultOrganizations());
    const reloaded = (await h.api(nil.cookie, 'GET', '/pages')).json() as LinkedInConnectionView;
    expect(reloaded.adminPages?.find((page) => page.id === STUDIO)?.problem).toBe('roleRefused');
    const refused = await h.api(nil.cookie, 'PUT', '/target', { targetId: STUDIO });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ error: { code: 'SOCIAL_TARGET_NOT_FOUND' } });
    expect((await h.api(nil.cookie, 'PUT', '/target', { targetId: MEMBER })).statusCode).toBe(200);
  });
});

describe('a LinkedIn app without the Community Management API', () => {
  const h = publishingHarness({ organizationPages: false });
  const { harness } = h;

  it('connects the member only, offers no company page, and publishes images with the member-only token (no image status read)', async () => {
    const marta = await h.connectedUser('cat');
    const grantedScopes = (await h.db().selectFrom('social_connections').select('scopes').where('user_id', '=', marta.id).executeTakeFirstOrThrow()).scopes;
    expect(grantedScopes.split(' ').sort()).toEqual(['email', 'openid', 'profile', 'w_member_social']);
    const pages = (await h.api(marta.cookie, 'GET', '/pages')).json() as LinkedInConnectionView;
    expect(pages).toMatchObject({ companyPagesOffered: false, publishTargetId: MEMBER });
    expect(pages.adminPages?.map((page) => page.id)).toEqual([MEMBER]);

    const { id } = await createDuePost(harness.env, { ownerId: marta.id, publishOn: harness.today, networks: { linkedin: true }, images: 2 });
    await h.publish(id);
    expect(await h.result(id)).toMatchObject({ status: 'posted', target_id: MEMBER, error_code: null });
    expect(await h.isConnected(marta.id)).toBe(true);
    const [published] = harness.env.sandbox.sandbox.control.published().linkedin;
    expect(published).toMatchObject({ author: MEMBER, images: [expect.any(String), expect.any(String)] });
  });
});
