import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readFlag } from '../../db/values.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { systemClock } from '../../lib/clock.ts';
import { createStudioCalendar } from '../../lib/studio-calendar.ts';
import { type PublishingTestApp, createDuePost, createTestPublishing, publishingDependencies, startPublishingTestApp } from '../../test-support/publishing.ts';
import { type Network, connect } from '../../test-support/social-sandbox.ts';
import { createTestUser, signIn } from '../../test-support/test-app.ts';
import { getPublishingAccess, reportRefusedAccess } from '../social/service.ts';

/**
 * A publication that finds the network refusing the owner's token (revoked, expired, a permission
 * gone) closes that connection at once and e-mails the owner once, naming the post: the
 * owner's next post to that network fails as "not connected" without calling it, and Settings shows
 * the connect button. A network that fails on its side (5xx) leaves the connection as it is.
 */
const SOLER_INSTAGRAM = '17841400000000001';

describe('publishing closes a connection the network refuses', () => {
  let env: PublishingTestApp;
  let test: ReturnType<typeof createTestPublishing>;
  let today: string;
  let userCount = 0;

  const db = () => env.t.database.db;
  const control = () => env.sandbox.sandbox.control;
  const publish = async (postId: number) => {
    await enqueueJob(db(), { kind: 'publish-post', subject: `post:${postId}`, payload: { postId }, now: new Date() });
    await test.worker.runDueJobs();
  };
  const resultOf = (postId: number, network: Network) =>
    db().selectFrom('post_results').selectAll().where('post_id', '=', postId).where('network', '=', network).executeTakeFirstOrThrow();
  const postRow = (postId: number) => db().selectFrom('posts').selectAll().where('id', '=', postId).executeTakeFirstOrThrow();
  const isConnected = async (userId: string, network: Network) =>
    readFlag(
      (
        await db()
          .selectFrom('social_connections')
          .select('is_connected')
          .where('user_id', '=', userId)
          .where('network', '=', network)
          .executeTakeFirstOrThrow()
      ).is_connected,
    );
  const lossRecords = async (userId: string, network: Network) =>
    (await db().selectFrom('audit_log').select('action').where('subject', '=', `${network}:${userId}`).orderBy('id').execute()).map((row) => row.action);
  const settingsView = async (cookie: string, network: Network) =>
    (await env.t.app.inject({ method: 'GET', url: `/api/social/${network}`, headers: { cookie } })).json() as { isConnected: boolean };
  /** How many more requests the one fault set up would still fail: none made means none taken. */
  const faultsLeft = async () =>
    ((await (await fetch(`${env.sandbox.base}/control`)).json()) as { faults: Array<{ remaining: number | 'always' }> }).faults.map((fault) => fault.remaining);
  const displayed = (day: string) => day.split('-').reverse().join('-');

  /** A user with fresh tokens (each test's revocation reaches every token issued before it). */
  async function connectedUser(networks: Network[], language: 'es' | 'en' | 'cat', firstName: string) {
    const user = await createTestUser(env.t, { email: `${firstName.toLowerCase()}${++userCount}@refused.test`, language, firstName });
    const cookie = await signIn(env.t, user.email, user.password);
    for (const network of networks) expect((await connect(env.t, cookie, network)).statusCode).toBe(200);
    return { ...user, cookie };
  }

  async function chooseTarget(cookie: string, network: Network, targetId: string) {
    expect((await env.t.app.inject({ method: 'GET', url: `/api/social/${network}/pages`, headers: { cookie } })).statusCode).toBe(200);
    expect((await env.t.app.inject({ method: 'PUT', url: `/api/social/${network}/target`, headers: { cookie }, payload: { targetId } })).statusCode).toBe(200);
  }

  beforeAll(async () => {
    env = await startPublishingTestApp();
    test = createTestPublishing(env);
    today = createStudioCalendar({ timeZone: 'Europe/Madrid', now: systemClock }).today();
  });
  beforeEach(() => {
    env.t.sentMail.length = 0;
    control().clearFaults();
  });
  afterAll(() => env.close());

  it('LinkedIn revoked: the post fails, the connection closes, one e-mail names the post; the next post fails as not connected without calling LinkedIn', async () => {
    const rosa = await connectedUser(['linkedin'], 'es', 'Rosa');
    const first = await createDuePost(env, { ownerId: rosa.id, publishOn: today, networks: { linkedin: true } });
    const second = await createDuePost(env, { ownerId: rosa.id, publishOn: today, networks: { linkedin: true } });
    control().revokeTokens('linkedin');

    await publish(first.id);
    const result = await resultOf(first.id, 'linkedin');
    expect(result).toMatchObject({ status: 'failed', attempts: 1, error_code: 'connectionRefused' });
    expect(result.error).toMatch(/^LinkedIn no longer accepts the connection: connect it again in Settings \(.*revoked/);
    expect(await postRow(first.id)).toMatchObject({ state: 'published', publishing_since: null });
    expect(await isConnected(rosa.id, 'linkedin')).toBe(false);
    expect(await settingsView(rosa.cookie, 'linkedin')).toMatchObject({ isConnected: false });
    expect(await lossRecords(rosa.id, 'linkedin')).toEqual(['social.connection-lost', 'social.connection-lost-mailed']);
    // One e-mail: the connection-lost one, which names the post; not the publication failure too.
    expect(env.t.sentMail).toHaveLength(1);
    const [mail] = env.t.sentMail;
    const { sequence } = await postRow(first.id);
    expect(mail).toMatchObject({ to: rosa.email, subject: 'Tu conexión con LinkedIn se ha cerrado' });
    expect(mail!.text).toContain('LinkedIn ya no acepta el acceso de Alzado a tu cuenta (Marta Soler Ibáñez) y la conexión ha quedado cerrada.');
    expect(mail!.text).toContain(
      `Por eso la publicación ${sequence} del proyecto «Casa del Mar», prevista para el ${displayed(today)} a las 00:00, no ha salido en LinkedIn.`,
    );
    // The reason as the posts page words it, in Rosa's language.
    expect(mail!.text).toContain('Motivo: LinkedIn ya no acepta la conexión con tu cuenta: vuelve a conectarla en Ajustes y usa «Reintentar».');
    // The post that failed is not among those still waiting.
    expect(mail!.text).toContain('Tienes 1 publicación programada en LinkedIn: no podrá salir hasta que vuelvas a conectarte.');
    expect(mail!.text).toContain(`${env.publicUrl}/settings`);

    env.t.sentMail.length = 0;
    control().fail({ network: 'linkedin', kind: 'server-error', times: 1000 });
    await publish(second.id);
    expect(await resultOf(second.id, 'linkedin')).toMatchObject({
      status: 'failed',
      error_code: 'notConnected',
      error: "The owner's LinkedIn account is not connected, or has no page chosen to publish to: connect it in Settings",
    });
    expect(await faultsLeft()).toEqual([1000]);
    expect(await lossRecords(rosa.id, 'linkedin')).toHaveLength(2);
    // That post's own failure is told as any other.
    expect(env.t.sentMail.map((sent) => sent.subject)).toEqual(['No se ha podido publicar «Casa del Mar» en LinkedIn']);
    expect(env.t.sentMail[0]!.text).toContain(
      '- LinkedIn: no se ha publicado. Motivo: La cuenta de LinkedIn no está conectada o no tiene elegida la página en la que publicar',
    );
  });

  it("Instagram revoked: likewise, in the owner's language, and Meta is not called for the next post", async () => {
    const nil = await connectedUser(['instagram'], 'en', 'Nil');
    await chooseTarget(nil.cookie, 'instagram', SOLER_INSTAGRAM);
    const first = await createDuePost(env, { ownerId: nil.id, publishOn: today, networks: { instagram: true }, images: 2 });
    const second = await createDuePost(env, { ownerId: nil.id, publishOn: today, networks: { instagram: true } });
    control().revokeTokens('meta');

    await publish(first.id);
    const result = await resultOf(first.id, 'instagram');
    expect(result).toMatchObject({ status: 'failed', attempts: 1, target_name: 'soler.arquitectos', error_code: 'connectionRefused' });
    expect(result.error).toMatch(/^Instagram no longer accepts the connection: connect it again in Settings/);
    expect(await isConnected(nil.id, 'instagram')).toBe(false);
    expect(await settingsView(nil.cookie, 'instagram')).toMatchObject({ isConnected: false });
    expect(await lossRecords(nil.id, 'instagram')).toEqual(['social.connection-lost', 'social.connection-lost-mailed']);
    expect(env.t.sentMail).toHaveLength(1);
    const [mail] = env.t.sentMail;
    expect(mail).toMatchObject({ to: nil.email, subject: 'Your Instagram connection has been closed' });
    expect(mail!.text).toMatch(/^Hello Nil,/);
    expect(mail!.text).toContain('Instagram no longer accepts Alzado’s access to your account');
    expect(mail!.text).toContain(
      `planned for ${displayed(today)} at 12:00 AM, did not go out on Instagram. Once you have connected again, use “Retry” on the post.`,
    );
    expect(mail!.text).toContain('You have 1 post scheduled to Instagram: it cannot go out until you connect again.');
    expect(mail!.text).toContain('Reason: Instagram no longer accepts the connection to your account: connect it again in Settings and use “Retry”.');

    control().fail({ network: 'meta', kind: 'server-error', times: 1000 });
    await publish(second.id);
    expect(await resultOf(second.id, 'instagram')).toMatchObject({
      status: 'failed',
      error_code: 'notConnected',
      error: "The owner's Instagram account is not connected, or has no page chosen to publish to: connect it in Settings",
    });
    expect(await faultsLeft()).toEqual([1000]);
  });

  it('a refusal of a token the connection no longer holds (connected again meanwhile) closes nothing', async () => {
    const marc = await connectedUser(['linkedin'], 'es', 'Marc');
    const deps = publishingDependencies(env);
    const stale = await getPublishingAccess(deps.social, { userId: marc.id, network: 'linkedin' });
    expect((await connect(env.t, marc.cookie, 'linkedin')).statusCode).toBe(200);
    const post = { id: 0, project: 'Casa del Mar', sequence: 1, day: displayed(today), time: '09:30', reasonCode: 'connectionRefused' as const };
    const input = { userId: marc.id, reason: 'LinkedIn no longer accepts the connection', post, now: new Date() };

    expect(await reportRefusedAccess({ ...deps.social, mailer: deps.mailer }, { ...input, access: stale })).toEqual({ closed: false, mailed: false });
    expect(await isConnected(marc.id, 'linkedin')).toBe(true);
    expect(await lossRecords(marc.id, 'linkedin')).toEqual([]);
    expect(env.t.sentMail).toEqual([]);
    // The token it holds now is closed once: a second report of the same refusal finds it closed.
    const current = await getPublishingAccess(deps.social, { userId: marc.id, network: 'linkedin' });
    expect(await reportRefusedAccess({ ...deps.social, mailer: deps.mailer }, { ...input, access: current })).toEqual({ closed: true, mailed: true });
    expect(await reportRefusedAccess({ ...deps.social, mailer: deps.mailer }, { ...input, access: current })).toEqual({ closed: false, mailed: false });
    expect(await lossRecords(marc.id, 'linkedin')).toEqual(['social.connection-lost', 'social.connection-lost-mailed']);
    expect(env.t.sentMail).toHaveLength(1);
  });

  it('a LinkedIn that keeps answering 500 fails the post but leaves the connection connected, with the usual failure e-mail', async () => {
    const pau = await connectedUser(['linkedin'], 'es', 'Pau');
    const giveUpAtOnce = createTestPublishing(env, { maxAttempts: 1 });
    const { id } = await createDuePost(env, { ownerId: pau.id, publishOn: today, networks: { linkedin: true } });
    control().fail({ network: 'linkedin', kind: 'server-error', path: '/rest/posts', times: 0 });
    try {
      await enqueueJob(db(), { kind: 'publish-post', subject: `post:${id}`, payload: { postId: id }, now: new Date() });
      await giveUpAtOnce.worker.runDueJobs();
    } finally {
      control().clearFaults();
    }
    const result = await resultOf(id, 'linkedin');
    expect(result).toMatchObject({ status: 'failed', error_code: 'gaveUp', attempts: 1 });
    expect(result.error).toMatch(/LinkedIn failed \(HTTP 500\).*\(gave up after 1 attempts\)/);
    expect(await isConnected(pau.id, 'linkedin')).toBe(true);
    expect(await settingsView(pau.cookie, 'linkedin')).toMatchObject({ isConnected: true });
    expect(await lossRecords(pau.id, 'linkedin')).toEqual([]);
    expect(env.t.sentMail.map((sent) => sent.subject)).toEqual(['No se ha podido publicar «Casa del Mar» en LinkedIn']);
    expect(env.t.sentMail[0]!.text).toContain('Motivo: La publicación no ha podido salir en LinkedIn tras 1 intento: usa «Reintentar» más tarde.');
  });
});
