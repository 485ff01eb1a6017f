import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEvent } from '../../../domain/events.ts';
import { type Post, displayedStateOf } from '../../../domain/post.ts';
import { createLocalStorage } from '../../adapters/storage/local-storage.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { systemClock } from '../../lib/clock.ts';
import { createStudioCalendar } from '../../lib/studio-calendar.ts';
import { createTestPost, createTestProject } from '../../test-support/posts.ts';
import { type PublishingTestApp, createDuePost, createTestPublishing, startPublishingTestApp, storeVariantPair } from '../../test-support/publishing.ts';
import { connect } from '../../test-support/social-sandbox.ts';
import { createTestUser, signIn } from '../../test-support/test-app.ts';

/**
 * Publishing over real HTTP to the networks' sandbox (issue 7): a due post goes to each chosen network
 * with its owner's account, once; its results, the post's and the project's states follow; the owner
 * hears of a failure. Faults come from the sandbox's control API.
 */
const MEMBER_URN = 'urn:li:person:sbx4Qm7TzL';
const ORGANIZATION_URN = 'urn:li:organization:90210001';
const SOLER_INSTAGRAM = '17841400000000001';

describe('publishing to the sandbox', () => {
  let env: PublishingTestApp;
  let test: ReturnType<typeof createTestPublishing>;
  let today: string;
  const users: Record<'clara' | 'olga' | 'nil', { id: string; cookie: string }> = {} as never;
  let heard: AppEvent[] = [];

  const db = () => env.t.database.db;
  const control = () => env.sandbox.sandbox.control;
  const call = (cookie: string, method: 'GET' | 'PUT', url: string, payload?: Record<string, unknown>) =>
    env.t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const queue = (postId: number) => enqueueJob(db(), { kind: 'publish-post', subject: `post:${postId}`, payload: { postId }, now: new Date() });
  const publish = async (postId: number) => {
    await queue(postId);
    await test.worker.runDueJobs();
  };
  const resultOf = (postId: number, network: 'linkedin' | 'instagram') =>
    db().selectFrom('post_results').selectAll().where('post_id', '=', postId).where('network', '=', network).executeTakeFirstOrThrow();
  const postRow = (postId: number) => db().selectFrom('posts').selectAll().where('id', '=', postId).executeTakeFirstOrThrow();
  const jobsOf = (postId: number) => db().selectFrom('jobs').selectAll().where('subject', '=', `post:${postId}`).orderBy('id').execute();
  const textOf = async (postId: number) => (await postRow(postId)).text;
  /** The post's history as its owner reads it, the publication's part (scheduling has its own events). */
  const historyKinds = async (postId: number) => {
    const answer = await call(users.clara.cookie, 'GET', `/api/posts/${postId}/history`);
    const events = answer.json().events as { kind: string; via: string; network: string | null; reason: string | null }[];
    return events
      .filter((event) => event.kind === 'published' || event.kind === 'publish_failed')
      .map(({ kind, via, network, reason }) => ({
        kind,
        via,
        network,
        reason,
      }));
  };
  /** LinkedIn's commentary is "little text": reserved characters arrive escaped. */
  const linkedinPostsWith = (text: string) =>
    control()
      .published()
      .linkedin.filter((post) => post.commentary.replace(/\\(.)/g, '$1') === text);
  const instagramMediaWith = (text: string) =>
    control()
      .published()
      .instagram.filter((media) => media.caption === text);
  /** A retry waits for its backoff; the test does not. */
  const makeDueNow = (postId: number) =>
    db().updateTable('jobs').set({ run_at: new Date().toISOString() }).where('subject', '=', `post:${postId}`).where('state', '=', 'queued').execute();

  beforeAll(async () => {
    env = await startPublishingTestApp();
    test = createTestPublishing(env);
    today = createStudioCalendar({ timeZone: 'Europe/Madrid', now: systemClock }).today();
    for (const [name, language] of [
      ['clara', 'es'],
      ['olga', 'es'],
      ['nil', 'en'],
    ] as const) {
      const user = await createTestUser(env.t, { email: `${name}@cliente.es`, role: 'customer', language, firstName: name });
      users[name] = { id: user.id, cookie: await signIn(env.t, user.email, user.password) };
    }
    // Clara: LinkedIn as herself and the Instagram account of Soler Ibáñez. Olga: LinkedIn as the company page.
    for (const [name, network] of [
      ['clara', 'linkedin'],
      ['clara', 'instagram'],
      ['olga', 'linkedin'],
      ['nil', 'linkedin'],
    ] as const) {
      expect((await connect(env.t, users[name].cookie, network)).statusCode).toBe(200);
    }
    expect((await call(users.clara.cookie, 'GET', '/api/social/instagram/pages')).statusCode).toBe(200);
    expect((await call(users.clara.cookie, 'PUT', '/api/social/instagram/target', { targetId: SOLER_INSTAGRAM })).statusCode).toBe(200);
    expect((await call(users.olga.cookie, 'GET', '/api/social/linkedin/pages')).statusCode).toBe(200);
    expect((await call(users.olga.cookie, 'PUT', '/api/social/linkedin/target', { targetId: ORGANIZATION_URN })).statusCode).toBe(200);
    env.t.events.subscribe((event) => heard.push(event));
  });
  afterAll(() => env.close());

  it("publishes a post scheduled for today at once, to the member's LinkedIn: one image, its link, the project launched", async () => {
    const projectId = await createTestProject(db(), { createdBy: users.clara.id, state: 'preview' });
    const keys = await storeVariantPair(env);
    const { id } = await createTestPost(db(), { projectId, ownerId: users.clara.id, text: 'Casa Roca: piedra y cal (1) #arquitectura', images: [keys] });
    // "Casa Roca" and "(1)" are not in the test project (issue 24): the studio read them and confirms.
    const scheduled = await call(users.clara.cookie, 'PUT', `/api/posts/${id}/schedule`, {
      publish_on: today,
      networks: { instagram: false, linkedin: true },
      confirm_facts: true,
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    heard = [];
    // The app's own worker and handler, as `npm start` runs them.
    expect(await env.t.worker.runDueJobs()).toBe(1);

    const post = (await call(users.clara.cookie, 'GET', `/api/posts/${id}`)).json() as Post;
    expect(post).toMatchObject({
      state: 'published',
      in_process: false,
      results: { instagram: { status: 'not_selected' }, linkedin: { status: 'posted', target_name: 'Marta Soler Ibáñez', error: null, error_code: null } },
    });
    expect(displayedStateOf(post)).toBe('published');
    const [published, ...others] = linkedinPostsWith('Casa Roca: piedra y cal (1) #arquitectura');
    expect(others).toEqual([]);
    expect(published).toMatchObject({ author: MEMBER_URN, commentary: 'Casa Roca: piedra y cal \\(1\\) #arquitectura' });
    expect(published!.images).toHaveLength(1);
    expect(post.results.linkedin!.permalink).toBe(`${env.sandbox.base}/linkedin/web/feed/update/${published!.id}`);
    expect((await resultOf(id, 'linkedin')).remote_id).toBe(published!.id);
    expect((await db().selectFrom('projects').select('state').where('id', '=', projectId).executeTakeFirstOrThrow()).state).toBe('launched');
    expect(heard).toContainEqual({ type: 'post', postId: id, projectId, state: 'scheduled' });
    expect(heard).toContainEqual({ type: 'post', postId: id, projectId, state: 'published' });
    expect(heard).toContainEqual({ type: 'project', projectId, state: 'launched' });
    expect(env.t.sentMail).toEqual([]);
    // Its history tells it per network, by the app itself (decision 041); Instagram was not chosen.
    expect(await historyKinds(id)).toEqual([{ kind: 'published', via: 'system', network: 'linkedin', reason: null }]);
  });

  it('publishes several images to a company page as one multiImage post: the selected ones only, in their order', async () => {
    const { id, projectId } = await createDuePost(env, { ownerId: users.olga.id, publishOn: today, networks: { linkedin: true }, images: 3, unselected: 1 });
    const second = await createDuePost(env, { ownerId: users.olga.id, publishOn: today, networks: { linkedin: true }, projectId });
    await publish(id);
    // One of the project's two posts is out: not launched yet.
    expect((await db().selectFrom('projects').select('state').where('id', '=', projectId).executeTakeFirstOrThrow()).state).toBe('preview');

    const [published] = linkedinPostsWith(await textOf(id));
    expect(published).toMatchObject({ author: ORGANIZATION_URN, authorName: 'Soler Ibáñez Arquitectos' });
    const selected = await db()
      .selectFrom('post_images')
      .select('linkedin_key')
      .where('post_id', '=', id)
      .where('status', '=', 'pending')
      .orderBy('position')
      .execute();
    const storage = createLocalStorage({ root: env.t.mediaDir, publicUrl: env.publicUrl });
    const uploaded = await Promise.all(published!.images.map(async (url) => Buffer.from(await (await fetch(url)).arrayBuffer())));
    expect(uploaded).toEqual(await Promise.all(selected.map((image) => storage.get(image.linkedin_key))));
    expect(await resultOf(id, 'linkedin')).toMatchObject({
      status: 'posted',
      target_id: ORGANIZATION_URN,
      target_name: 'Soler Ibáñez Arquitectos',
      attempts: 1,
    });

    await publish(second.id);
    expect((await db().selectFrom('projects').select('state').where('id', '=', projectId).executeTakeFirstOrThrow()).state).toBe('launched');
  });

  it.each([
    ['several images to the member', 'clara', MEMBER_URN, 2],
    ['one image to a company page', 'olga', ORGANIZATION_URN, 1],
  ] as const)('publishes %s', async (_, owner, author, images) => {
    const { id } = await createDuePost(env, { ownerId: users[owner].id, publishOn: today, networks: { linkedin: true }, images });
    await publish(id);
    const published = linkedinPostsWith(await textOf(id));
    expect(published).toHaveLength(1);
    expect(published[0]).toMatchObject({ author });
    expect(published[0]!.images).toHaveLength(images);
    expect(await resultOf(id, 'linkedin')).toMatchObject({ status: 'posted', target_id: author });
  });

  it('publishes to Instagram from the public JPEGs: a carousel for several images, a single image otherwise, each with its permalink', async () => {
    const carousel = await createDuePost(env, { ownerId: users.clara.id, publishOn: today, networks: { instagram: true }, images: 3 });
    const single = await createDuePost(env, { ownerId: users.clara.id, publishOn: today, networks: { instagram: true, linkedin: true } });
    await publish(carousel.id);
    await publish(single.id);

    const [album] = instagramMediaWith(await textOf(carousel.id));
    expect(album).toMatchObject({ account: SOLER_INSTAGRAM, username: 'soler.arquitectos', mediaType: 'CAROUSEL_ALBUM' });
    expect(album!.images).toHaveLength(3);
    expect(await resultOf(carousel.id, 'instagram')).toMatchObject({
      status: 'posted',
      remote_id: album!.id,
      permalink: album!.permalink,
      target_name: 'soler.arquitectos',
    });
    expect(instagramMediaWith(await textOf(single.id))).toMatchObject([{ mediaType: 'IMAGE' }]);
    expect(linkedinPostsWith(await textOf(single.id))).toHaveLength(1);
    expect(await resultOf(single.id, 'instagram')).toMatchObject({ status: 'posted' });
    expect(await resultOf(single.id, 'linkedin')).toMatchObject({ status: 'posted' });
    // The permalink opens the post's page at the sandbox.
    expect((await fetch(album!.permalink)).status).toBe(200);
  });

  it.each([
    ["a 500 on LinkedIn's post call", { network: 'linkedin', kind: 'server-error', path: '/rest/posts' }, 'linkedin'],
    ["a 429 rate limit on LinkedIn's post call", { network: 'linkedin', kind: 'rate-limit', path: '/rest/posts' }, 'linkedin'],
    ["a rate limit on Instagram's media_publish", { network: 'meta', kind: 'rate-limit', path: '/media_publish' }, 'instagram'],
    ['a 500 while uploading to LinkedIn', { network: 'linkedin', kind: 'server-error', path: '/rest/images' }, 'linkedin'],
  ] as const)('tries again after %s, and the post goes out once', async (_, fault, network) => {
    const { id } = await createDuePost(env, { ownerId: users.clara.id, publishOn: today, networks: { [network]: true } });
    control().fail({ ...fault, times: 1 });
    await publish(id);
    // Waiting with its reason: the network's answer in `error`, its code for the studio.
    expect(await resultOf(id, network)).toMatchObject({
      status: 'pending',
      attempts: 1,
      error_code: fault.kind === 'rate-limit' ? 'rateLimited' : 'networkUnavailable',
    });
    expect((await postRow(id)).publishing_since).not.toBeNull();
    const [waiting] = await jobsOf(id);
    expect(waiting).toMatchObject({ state: 'queued', attempts: 1 });
    expect(new Date(waiting!.run_at).getTime()).toBeGreaterThan(Date.now());

    await makeDueNow(id);
    await test.worker.runDueJobs();
    expect(await resultOf(id, network)).toMatchObject({ status: 'posted', attempts: 2, error: null, error_code: null });
    expect(await postRow(id)).toMatchObject({ state: 'published', publishing_since: null });
    const text = await textOf(id);
    expect(network === 'linkedin' ? linkedinPostsWith(text) : instagramMediaWith(text)).toHaveLength(1);
  });

  it('gives up after its attempts: the result fails with the reason and the owner is told', async () => {
    const limited = createTestPublishing(env, { maxAttempts: 2 });
    const { id } = await createDuePost(env, { ownerId: users.clara.id, publishOn: today, networks: { linkedin: true } });
    control().fail({ network: 'linkedin', kind: 'server-error', path: '/rest/posts', times: 0 });
    try {
      await queue(id);
      await limited.worker.runDueJobs();
      await makeDueNow(id);
      await limited.worker.runDueJobs();
    } finally {
      control().clearFaults();
    }
    const result = await resultOf(id, 'linkedin');
    expect(result).toMatchObject({ status: 'failed', attempts: 2, error_code: 'gaveUp' });
    expect(result.error).toMatch(/LinkedIn failed \(HTTP 500\).*\(gave up after 2 attempts\)/);
    // The posts API hands the code and the attempts to the page, which words them.
    const post = (await call(users.clara.cookie, 'GET', `/api/posts/${id}`)).json() as Post;
    expect(post.results.linkedin).toMatchObject({ status: 'failed', error_code: 'gaveUp', attempts: 2, error: result.error });
    expect((await postRow(id)).state).toBe('published');
    expect(linkedinPostsWith(await textOf(id))).toHaveLength(0);
    // A retry is no outcome: the history has the final one only.
    expect(await historyKinds(id)).toEqual([{ kind: 'publish_failed', via: 'system', network: 'linkedin', reason: 'gaveUp' }]);
  });

  it('leaves a call that timed out or dropped as "needs review", never called again', async () => {
    const { id } = await createDuePost(env, { ownerId: users.clara.id, publishOn: today, networks: { linkedin: true } });
    control().fail({ network: 'linkedin', kind: 'drop', path: '/rest/posts', times: 1 });
    env.t.sentMail.length = 0;
    await publish(id);
    const result = await resultOf(id, 'linkedin');
    expect(result).toMatchObject({ status: 'unknown', attempts: 1, error_code: 'outcomeUnknown' });
    expect(result.error).toMatch(/^The outcome of the call is unknown: check the network before publishing again/);
    expect(await historyKinds(id)).toEqual([{ kind: 'publish_failed', via: 'system', network: 'linkedin', reason: 'outcomeUnknown' }]);
    expect(await jobsOf(id)).toMatchObject([{ state: 'done', attempts: 1 }]);
    expect(env.t.sentMail.map((mail) => mail.to)).toEqual(['clara@cliente.es']);
    expect(env.t.sentMail[0]!.text).toContain(
      'LinkedIn (Marta Soler Ibáñez): pendiente de revisión. LinkedIn no confirmó la publicación, así que no sabemos si ha salido: compruébalo en la cuenta y márcala como publicada o no publicada; no la publiques de nuevo sin comprobarlo, o podría salir dos veces.',
    );
  });

  it("fails an Instagram container that ends in ERROR with Meta's reason, and e-mails the owner in Spanish", async () => {
    const { id } = await createDuePost(env, { ownerId: users.clara.id, publishOn: today, networks: { instagram: true } });
    control().configure({ meta: { containerError: 'Error: the media could not be processed (2207001)' } });
    env.t.sentMail.length = 0;
    try {
      await publish(id);
    } finally {
      control().configure({ meta: { containerError: null } });
    }
    const result = await resultOf(id, 'instagram');
    expect(result).toMatchObject({ status: 'failed', error_code: 'rejectedByNetwork' });
    expect(result.error).toContain('is ERROR: Error: the media could not be processed (2207001)');
    expect(instagramMediaWith(await textOf(id))).toHaveLength(0);
    const [mail] = env.t.sentMail;
    expect(mail).toMatchObject({ to: 'clara@cliente.es', subject: 'No se ha podido publicar «Casa del Mar» en Instagram' });
    // The reason in Clara's language, then Meta's own words, which say what to change.
    expect(mail!.text).toContain(
      `Instagram (soler.arquitectos): no se ha publicado. Motivo: Instagram ha rechazado la publicación: revisa el texto y las imágenes según su respuesta; para cambiarlos, usa «Publicar de nuevo» y elige solo Instagram. Respuesta de Instagram: ${result.error}`,
    );
    expect(mail!.text).toContain(`${env.publicUrl}/preview-projects`);
    expect(mail!.html).toContain(`href="${env.publicUrl}/preview-projects"`);
  });

  it('fails, without a retry, a network whose token LinkedIn no longer accepts or that is not connected, and tells the owner in English', async () => {
    const { id } = await createDuePost(env, { ownerId: users.nil.id, publishOn: today, networks: { linkedin: true, instagram: true } });
    env.t.sentMail.length = 0;
    control().expireTokens('linkedin');
    try {
      await publish(id);
    } finally {
      // Everyone else connects again: the sandbox expired every LinkedIn token.
      for (const user of [users.clara, users.olga, users.nil]) expect((await connect(env.t, user.cookie, 'linkedin')).statusCode).toBe(200);
    }
    const linkedin = await resultOf(id, 'linkedin');
    expect(linkedin).toMatchObject({ status: 'failed', attempts: 1, error_code: 'connectionRefused' });
    expect(linkedin.error).toMatch(/^LinkedIn no longer accepts the connection: connect it again in Settings/);
    expect(await resultOf(id, 'instagram')).toMatchObject({
      error_code: 'notConnected',
      error: "The owner's Instagram account is not connected, or has no page chosen to publish to: connect it in Settings",
    });
    expect(await jobsOf(id)).toMatchObject([{ state: 'done', attempts: 1 }]);
    expect(await postRow(id)).toMatchObject({ state: 'published', publishing_since: null });
    // LinkedIn's refusal closed the connection and sent its own e-mail (connection-refused.test.ts);
    // Instagram's failure is not that one, so the post's failure e-mail goes too.
    expect(env.t.sentMail.map((sent) => sent.subject)).toEqual([
      'Your LinkedIn connection has been closed',
      '“Casa del Mar” could not be published on Instagram, LinkedIn',
    ]);
    const mail = env.t.sentMail[1];
    expect(mail).toMatchObject({ to: 'nil@cliente.es' });
    expect(mail!.text).toMatch(/^Hello nil,/);
    expect(mail!.text).toContain(
      '- Instagram: not published. Reason: The Instagram account is not connected, or has no page chosen to publish to: connect it in Settings and use “Retry”.',
    );
    expect(mail!.text).toContain(
      '- LinkedIn (Marta Soler Ibáñez): not published. Reason: LinkedIn no longer accepts the connection to your account: connect it again in Settings and use “Retry”.',
    );
  });

  it('after a crash between the call and its commit, the sweep resumes the post: "needs review", never a second post', async () => {
    const crashing = createTestPublishing(env, {
      afterProviderCall: () => {
        throw new Error('the process died here');
      },
    });
    const { id } = await createDuePost(env, { ownerId: users.clara.id, publishOn: today, networks: { linkedin: true, instagram: true } });
    const text = await textOf(id);
    await queue(id);
    await crashing.worker.runDueJobs();
    // Instagram went first: published at the network, still recorded as publishing; LinkedIn not reached.
    expect(instagramMediaWith(text)).toHaveLength(1);
    expect(await resultOf(id, 'instagram')).toMatchObject({ status: 'publishing', attempts: 1 });
    expect(await resultOf(id, 'linkedin')).toMatchObject({ status: 'pending' });
    expect(await jobsOf(id)).toMatchObject([{ state: 'failed' }]);
    expect((await postRow(id)).publishing_since).not.toBeNull();

    // A minute later (past the job lease) the sweep finds it held by no job and queues it again.
    const later = createTestPublishing(env, { now: () => new Date(Date.now() + 120_000) });
    expect(await later.publishing.sweep.run()).toContain(id);
    await makeDueNow(id);
    await test.worker.runDueJobs();
    expect(await resultOf(id, 'instagram')).toMatchObject({
      status: 'unknown',
      attempts: 1,
      error: 'The outcome of the call is unknown: check the network before publishing again',
      error_code: 'outcomeUnknown',
    });
    expect(await resultOf(id, 'linkedin')).toMatchObject({ status: 'posted' });
    expect(linkedinPostsWith(text)).toHaveLength(1);
    expect(instagramMediaWith(text)).toHaveLength(1);
    expect(await postRow(id)).toMatchObject({ state: 'published', publishing_since: null });
  });

  it('does nothing for a post that is not due, not scheduled, already published or held by another live job', async () => {
    const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const future = await createDuePost(env, { ownerId: users.clara.id, publishOn: tomorrow, networks: { linkedin: true } });
    const held = await createDuePost(env, { ownerId: users.clara.id, publishOn: today, networks: { linkedin: true } });
    await db().updateTable('posts').set({ publishing_since: new Date().toISOString() }).where('id', '=', held.id).execute();
    const at = new Date(Date.now() + 3_600_000).toISOString();
    await db()
      .insertInto('jobs')
      .values({
        kind: 'publish-post',
        subject: `post:${held.id}`,
        payload: JSON.stringify({ postId: held.id }),
        state: 'queued',
        run_at: at,
        attempts: 0,
        max_attempts: 5,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await publish(future.id);
    await publish(held.id);
    for (const post of [future, held]) {
      expect((await postRow(post.id)).state).toBe('scheduled');
      expect(await db().selectFrom('post_results').select('status').where('post_id', '=', post.id).execute()).toEqual([]);
      expect(linkedinPostsWith(await textOf(post.id))).toHaveLength(0);
    }
  });
});
