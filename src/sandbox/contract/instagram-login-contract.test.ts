import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { publishInstagramPost } from '../../server/adapters/instagram/graph-client.ts';
import { INSTAGRAM_LOGIN_SCOPES } from '../../server/adapters/instagram-login/instagram-login-client.ts';
import { TEST_APP_URL, type TestSandbox, answerConsent, sandboxClients } from '../../server/test-support/social-sandbox.ts';
import { defaultInstagramAccounts } from '../personas.ts';
import { answerMismatches, asRecorded, departures, requestMismatches } from './contract.ts';
import { sendRecorded, startRecordedSandbox } from './contract-setup.ts';
import type { ImageServer } from './image-server.ts';
import { type InstagramLoginCallName, instagramLoginCalls, instagramLoginRefusals } from './instagram-login-contract.ts';
import type { RecordingProxy } from './recording-proxy.ts';

/**
 * Instagram Login's documented requests and answers (instagram-login-contract.ts), from both sides as for
 * Facebook Login: the sandbox answers a request written from the docs as documented, and Alzado's
 * Instagram Login client sends exactly the documented requests, everything passing the recording proxy.
 */
const PREFIX = '/sandbox/meta/instagram';
const VERSION = 'v26.0';
const REDIRECT_URI = `${TEST_APP_URL}/auth/instagram-login/callback`;
const CREATOR = defaultInstagramAccounts()[0]!;
const DAY_SECONDS = 86_400;

let sandbox: TestSandbox;
let proxy: RecordingProxy;
let images: ImageServer;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ sandbox, proxy, images, close } = await startRecordedSandbox());
});
afterAll(() => close());
beforeEach(() => {
  sandbox.sandbox.control.reset();
  sandbox.sandbox.control.allowImageOrigins([images.origin]);
  proxy.clear();
});

const json = (answer: { body: Buffer }) => JSON.parse(answer.body.toString()) as Record<string, unknown>;
const app = () => sandbox.sandbox.credentials.instagram;

/** One request through the proxy, as the docs write it; what was recorded. */
async function send(path: string, init: { method?: string; form?: Record<string, string>; token?: string } = {}) {
  return sendRecorded(proxy, `${proxy.origin}${PREFIX}${path}`, init);
}
function check(name: InstagramLoginCallName, recorded: Awaited<ReturnType<typeof send>>): string[] {
  return [...requestMismatches(instagramLoginCalls[name].request, recorded, PREFIX), ...answerMismatches(instagramLoginCalls[name].answer, recorded.answer!)];
}

describe('the sandbox answers documented Instagram Login requests as documented', () => {
  async function authorize(): Promise<string> {
    const url = `${proxy.origin}${PREFIX}/www/oauth/authorize?${new URLSearchParams({ client_id: app().appId, redirect_uri: REDIRECT_URI, response_type: 'code', scope: INSTAGRAM_LOGIN_SCOPES.join(','), state: 'doc' })}`;
    expect(check('authorize', await send(url.slice(`${proxy.origin}${PREFIX}`.length)))).toEqual([]);
    return (await answerConsent(url, { decision: 'allow', account: CREATOR.id })).searchParams.get('code')!;
  }
  async function tokens(): Promise<{ short: string; long: string }> {
    const form = {
      client_id: app().appId,
      client_secret: app().appSecret,
      grant_type: 'authorization_code',
      redirect_uri: REDIRECT_URI,
      code: await authorize(),
    };
    const exchanged = await send('/api/oauth/access_token', { form });
    expect(check('exchangeCode', exchanged)).toEqual([]);
    const short = String((json(exchanged.answer!).data as Array<Record<string, unknown>>)[0]!.access_token);
    // The code works once: the second exchange is refused in api.instagram.com's own format.
    expect(answerMismatches(instagramLoginRefusals.codeRefused, (await send('/api/oauth/access_token', { form })).answer!)).toEqual([]);
    const long = await send(
      `/graph/access_token?${new URLSearchParams({ grant_type: 'ig_exchange_token', client_secret: app().appSecret, access_token: short })}`,
    );
    expect(check('longLivedToken', long)).toEqual([]);
    return { short, long: String(json(long.answer!).access_token) };
  }

  it('authorization, code, long-lived token, profile; one image published and the limit', async () => {
    const { long } = await tokens();
    expect(check('me', await send(`/graph/${VERSION}/me?fields=user_id,username,account_type`, { token: long }))).toEqual([]);
    const container = await send(`/graph/${VERSION}/${CREATOR.id}/media`, { token: long, form: { image_url: `${images.origin}/square.jpg`, caption: 'Obra' } });
    expect(check('createImageContainer', container)).toEqual([]);
    const creationId = String(json(container.answer!).id);
    expect(check('containerStatus', await send(`/graph/${VERSION}/${creationId}?fields=status_code`, { token: long }))).toEqual([]);
    const published = await send(`/graph/${VERSION}/${CREATOR.id}/media_publish`, { token: long, form: { creation_id: creationId } });
    expect(check('publish', published)).toEqual([]);
    expect(check('permalink', await send(`/graph/${VERSION}/${String(json(published.answer!).id)}?fields=permalink`, { token: long }))).toEqual([]);
    expect(check('publishingLimit', await send(`/graph/${VERSION}/${CREATOR.id}/content_publishing_limit?fields=quota_usage,config`, { token: long }))).toEqual(
      [],
    );
  });

  it('refresh: refused under 24 hours, answered after, refused once expired; tokens of the other login refused on each host', async () => {
    const { long } = await tokens();
    const refresh = () => send(`/graph/refresh_access_token?${new URLSearchParams({ grant_type: 'ig_refresh_token', access_token: long })}`);
    expect(answerMismatches(instagramLoginRefusals.tooYoung, (await refresh()).answer!)).toEqual([]);
    sandbox.sandbox.control.advanceTime(DAY_SECONDS + 1);
    expect(check('refreshToken', await refresh())).toEqual([]);
    sandbox.sandbox.control.advanceTime(60 * DAY_SECONDS);
    expect(answerMismatches(instagramLoginRefusals.expiredToken, (await refresh()).answer!)).toEqual([]);

    const { long: fresh } = await tokens();
    // An Instagram User token on graph.facebook.com is not a token there.
    proxy.clear();
    await (await fetch(`${proxy.origin}/sandbox/meta/graph/${VERSION}/me`, { headers: { authorization: `Bearer ${fresh}` } })).arrayBuffer();
    expect(answerMismatches(instagramLoginRefusals.wrongHost, proxy.requests.at(-1)!.answer!)).toEqual([]);
  });

  it('the quota refused on the account once reached (9/2207042)', async () => {
    sandbox.sandbox.control.configure({ meta: { quotaTotal: 1 } });
    const { long } = await tokens();
    for (const round of [1, 2]) {
      const container = await send(`/graph/${VERSION}/${CREATOR.id}/media`, { token: long, form: { image_url: `${images.origin}/square.jpg` } });
      const published = await send(`/graph/${VERSION}/${CREATOR.id}/media_publish`, { token: long, form: { creation_id: String(json(container.answer!).id) } });
      if (round === 2) expect(answerMismatches(instagramLoginRefusals.quota, published.answer!)).toEqual([]);
    }
  });
});

describe('Alzado’s Instagram Login client sends the documented requests', () => {
  it('authorization URL, code, long-lived token, profile, refresh, a carousel and the limit', async () => {
    const client = sandboxClients({ base: `${proxy.origin}/sandbox`, sandbox: sandbox.sandbox }).instagramLogin;
    const url = client.authorizeUrl({ state: 'st', redirectUri: REDIRECT_URI, scopes: INSTAGRAM_LOGIN_SCOPES });
    expect(requestMismatches(instagramLoginCalls.authorize.request, asRecorded(url), PREFIX)).toEqual([]);
    const back = await answerConsent(url, { decision: 'allow', account: CREATOR.id });
    proxy.clear();

    const short = await client.exchangeCode({ code: `${back.searchParams.get('code')!}#_`, redirectUri: REDIRECT_URI });
    const long = await client.exchangeForLongLivedToken(short.accessToken!);
    const issuedAt = sandbox.sandbox.now();
    await client.getProfile(long.accessToken!);
    expect(departures(instagramLoginCalls, ['exchangeCode', 'longLivedToken', 'me'], proxy.requests, PREFIX)).toEqual([]);

    sandbox.sandbox.control.advanceTime(DAY_SECONDS + 1);
    proxy.clear();
    const refreshed = await client.refreshToken(long.accessToken!, { issuedAt, expiresAt: undefined, now: sandbox.sandbox.now() });
    expect(departures(instagramLoginCalls, ['refreshToken'], proxy.requests, PREFIX)).toEqual([]);

    proxy.clear();
    await publishInstagramPost(client.publisher, refreshed.accessToken!, {
      igUserId: CREATOR.id,
      caption: 'Dos vistas',
      images: [{ url: `${images.origin}/square.jpg`, altText: 'Fachada' }, { url: `${images.origin}/portrait.jpg` }],
    });
    await client.publisher.getPublishingLimit(refreshed.accessToken!, CREATOR.id);
    expect(
      departures(
        instagramLoginCalls,
        [
          'createImageContainer',
          'createImageContainer',
          'containerStatus',
          'containerStatus',
          'createCarouselContainer',
          'containerStatus',
          'publish',
          'permalink',
          'publishingLimit',
        ],
        proxy.requests,
        PREFIX,
      ),
    ).toEqual([]);
  });
});
