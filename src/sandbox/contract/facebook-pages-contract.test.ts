import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FACEBOOK_PAGE_SCOPES } from '../../domain/social.ts';
import { type FacebookPageClient, findPublishedPost, prepareFacebookPost } from '../../server/adapters/facebook/page-client.ts';
import type { GraphClient } from '../../server/adapters/instagram/graph-client.ts';
import { createSocialClients } from '../../server/adapters/social-clients.ts';
import { loadConfig } from '../../server/config.ts';
import { TEST_APP_URL, type TestSandbox, answerConsent } from '../../server/test-support/social-sandbox.ts';
import { defaultMetaPages } from '../personas.ts';
import { answerMismatches, departures, requestMismatches } from './contract.ts';
import { sendRecorded, startRecordedSandbox } from './contract-setup.ts';
import { type GraphCallName, graphCalls, graphRefusals } from './graph-contract.ts';
import type { ImageServer } from './image-server.ts';
import type { RecordingProxy } from './recording-proxy.ts';

/**
 * Facebook Page publishing's documented requests and answers (graph-contract.ts, the fb* sources), from
 * both sides as for Instagram: the sandbox answers a request written from the docs as documented, and
 * Alzado's Facebook Page client, built as production builds it, sends exactly the documented requests.
 */
const PREFIX = '/sandbox/meta/graph';
const VERSION = 'v26.0';
const REDIRECT_URI = `${TEST_APP_URL}/auth/instagram/callback`;
const STUDIO_PAGE = defaultMetaPages()[0]!;

let sandbox: TestSandbox;
let proxy: RecordingProxy;
let images: ImageServer;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ sandbox, proxy, images, close } = await startRecordedSandbox());
});
afterAll(() => close());
beforeEach(() => proxy.clear());
afterEach(() => sandbox.sandbox.control.setMetaPages(defaultMetaPages()));

const json = (answer: { body: Buffer }) => JSON.parse(answer.body.toString()) as Record<string, unknown>;

describe('the sandbox answers documented Page requests as documented', () => {
  async function send(name: GraphCallName, path: string, init: { method?: string; form?: Record<string, string>; token: string }) {
    const recorded = await sendRecorded(proxy, `${proxy.origin}${PREFIX}/${VERSION}${path}`, init);
    return {
      answer: recorded.answer!,
      departures: [...requestMismatches(graphCalls[name].request, recorded, PREFIX), ...answerMismatches(graphCalls[name].answer, recorded.answer!)],
    };
  }

  async function tokens(): Promise<{ user: string; page: string }> {
    const { appId, appSecret } = sandbox.sandbox.credentials.meta;
    const dialog = `${sandbox.base}/meta/www/${VERSION}/dialog/oauth?${new URLSearchParams({ client_id: appId, redirect_uri: REDIRECT_URI, state: 'doc', response_type: 'code', scope: FACEBOOK_PAGE_SCOPES.join(',') })}`;
    const code = (await answerConsent(dialog)).searchParams.get('code')!;
    const exchange = async (query: Record<string, string>) =>
      (await (await fetch(`${sandbox.base}/meta/graph/${VERSION}/oauth/access_token?${new URLSearchParams(query)}`)).json()) as { access_token: string };
    const short = await exchange({ client_id: appId, client_secret: appSecret, redirect_uri: REDIRECT_URI, code });
    const user = (await exchange({ grant_type: 'fb_exchange_token', client_id: appId, client_secret: appSecret, fb_exchange_token: short.access_token }))
      .access_token;
    const page = await send('pageWithTasks', `/${STUDIO_PAGE.id}?fields=access_token,tasks`, { token: user });
    expect(page.departures).toEqual([]);
    return { user, page: String(json(page.answer).access_token) };
  }

  it('the pages with tasks; one photo; unpublished photos and the feed post; the posts, a post, a photo, a photo deleted', async () => {
    const { user, page } = await tokens();
    const accounts = await send('accounts', `/me/accounts?${new URLSearchParams({ fields: 'id,name,access_token,tasks', limit: '100' })}`, { token: user });
    expect(accounts.departures).toEqual([]);

    const single = await send('pagePhotoPublished', `/${STUDIO_PAGE.id}/photos`, {
      token: page,
      form: { url: `${images.origin}/panorama.jpg`, caption: 'Casa Montgó', published: 'true' },
    });
    expect(single.departures).toEqual([]);

    const ids: string[] = [];
    for (const file of ['square.jpg', 'portrait.jpg']) {
      const photo = await send('pagePhotoUnpublished', `/${STUDIO_PAGE.id}/photos`, {
        token: page,
        form: { url: `${images.origin}/${file}`, published: 'false' },
      });
      expect(photo.departures).toEqual([]);
      ids.push(String(json(photo.answer).id));
    }
    expect((await send('photo', `/${ids[0]}?fields=id,created_time`, { token: page })).departures).toEqual([]);
    const form: Record<string, string> = { message: 'Dos vistas' };
    ids.forEach((id, index) => (form[`attached_media[${index}]`] = JSON.stringify({ media_fbid: id })));
    const post = await send('pageFeed', `/${STUDIO_PAGE.id}/feed`, { token: page, form });
    expect(post.departures).toEqual([]);

    expect((await send('pagePost', `/${String(json(post.answer).id)}?fields=id,message,created_time,permalink_url`, { token: page })).departures).toEqual([]);
    const since = Math.floor(sandbox.sandbox.now().getTime() / 1000) - 60;
    const posts = await send('publishedPosts', `/${STUDIO_PAGE.id}/published_posts?fields=id,message,created_time,permalink_url&since=${since}`, {
      token: page,
    });
    expect(posts.departures).toEqual([]);
    expect((json(posts.answer).data as Array<{ id: string }>).map((entry) => entry.id)).toEqual([json(post.answer).id, json(single.answer).post_id]);

    const spare = json(
      (await send('pagePhotoUnpublished', `/${STUDIO_PAGE.id}/photos`, { token: page, form: { url: `${images.origin}/square.jpg`, published: 'false' } }))
        .answer,
    );
    expect((await send('deletePhoto', `/${String(spare.id)}`, { method: 'DELETE', token: page })).departures).toEqual([]);
  });

  it('refusals: a user token, a page without CREATE_CONTENT (code 200); an attached photo already posted, eleven photos (code 100)', async () => {
    const { user, page } = await tokens();
    const asUser = await send('pageFeed', `/${STUDIO_PAGE.id}/feed`, { token: user, form: { message: 'Hola' } });
    expect(answerMismatches(graphRefusals.pagePosting, asUser.answer)).toEqual([]);

    const ids: string[] = [];
    for (let index = 0; index < 11; index++)
      ids.push(
        String(
          json(
            (await send('pagePhotoUnpublished', `/${STUDIO_PAGE.id}/photos`, { token: page, form: { url: `${images.origin}/square.jpg`, published: 'false' } }))
              .answer,
          ).id,
        ),
      );
    const form = (chosen: string[]) =>
      Object.fromEntries([['message', 'Fotos'], ...chosen.map((id, index) => [`attached_media[${index}]`, JSON.stringify({ media_fbid: id })])]);
    expect(
      answerMismatches(graphRefusals.invalidAttachedMedia, (await send('pageFeed', `/${STUDIO_PAGE.id}/feed`, { token: page, form: form(ids) })).answer),
    ).toEqual([]);
    expect((await send('pageFeed', `/${STUDIO_PAGE.id}/feed`, { token: page, form: form(ids.slice(0, 2)) })).departures).toEqual([]);
    expect(
      answerMismatches(
        graphRefusals.invalidAttachedMedia,
        (await send('pageFeed', `/${STUDIO_PAGE.id}/feed`, { token: page, form: form(ids.slice(0, 2)) })).answer,
      ),
    ).toEqual([]);

    sandbox.sandbox.control.setMetaPages(
      defaultMetaPages().map((entry) => (entry.id === STUDIO_PAGE.id ? { ...entry, tasks: ['ANALYZE', 'MODERATE'] } : entry)),
    );
    const noTask = await send('pagePhotoPublished', `/${STUDIO_PAGE.id}/photos`, { token: page, form: { url: `${images.origin}/square.jpg`, caption: 'x' } });
    expect(answerMismatches(graphRefusals.pagePosting, noTask.answer)).toEqual([]);
  });
});

describe('Alzado’s Facebook Page client sends exactly the documented requests', () => {
  let graph: GraphClient;
  let client: FacebookPageClient;
  const now = () => sandbox.sandbox.now();

  beforeAll(() => {
    const { social } = loadConfig({});
    const clients = createSocialClients({ social, publicUrl: proxy.origin, internalUrl: proxy.origin, sandbox: sandbox.sandbox });
    graph = clients.instagram!.client;
    client = clients.facebook!.client;
  });

  async function userToken(): Promise<string> {
    const back = await answerConsent(graph.loginDialogUrl({ state: 'contract', redirectUri: REDIRECT_URI, scopes: FACEBOOK_PAGE_SCOPES }));
    const short = await graph.exchangeCode({ code: back.searchParams.get('code')!, redirectUri: REDIRECT_URI });
    return (await graph.exchangeForLongLivedToken(short.accessToken!)).accessToken!;
  }

  it('the pages with their tasks (her own, then her businesses’), and one page’s token and tasks', async () => {
    const token = await userToken();
    proxy.clear();
    await client.listPages(token, { businesses: true });
    expect(departures(graphCalls, ['accounts', 'businesses', 'businessPages', 'businessPages'], proxy.requests, PREFIX)).toEqual([]);
    proxy.clear();
    await client.getPage(token, STUDIO_PAGE.id);
    expect(departures(graphCalls, ['pageWithTasks'], proxy.requests, PREFIX)).toEqual([]);
  });

  it('one photo: the published photo; then the post’s link and the recent posts', async () => {
    const page = (await client.getPage(await userToken(), STUDIO_PAGE.id)).accessToken!;
    const since = now();
    proxy.clear();
    const { postId } = await (
      await prepareFacebookPost(client, page, { pageId: STUDIO_PAGE.id, message: 'Casa Montgó', imageUrls: [`${images.origin}/square.jpg`], now })
    ).create();
    await client.getPost(page, postId);
    await findPublishedPost(client, page, { pageId: STUDIO_PAGE.id, message: 'Casa Montgó', since });
    expect(departures(graphCalls, ['pagePhotoPublished', 'pagePost', 'publishedPosts'], proxy.requests, PREFIX)).toEqual([]);
  });

  it('several photos: unpublished uploads, the feed post; a retry checks and reuses them; a photo given up is deleted', async () => {
    const page = (await client.getPage(await userToken(), STUDIO_PAGE.id)).accessToken!;
    const urls = [`${images.origin}/square.jpg`, `${images.origin}/portrait.jpg`];
    proxy.clear();
    const first = await prepareFacebookPost(client, page, { pageId: STUDIO_PAGE.id, message: 'Dos vistas', imageUrls: urls, now });
    const retry = await prepareFacebookPost(client, page, { pageId: STUDIO_PAGE.id, message: 'Dos vistas', imageUrls: urls, reuse: first.photos, now });
    await retry.create();
    expect(departures(graphCalls, ['pagePhotoUnpublished', 'pagePhotoUnpublished', 'photo', 'photo', 'pageFeed'], proxy.requests, PREFIX)).toEqual([]);

    const { photoId } = await client.uploadPhoto(page, STUDIO_PAGE.id, { url: urls[0]!, published: false });
    proxy.clear();
    await client.deletePhoto(page, photoId);
    expect(departures(graphCalls, ['deletePhoto'], proxy.requests, PREFIX)).toEqual([]);
  });
});
