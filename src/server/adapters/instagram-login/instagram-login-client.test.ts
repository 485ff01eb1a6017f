import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandboxWithImages } from '../../../sandbox/contract/contract-setup.ts';
import type { ImageServer } from '../../../sandbox/contract/image-server.ts';
import { defaultInstagramAccounts, defaultMetaPages } from '../../../sandbox/personas.ts';
import { type TestSandbox, TEST_APP_URL, answerConsent, sandboxClients } from '../../test-support/social-sandbox.ts';
import { providerFailure } from '../../test-support/provider-failure.ts';
import { type GraphClient, publishInstagramPost } from '../instagram/graph-client.ts';
import { INSTAGRAM_SCOPES } from '../../../domain/social.ts';
import { INSTAGRAM_LOGIN_INSIGHTS_SCOPE, INSTAGRAM_LOGIN_SCOPES, type InstagramLoginClient, isProfessionalAccount } from './instagram-login-client.ts';

/**
 * The Instagram Login client against the sandbox over a real local HTTP connection: the authorization
 * window, the code, the long-lived token and its refresh with the API's rules, the profile of a Business
 * and of a Creator account, and publishing through Facebook Login's container flow on graph.instagram.com,
 * with the account's quota shared by both ways of connecting it.
 */
const REDIRECT_URI = `${TEST_APP_URL}/auth/instagram-login/callback`;
const FACEBOOK_REDIRECT_URI = `${TEST_APP_URL}/auth/instagram/callback`;
const CREATOR = defaultInstagramAccounts()[0]!;
const BUSINESS = defaultMetaPages()[0]!.instagram!;
const DAY_SECONDS = 86_400;

let sandbox: TestSandbox;
let client: InstagramLoginClient;
let facebookLogin: GraphClient;
let images: ImageServer;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ sandbox, images, close } = await startSandboxWithImages());
  ({ instagramLogin: client, instagram: facebookLogin } = sandboxClients(sandbox));
});
afterAll(() => close());
afterEach(() => sandbox.sandbox.control.reset());

async function code(account: string = CREATOR.id, uncheck: string[] = []): Promise<string> {
  const back = await answerConsent(client.authorizeUrl({ state: 's1', redirectUri: REDIRECT_URI, scopes: INSTAGRAM_LOGIN_SCOPES }), {
    decision: 'allow',
    account,
    uncheck,
  });
  expect(back.searchParams.get('state')).toBe('s1');
  return back.searchParams.get('code')!;
}

/** Instagram Login to the long-lived token; with the time it was obtained. */
async function longLived(account: string = CREATOR.id): Promise<{ token: string; issuedAt: Date; expiresAt: Date }> {
  const short = await client.exchangeCode({ code: await code(account), redirectUri: REDIRECT_URI });
  const long = await client.exchangeForLongLivedToken(short.accessToken!);
  const issuedAt = sandbox.sandbox.now();
  return { token: long.accessToken!, issuedAt, expiresAt: new Date(issuedAt.getTime() + long.expiresIn! * 1000) };
}

describe('authorization and tokens', () => {
  it('builds the authorization window’s URL with the Instagram app and the scopes', () => {
    const url = new URL(client.authorizeUrl({ state: 'abc', redirectUri: REDIRECT_URI, scopes: INSTAGRAM_LOGIN_SCOPES }));
    expect(url.pathname.endsWith('/oauth/authorize')).toBe(true);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: sandbox.sandbox.credentials.instagram.appId,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: 'instagram_business_basic,instagram_business_content_publish',
      state: 'abc',
    });
  });

  it('exchanges the code for a short-lived token with the granted permissions, then a 60-day token; a code works once', async () => {
    const given = await code(CREATOR.id, ['instagram_business_content_publish']);
    const short = await client.exchangeCode({ code: `${given}#_`, redirectUri: REDIRECT_URI });
    expect(short.accessToken).toMatch(/^IGAA/);
    expect(short.userId).toMatch(/^\d+$/);
    expect(short.permissions).toEqual(['instagram_business_basic']);
    const again = await providerFailure(client.exchangeCode({ code: given, redirectUri: REDIRECT_URI }));
    expect(again.failure).toBe('rejected');
    expect(again.message).toContain('Matching code was not found or was already used');

    const long = await client.exchangeForLongLivedToken(short.accessToken!);
    expect(long).toMatchObject({ tokenType: 'bearer', expiresIn: 60 * DAY_SECONDS });
    expect(long.accessToken).not.toBe(short.accessToken);
  });

  it('asks for the insights scope too when Results need it, and gets it granted', async () => {
    const scopes = [...INSTAGRAM_LOGIN_SCOPES, INSTAGRAM_LOGIN_INSIGHTS_SCOPE];
    const back = await answerConsent(client.authorizeUrl({ state: 's2', redirectUri: REDIRECT_URI, scopes }), { decision: 'allow', account: CREATOR.id });
    const short = await client.exchangeCode({ code: back.searchParams.get('code')!, redirectUri: REDIRECT_URI });
    expect(short.permissions).toEqual(scopes);
  });

  it('refuses a redirect URI other than the authorization’s, and Facebook Login’s code and tokens', async () => {
    const wrong = await providerFailure(client.exchangeCode({ code: await code(), redirectUri: FACEBOOK_REDIRECT_URI }));
    expect(wrong.failure).toBe('rejected');

    // A Facebook Login token is not an Instagram User token: graph.instagram.com does not know it.
    const back = await answerConsent(facebookLogin.loginDialogUrl({ state: 'f', redirectUri: FACEBOOK_REDIRECT_URI, scopes: INSTAGRAM_SCOPES }));
    const facebook = await facebookLogin.exchangeCode({ code: back.searchParams.get('code')!, redirectUri: FACEBOOK_REDIRECT_URI });
    expect((await providerFailure(client.getProfile(facebook.accessToken!))).failure).toBe('invalid-token');
    // …and an Instagram User token is refused on graph.facebook.com.
    const { token } = await longLived();
    expect((await providerFailure(facebookLogin.getMe(token))).failure).toBe('invalid-token');
  });

  it('refreshes a token 24 hours old for 60 more days; refuses, without a call, one younger or expired; the API refuses them too', async () => {
    const { token, issuedAt, expiresAt } = await longLived();
    const young = await providerFailure(client.refreshToken(token, { issuedAt, expiresAt, now: sandbox.sandbox.now() }));
    expect(young).toMatchObject({ failure: 'rejected', details: { code: 'too-young' } });

    // The sandbox holds the same rule: a client that skipped it would be refused.
    const raw = await fetch(`${sandbox.base}/meta/instagram/graph/refresh_access_token?grant_type=ig_refresh_token&access_token=${token}`);
    expect(raw.status).toBe(400);
    expect(((await raw.json()) as { error: { code: number } }).error.code).toBe(100);

    sandbox.sandbox.control.advanceTime(DAY_SECONDS + 60);
    const refreshed = await client.refreshToken(token, { issuedAt, expiresAt, now: sandbox.sandbox.now() });
    expect(refreshed).toMatchObject({ tokenType: 'bearer', expiresIn: 60 * DAY_SECONDS });
    expect((await client.getProfile(refreshed.accessToken!)).igUserId).toBe(CREATOR.id);

    sandbox.sandbox.control.advanceTime(59 * DAY_SECONDS);
    const expired = await providerFailure(client.refreshToken(token, { issuedAt, expiresAt, now: sandbox.sandbox.now() }));
    expect(expired).toMatchObject({ failure: 'invalid-token', details: { code: 'expired' } });
    const rawExpired = await fetch(`${sandbox.base}/meta/instagram/graph/refresh_access_token?grant_type=ig_refresh_token&access_token=${token}`);
    expect(((await rawExpired.json()) as { error: { code: number; error_subcode: number } }).error).toMatchObject({ code: 190, error_subcode: 463 });
  });
});

describe('the account', () => {
  it('reads a Creator account with no Facebook Page, and a page’s linked account as a Business account', async () => {
    const creator = await client.getProfile((await longLived(CREATOR.id)).token);
    expect(creator).toMatchObject({ igUserId: CREATOR.id, username: CREATOR.username, accountType: 'MEDIA_CREATOR', followersCount: CREATOR.followers });
    expect(creator.appScopedId).not.toBe(CREATOR.id);
    expect(isProfessionalAccount(creator.accountType)).toBe(true);
    const business = await client.getProfile((await longLived(BUSINESS.id)).token);
    expect(business).toMatchObject({ igUserId: BUSINESS.id, username: BUSINESS.username, accountType: 'BUSINESS' });
    expect(isProfessionalAccount('PERSONAL')).toBe(false);
  });
});

describe('publishing on graph.instagram.com', () => {
  it('publishes one image and a carousel through the same container flow, and reads the limit', async () => {
    const { token } = await longLived();
    const single = await publishInstagramPost(client.publisher, token, {
      igUserId: CREATOR.id,
      caption: 'Cuaderno de obra',
      images: [{ url: `${images.origin}/square.jpg`, altText: 'Una fachada' }],
    });
    expect(single.mediaId).toMatch(/^\d+$/);
    expect(single.permalink).toContain('/meta/p/');
    const carousel = await publishInstagramPost(client.publisher, token, {
      igUserId: CREATOR.id,
      caption: 'Dos vistas',
      images: [{ url: `${images.origin}/square.jpg` }, { url: `${images.origin}/portrait.jpg` }],
    });
    expect(carousel.mediaId).not.toBe(single.mediaId);
    expect(await client.publisher.getPublishingLimit(token, CREATOR.id)).toEqual({ quotaUsage: 2, quotaTotal: 50, quotaDuration: 86400 });
  });

  it('acts for its own account only, and needs instagram_business_content_publish', async () => {
    const { token } = await longLived();
    const other = await providerFailure(client.publisher.createImageContainer(token, BUSINESS.id, { imageUrl: `${images.origin}/square.jpg` }));
    expect(other.failure).toBe('rejected');
    const short = await client.exchangeCode({ code: await code(CREATOR.id, ['instagram_business_content_publish']), redirectUri: REDIRECT_URI });
    const basicOnly = (await client.exchangeForLongLivedToken(short.accessToken!)).accessToken!;
    const denied = await providerFailure(client.publisher.createImageContainer(basicOnly, CREATOR.id, { imageUrl: `${images.origin}/square.jpg` }));
    expect(denied.failure).toBe('permission');
  });

  it('counts one quota per account, whichever way it is connected (issue 27 item 4)', async () => {
    sandbox.sandbox.control.configure({ meta: { quotaTotal: 2 } });
    const { token } = await longLived(BUSINESS.id);
    await publishInstagramPost(client.publisher, token, { igUserId: BUSINESS.id, caption: 'Uno', images: [{ url: `${images.origin}/square.jpg` }] });

    // The same account through Facebook Login and its page: the post made by Instagram Login counts.
    const back = await answerConsent(facebookLogin.loginDialogUrl({ state: 'f', redirectUri: FACEBOOK_REDIRECT_URI, scopes: INSTAGRAM_SCOPES }));
    const short = await facebookLogin.exchangeCode({ code: back.searchParams.get('code')!, redirectUri: FACEBOOK_REDIRECT_URI });
    const user = (await facebookLogin.exchangeForLongLivedToken(short.accessToken!)).accessToken!;
    const pageToken = (await facebookLogin.listPages(user)).find((page) => page.instagramBusinessAccount?.id === BUSINESS.id)!.accessToken!;
    expect((await facebookLogin.getPublishingLimit(pageToken, BUSINESS.id)).quotaUsage).toBe(1);
    await publishInstagramPost(facebookLogin, pageToken, { igUserId: BUSINESS.id, caption: 'Dos', images: [{ url: `${images.origin}/square.jpg` }] });

    expect((await client.publisher.getPublishingLimit(token, BUSINESS.id)).quotaUsage).toBe(2);
    const refused = await providerFailure(
      publishInstagramPost(client.publisher, token, { igUserId: BUSINESS.id, caption: 'Tres', images: [{ url: `${images.origin}/square.jpg` }] }),
    );
    expect(refused).toMatchObject({ failure: 'rate-limited', details: { code: 9, subcode: 2207042 } });
  });
});
