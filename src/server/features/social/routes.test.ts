import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { INSTAGRAM_SCOPES, linkedinScopes, STATE_MISMATCH_MESSAGE, type SocialConnectionView } from '../../../domain/social.ts';
import { readFlag, readInstant } from '../../db/values.ts';
import { storedInstant } from '../../test-support/stored-values.ts';
import {
  type Network,
  type TestSandbox,
  TEST_APP_URL,
  answerConsent,
  authorize,
  connect,
  sandboxAdapters,
  startTestSandbox,
} from '../../test-support/social-sandbox.ts';
import { type TestApp, createTestApp, createTestTokenCipher, createTestUser, signIn } from '../../test-support/test-app.ts';
import { secretContext } from './connection.ts';

const DAY_S = 86_400;
const MEMBER_URN = 'urn:li:person:sbx4Qm7TzL';
const cipher = createTestTokenCipher();

let sandbox: TestSandbox;
let t: TestApp;
/** Every answer the API gave in this file, to look for tokens in afterwards. */
const answers: LightMyRequestResponse[] = [];
let userCount = 0;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  t = await createTestApp({ social: sandboxAdapters(sandbox) });
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
});
afterEach(() => {
  sandbox.sandbox.control.clearFaults();
  sandbox.sandbox.control.configure({
    linkedin: { omitExpiresIn: false, omitAccessToken: false, omitMemberName: false, issueRefreshTokens: false },
    meta: { omitExpiresIn: false, omitAccessToken: false },
  });
});

async function newUser(): Promise<{ id: string; cookie: string }> {
  const user = await createTestUser(t, { email: `studio${++userCount}@social.test` });
  return { id: user.id, cookie: await signIn(t, user.email, user.password) };
}

async function call(options: InjectOptions): Promise<LightMyRequestResponse> {
  const response = await t.app.inject(options);
  answers.push(response);
  return response;
}

const status = (cookie: string, network: Network) => call({ method: 'GET', url: `/api/social/${network}`, headers: { cookie } });
const pages = (cookie: string, network: Network) => call({ method: 'GET', url: `/api/social/${network}/pages`, headers: { cookie } });
const disconnect = (cookie: string, network: Network) => call({ method: 'DELETE', url: `/api/social/${network}`, headers: { cookie } });
const chooseTarget = (cookie: string, network: Network, targetId: string) =>
  call({ method: 'PUT', url: `/api/social/${network}/target`, headers: { cookie }, payload: { targetId } });
const callback = (cookie: string, network: Network, payload: Record<string, unknown>) =>
  call({ method: 'POST', url: `/api/social/${network}/callback`, headers: { cookie }, payload });

async function connected(cookie: string, network: Network, options: { uncheck?: string[] } = {}): Promise<SocialConnectionView> {
  const response = await connect(t, cookie, network, options);
  answers.push(response);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

function row(userId: string, network: Network) {
  return t.database.db.selectFrom('social_connections').selectAll().where('user_id', '=', userId).where('network', '=', network).executeTakeFirstOrThrow();
}

/** The tokens of a stored connection, decrypted with the test key. */
async function storedTokens(userId: string, network: Network): Promise<string[]> {
  const stored = await row(userId, network);
  const columns = ['access_token', 'refresh_token', 'id_token', 'page_tokens'] as const;
  const tokens: string[] = [];
  for (const column of columns) {
    const value = stored[column];
    if (!value) continue;
    let plain: string;
    try {
      plain = cipher.decrypt(value, secretContext(userId, network, column));
    } catch {
      // The rows a test sealed for someone else on purpose.
      continue;
    }
    if (column === 'page_tokens') tokens.push(...Object.values(JSON.parse(plain) as Record<string, string>));
    else tokens.push(plain);
  }
  return tokens;
}

function expectError(response: LightMyRequestResponse, statusCode: number, code: string, message?: string) {
  expect(response.statusCode, response.body).toBe(statusCode);
  const body = response.json() as { error: { code: string; message: string } };
  expect(body.error.code).toBe(code);
  if (message !== undefined) expect(body.error.message).toBe(message);
}

function closeTo(iso: string | null, expected: number, toleranceMs = 60_000) {
  expect(iso).not.toBeNull();
  expect(Math.abs(new Date(iso!).getTime() - expected)).toBeLessThan(toleranceMs);
}

describe('who may use /api/social', () => {
  it.each([
    ['GET', '/api/social/linkedin'],
    ['POST', '/api/social/linkedin/authorize'],
    ['POST', '/api/social/instagram/callback'],
    ['GET', '/api/social/instagram/pages'],
    ['PUT', '/api/social/linkedin/target'],
    ['DELETE', '/api/social/instagram'],
  ] as const)('%s %s without a session answers 401 "User not authenticated", before reading the body', async (method, url) => {
    const response = await call({ method, url, payload: method === 'GET' || method === 'DELETE' ? undefined : { nonsense: true } });
    expectError(response, 401, 'NOT_AUTHENTICATED', 'User not authenticated');
  });

  it('refuses a network it does not know', async () => {
    const { cookie } = await newUser();
    expectError(await status(cookie, 'twitter' as Network), 400, 'VALIDATION_FAILED');
  });
});

describe('the connection view', () => {
  it('before any connection: not connected, no data, marked as the sandbox', async () => {
    const { cookie } = await newUser();
    expect((await status(cookie, 'linkedin')).json()).toEqual({
      network: 'linkedin',
      sandbox: true,
      available: true,
      isConnected: false,
      userName: null,
      expiresAt: null,
      publishTargetId: null,
      warning: null,
      adminPages: null,
      companyPagesOffered: true,
    });
    expect((await status(cookie, 'instagram')).json()).toMatchObject({ network: 'instagram', isConnected: false, businessPages: null });
  });

  it('a network that is neither configured nor sandboxed is unavailable and cannot be authorized', async () => {
    const bare = await createTestApp();
    try {
      const user = await createTestUser(bare, { email: 'bare@social.test' });
      const cookie = await signIn(bare, user.email, user.password);
      expect((await bare.app.inject({ method: 'GET', url: '/api/social/linkedin', headers: { cookie } })).json()).toMatchObject({
        available: false,
        sandbox: false,
        isConnected: false,
      });
      expectError(await bare.app.inject({ method: 'POST', url: '/api/social/instagram/authorize', headers: { cookie } }), 503, 'SOCIAL_NOT_CONFIGURED');
    } finally {
      await bare.close();
    }
  });
});

describe('authorization', () => {
  it("LinkedIn: the consent page with SPEC's scopes, the callback page as redirect URI and a fresh 256-bit state kept hashed", async () => {
    const { id, cookie } = await newUser();
    const first = new URL(await authorize(t, cookie, 'linkedin'));
    const second = new URL(await authorize(t, cookie, 'linkedin'));
    expect(`${first.origin}${first.pathname}`).toBe(`${sandbox.base}/linkedin/oauth/v2/authorization`);
    expect(first.searchParams.get('response_type')).toBe('code');
    expect(first.searchParams.get('client_id')).toBe(sandbox.sandbox.credentials.linkedin.clientId);
    expect(first.searchParams.get('redirect_uri')).toBe(`${TEST_APP_URL}/auth/linkedin/callback`);
    expect(first.searchParams.get('scope')).toBe(linkedinScopes({ organizationPages: true }).join(' '));
    const state = first.searchParams.get('state')!;
    expect(Buffer.from(state, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(state).not.toBe(second.searchParams.get('state'));
    const states = await t.database.db.selectFrom('oauth_states').selectAll().where('user_id', '=', id).execute();
    expect(states).toHaveLength(2);
    expect(JSON.stringify(states)).not.toContain(state);
  });

  it('Instagram: the Facebook Login dialog of the current Graph version with the permissions, comma-separated', async () => {
    const { cookie } = await newUser();
    const url = new URL(await authorize(t, cookie, 'instagram'));
    expect(`${url.origin}${url.pathname}`).toBe(`${sandbox.base}/meta/www/v26.0/dialog/oauth`);
    expect(url.searchParams.get('client_id')).toBe(sandbox.sandbox.credentials.meta.appId);
    expect(url.searchParams.get('redirect_uri')).toBe(`${TEST_APP_URL}/auth/instagram/callback`);
    expect(url.searchParams.get('scope')).toBe(INSTAGRAM_SCOPES.join(','));
    expect(url.searchParams.get('response_type')).toBe('code');
  });
});

describe('connecting LinkedIn through the consent page', () => {
  let user: { id: string; cookie: string };
  beforeAll(async () => {
    user = await newUser();
  });

  it('connects: the member, 60 days of token, the member preselected as publish target', async () => {
    const view = await connected(user.cookie, 'linkedin');
    expect(view).toMatchObject({
      network: 'linkedin',
      isConnected: true,
      userName: 'Marta Soler Ibáñez',
      publishTargetId: MEMBER_URN,
      adminPages: null,
      warning: null,
      sandbox: true,
    });
    closeTo(view.expiresAt, Date.now() + 5_184_000_000);
    const status = await call({ method: 'GET', url: '/api/social/linkedin', headers: { cookie: user.cookie } });
    expect(status.json()).toMatchObject({ isConnected: true, warning: null });
  });

  it('keeps on the server what SPEC §3 lists, tokens encrypted', async () => {
    const stored = await row(user.id, 'linkedin');
    expect(stored).toMatchObject({ account_id: 'sbx4Qm7TzL', account_name: 'Marta Soler Ibáñez', token_type: 'Bearer', refresh_token: null });
    expect(readFlag(stored.is_connected)).toBe(true);
    expect(stored.scopes.split(' ').sort()).toEqual(linkedinScopes({ organizationPages: true }).sort());
    expect(stored.connected_at).not.toBeNull();
    for (const column of ['access_token', 'id_token'] as const) expect(stored[column]).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
    const [accessToken, idToken] = await storedTokens(user.id, 'linkedin');
    expect(accessToken).toMatch(/^AQV/);
    expect(idToken!.split('.')).toHaveLength(3);
    expect(JSON.stringify(stored)).not.toContain(accessToken);
    // The decrypted token is the one LinkedIn (the sandbox) issued: it opens the member's record.
    const userinfo = await fetch(`${sandbox.base}/linkedin/v2/userinfo`, { headers: { authorization: `Bearer ${accessToken}` } });
    expect(((await userinfo.json()) as { sub: string }).sub).toBe('sbx4Qm7TzL');
  });

  it('lists the pages once asked: the member, then the organizations whose approved role may post (administrator, content administrator)', async () => {
    const response = await pages(user.cookie, 'linkedin');
    expect(response.statusCode, response.body).toBe(200);
    const view = response.json() as Extract<SocialConnectionView, { network: 'linkedin' }>;
    expect(view.adminPages).toEqual([
      { id: MEMBER_URN, name: 'Marta Soler Ibáñez', type: 'PERSON', logoUrl: `${sandbox.base}/linkedin/media/member.svg` },
      {
        id: 'urn:li:organization:90210001',
        name: 'Soler Ibáñez Arquitectos',
        type: 'ORGANIZATION',
        logoUrl: `${sandbox.base}/linkedin/media/logos/90210001.svg`,
      },
      { id: 'urn:li:organization:90210002', name: 'Taller Norte', type: 'ORGANIZATION', logoUrl: null },
    ]);
    expect(view.publishTargetId).toBe(MEMBER_URN);
    expect((await row(user.id, 'linkedin')).pages_fetched_at).not.toBeNull();
    // Kept: the next status carries them without asking LinkedIn for pages again.
    expect(((await status(user.cookie, 'linkedin')).json() as { adminPages: unknown[] }).adminPages).toHaveLength(3);
  });

  it('chooses a company page as publish target, and refuses a page that is not theirs', async () => {
    const chosen = await chooseTarget(user.cookie, 'linkedin', 'urn:li:organization:90210001');
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toMatchObject({ publishTargetId: 'urn:li:organization:90210001' });
    expectError(await chooseTarget(user.cookie, 'linkedin', 'urn:li:organization:90210003'), 404, 'SOCIAL_TARGET_NOT_FOUND');
    expectError(await chooseTarget(user.cookie, 'linkedin', ''), 400, 'VALIDATION_FAILED');
    expect((await status(user.cookie, 'linkedin')).json()).toMatchObject({ publishTargetId: 'urn:li:organization:90210001' });
  });

  it('authorizing again while connected (Settings\' "Connect again") replaces the tokens and the expiry, keeping the chosen target', async () => {
    const before = await row(user.id, 'linkedin');
    const [oldAccessToken] = await storedTokens(user.id, 'linkedin');
    // As if the token were near its end: the new one must last 60 days from now again.
    await t.database.db
      .updateTable('social_connections')
      .set({ token_expires_at: storedInstant(new Date(Date.now() + 3 * DAY_S * 1000)) as string })
      .where('id', '=', before.id)
      .execute();
    const view = await connected(user.cookie, 'linkedin');
    expect(view).toMatchObject({ isConnected: true, publishTargetId: 'urn:li:organization:90210001' });
    closeTo(view.expiresAt, Date.now() + 5_184_000_000);
    const after = await row(user.id, 'linkedin');
    expect(after.id).toBe(before.id);
    expect(readFlag(after.is_connected)).toBe(true);
    const [newAccessToken] = await storedTokens(user.id, 'linkedin');
    expect(newAccessToken).not.toBe(oldAccessToken);
    const userinfo = await fetch(`${sandbox.base}/linkedin/v2/userinfo`, { headers: { authorization: `Bearer ${newAccessToken}` } });
    expect(userinfo.status).toBe(200);
  });

  it('disconnects after which it is not connected, its data kept; reconnecting keeps the chosen target', async () => {
    const tokensBefore = await storedTokens(user.id, 'linkedin');
    const response = await disconnect(user.cookie, 'linkedin');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ isConnected: false, userName: 'Marta Soler Ibáñez' });
    const stored = await row(user.id, 'linkedin');
    expect(readFlag(stored.is_connected)).toBe(false);
    expect(stored.disconnected_at).not.toBeNull();
    expect(await storedTokens(user.id, 'linkedin')).toEqual(tokensBefore);
    expect((await status(user.cookie, 'linkedin')).json()).toMatchObject({ isConnected: false, warning: null });
    expectError(await pages(user.cookie, 'linkedin'), 409, 'SOCIAL_NOT_CONNECTED', 'User not connected to LinkedIn');
    expectError(await chooseTarget(user.cookie, 'linkedin', MEMBER_URN), 409, 'SOCIAL_NOT_CONNECTED');

    const again = await connected(user.cookie, 'linkedin');
    expect(again).toMatchObject({ isConnected: true, publishTargetId: 'urn:li:organization:90210001', adminPages: null });
  });

  it('disconnecting a network never connected answers "LinkedIn data not found"', async () => {
    const other = await newUser();
    expectError(await disconnect(other.cookie, 'linkedin'), 404, 'SOCIAL_DATA_NOT_FOUND', 'LinkedIn data not found');
    expectError(await pages(other.cookie, 'instagram'), 404, 'SOCIAL_DATA_NOT_FOUND', 'Instagram data not found');
  });
});

describe('connecting Instagram through the Facebook Login dialog', () => {
  let user: { id: string; cookie: string };
  beforeAll(async () => {
    user = await newUser();
  });

  it('connects with a long-lived token (60 days, not the 1.5-hour one of the code)', async () => {
    const view = await connected(user.cookie, 'instagram');
    expect(view).toMatchObject({ network: 'instagram', isConnected: true, userName: 'Marta Soler Ibáñez', businessPages: null, publishTargetId: null });
    closeTo(view.expiresAt, Date.now() + 5_183_944_000);
  });

  it("keeps SPEC §3's token data: data access expiry, permissions and granular scopes, app, type, issue time", async () => {
    const stored = await row(user.id, 'instagram');
    expect(stored).toMatchObject({
      account_id: '10158000000000001',
      token_type: 'bearer',
      provider_app_id: sandbox.sandbox.credentials.meta.appId,
      provider_application: 'Alzado',
    });
    expect(stored.scopes.split(' ').sort()).toEqual(['public_profile', ...INSTAGRAM_SCOPES].sort());
    closeTo(readInstant(stored.data_access_expires_at!).toISOString(), Date.now() + 90 * DAY_S * 1000);
    expect(stored.token_issued_at).not.toBeNull();
    expect(JSON.parse(stored.granular_scopes!)).toContainEqual({
      scope: 'instagram_basic',
      target_ids: ['17841400000000001', '17841400000000002', '17841400000000004', '17841400000000005'],
    });
    const [accessToken] = await storedTokens(user.id, 'instagram');
    expect(stored.access_token).not.toContain(accessToken!);
  });

  it("lists the business accounts of the Facebook pages, her own and her businesses' (a page without Instagram is left out), page tokens encrypted", async () => {
    const response = await pages(user.cookie, 'instagram');
    expect(response.statusCode, response.body).toBe(200);
    const view = response.json() as Extract<SocialConnectionView, { network: 'instagram' }>;
    const account = (id: string, username: string, name: string, followers: number, media: number, pageId: string, pageName: string) => ({
      instagram_business_account_id: id,
      instagram_username: username,
      instagram_name: name,
      instagram_profile_picture: `${sandbox.base}/meta/media/profile/${id}.svg`,
      instagram_followers_count: followers,
      instagram_media_count: media,
      facebook_page_id: pageId,
      facebook_page_name: pageName,
    });
    expect(view.businessPages).toEqual([
      account('17841400000000001', 'soler.arquitectos', 'Soler Ibáñez Arquitectos', 1204, 87, '104000000000001', 'Soler Ibáñez Arquitectos'),
      account('17841400000000002', 'tallernorte.estudio', 'Taller Norte', 356, 41, '104000000000002', 'Taller Norte'),
      // Reached through Business Manager, and this server does not ask for ads_read (META_ADS_READ): Meta would refuse them.
      {
        ...account('17841400000000004', 'soler.interiorismo', 'Soler Ibáñez Interiorismo', 512, 23, '104000000000004', 'Soler Ibáñez Interiorismo'),
        problem: 'businessManagerPermission',
      },
      {
        ...account('17841400000000005', 'fundaciomirador', 'Fundació Mirador', 2870, 164, '104000000000005', 'Fundació Mirador'),
        problem: 'businessManagerPermission',
      },
    ]);
    // Two accounts that can be published to: the user chooses.
    expect(view.publishTargetId).toBeNull();
    expect(JSON.stringify(view)).not.toContain('access_token');
    expect(await storedTokens(user.id, 'instagram')).toHaveLength(5);
    // With page tokens, the connection lasts as long as Meta's data access: 90 days from the login.
    closeTo(view.expiresAt, Date.now() + 90 * DAY_S * 1000);
    const chosen = await chooseTarget(user.cookie, 'instagram', '17841400000000002');
    expect(chosen.json()).toMatchObject({ publishTargetId: '17841400000000002' });
    expectError(await chooseTarget(user.cookie, 'instagram', '104000000000002'), 404, 'SOCIAL_TARGET_NOT_FOUND');
  });

  it("stays connected past the user token's 60 days on its page token, until the data access ends", async () => {
    const other = await newUser();
    await connected(other.cookie, 'instagram');
    expect((await pages(other.cookie, 'instagram')).statusCode).toBe(200);
    expect((await chooseTarget(other.cookie, 'instagram', '17841400000000001')).statusCode).toBe(200);
    try {
      // Meta's day 61: the user token has expired there, the page token has not.
      sandbox.sandbox.control.advanceTime(61 * DAY_S);
      expect((await status(other.cookie, 'instagram')).json()).toMatchObject({ isConnected: true, warning: null });
      // Day 91: data access has ended, and the page token with it.
      sandbox.sandbox.control.advanceTime(30 * DAY_S);
      expect((await status(other.cookie, 'instagram')).json()).toMatchObject({ isConnected: false });
    } finally {
      // Meta's clock back to now (and its memory afresh) for the tests that follow.
      sandbox.sandbox.control.reset();
    }
  });

  it("a stored end that has passed does not close a connection whose page token Meta confirms: its end becomes the data access's", async () => {
    const other = await newUser();
    await connected(other.cookie, 'instagram');
    expect((await pages(other.cookie, 'instagram')).statusCode).toBe(200);
    expect((await chooseTarget(other.cookie, 'instagram', '17841400000000001')).statusCode).toBe(200);
    // As a row kept when the user token's 60 days were the connection's end.
    await t.database.db
      .updateTable('social_connections')
      .set({ token_expires_at: storedInstant(new Date(Date.now() - 1000)) as string })
      .where('user_id', '=', other.id)
      .where('network', '=', 'instagram')
      .execute();
    const view = (await status(other.cookie, 'instagram')).json() as SocialConnectionView;
    expect(view).toMatchObject({ isConnected: true, warning: null });
    closeTo(view.expiresAt, Date.now() + 90 * DAY_S * 1000);
  });

  it('only the pages shared in the login dialog are listed', async () => {
    const other = await newUser();
    await connected(other.cookie, 'instagram', { uncheck: ['104000000000001', '104000000000004'] });
    const view = (await pages(other.cookie, 'instagram')).json() as Extract<SocialConnectionView, { network: 'instagram' }>;
    expect(view.businessPages!.map((page) => page.instagram_username)).toEqual(['tallernorte.estudio', 'fundaciomirador']);
    // One of them can be published to: it is the target.
    expect(view.publishTargetId).toBe('17841400000000002');
  });

  it('with META_ADS_READ the dialog asks for ads_read, and the pages of her businesses can be published to', async () => {
    const withAds = await createTestApp({ social: sandboxAdapters(sandbox, { adsRead: true }) });
    try {
      const owner = await createTestUser(withAds, { email: 'ads@social.test' });
      const cookie = await signIn(withAds, owner.email, owner.password);
      expect(new URL(await authorize(withAds, cookie, 'instagram')).searchParams.get('scope')).toBe([...INSTAGRAM_SCOPES, 'ads_read'].join(','));
      expect((await connect(withAds, cookie, 'instagram')).statusCode).toBe(200);
      const view = (await withAds.app.inject({ method: 'GET', url: '/api/social/instagram/pages', headers: { cookie } })).json() as Extract<
        SocialConnectionView,
        { network: 'instagram' }
      >;
      expect(view.businessPages).toHaveLength(4);
      expect(view.businessPages!.filter((page) => page.problem)).toEqual([]);
    } finally {
      await withAds.close();
    }
  });

  it('preselects the business account when there is only one, and shows none when there are none', async () => {
    const other = await newUser();
    const [withAccount, , withoutAccount] = (await import('../../../sandbox/personas.ts')).defaultMetaPages();
    sandbox.sandbox.control.setMetaPages([withAccount!, withoutAccount!]);
    try {
      await connected(other.cookie, 'instagram');
      expect((await pages(other.cookie, 'instagram')).json()).toMatchObject({ publishTargetId: '17841400000000001' });
      sandbox.sandbox.control.setMetaPages([withoutAccount!]);
      expect((await pages(other.cookie, 'instagram')).json()).toMatchObject({ businessPages: [], publishTargetId: null });
    } finally {
      sandbox.sandbox.control.setMetaPages((await import('../../../sandbox/personas.ts')).defaultMetaPages());
    }
  });

  it('disconnects, keeping the data', async () => {
    const response = await disconnect(user.cookie, 'instagram');
    expect(response.json()).toMatchObject({ isConnected: false, publishTargetId: '17841400000000002' });
    expect((await row(user.id, 'instagram')).access_token).not.toBeNull();
  });

  it('a user who declined pages_show_list is connected, but the pages answer with the missing permission', async () => {
    const other = await newUser();
    await connected(other.cookie, 'instagram', { uncheck: ['pages_show_list'] });
    expect((await row(other.id, 'instagram')).scopes).not.toContain('pages_show_list');
    expectError(await pages(other.cookie, 'instagram'), 403, 'SOCIAL_PERMISSION_MISSING');
  });
});

describe('declined consent and forged states', () => {
  it.each([
    ['linkedin', { error: 'user_cancelled_authorize', error_description: 'The user cancelled the authorization' }],
    ['instagram', { error: 'access_denied', error_description: 'Permissions error', error_reason: 'user_denied', error_code: '200' }],
  ] as const)('%s: declining returns to the callback page with the error and the state, and no code', async (network, expected) => {
    const { cookie } = await newUser();
    const url = await authorize(t, cookie, network);
    const back = await answerConsent(url, { decision: 'cancel' });
    expect(`${back.origin}${back.pathname}`).toBe(`${TEST_APP_URL}/auth/${network}/callback`);
    expect(Object.fromEntries(back.searchParams)).toEqual({ ...expected, state: new URL(url).searchParams.get('state') });
    expect(back.searchParams.has('code')).toBe(false);
    expect((await status(cookie, network)).json()).toMatchObject({ isConnected: false });
  });

  it('a state this session was never given is refused: "State mismatch. Possible CSRF attack."', async () => {
    const { id, cookie } = await newUser();
    const back = await answerConsent(await authorize(t, cookie, 'linkedin'));
    const forged = await callback(cookie, 'linkedin', { code: back.searchParams.get('code'), state: 'forged-state-forged-state-forged' });
    expectError(forged, 400, 'OAUTH_STATE_MISMATCH', STATE_MISMATCH_MESSAGE);
    expect(await t.database.db.selectFrom('social_connections').select('id').where('user_id', '=', id).execute()).toEqual([]);
  });

  it("another user's state, another session's state, another network's state: all refused", async () => {
    const owner = await newUser();
    const intruder = await newUser();
    const ownerSecondSession = await signIn(t, `studio${userCount - 1}@social.test`, 'secret-123');

    const ofOwner = await answerConsent(await authorize(t, owner.cookie, 'linkedin'));
    expectError(await callback(intruder.cookie, 'linkedin', Object.fromEntries(ofOwner.searchParams)), 400, 'OAUTH_STATE_MISMATCH');

    const ofFirstSession = await answerConsent(await authorize(t, owner.cookie, 'linkedin'));
    expectError(await callback(ownerSecondSession, 'linkedin', Object.fromEntries(ofFirstSession.searchParams)), 400, 'OAUTH_STATE_MISMATCH');

    const ofLinkedIn = await answerConsent(await authorize(t, owner.cookie, 'linkedin'));
    expectError(await callback(owner.cookie, 'instagram', Object.fromEntries(ofLinkedIn.searchParams)), 400, 'OAUTH_STATE_MISMATCH');
    expect((await status(owner.cookie, 'linkedin')).json()).toMatchObject({ isConnected: false });
  });

  it('a state is good once, and for 15 minutes only', async () => {
    const { id, cookie } = await newUser();
    const back = await answerConsent(await authorize(t, cookie, 'linkedin'));
    const payload = Object.fromEntries(back.searchParams);
    expect((await callback(cookie, 'linkedin', payload)).statusCode).toBe(200);
    expectError(await callback(cookie, 'linkedin', payload), 400, 'OAUTH_STATE_MISMATCH');

    const late = await answerConsent(await authorize(t, cookie, 'instagram'));
    await t.database.db
      .updateTable('oauth_states')
      .set({ expires_at: storedInstant(new Date(Date.now() - 1000)) as string })
      .where('user_id', '=', id)
      .execute();
    expectError(await callback(cookie, 'instagram', Object.fromEntries(late.searchParams)), 400, 'OAUTH_STATE_MISMATCH');
  });

  it('a code LinkedIn or Meta refuses (reused, made up) fails the exchange and stores nothing', async () => {
    const { cookie } = await newUser();
    const first = await answerConsent(await authorize(t, cookie, 'linkedin'));
    expect((await callback(cookie, 'linkedin', Object.fromEntries(first.searchParams))).statusCode).toBe(200);
    await disconnect(cookie, 'linkedin');
    const second = new URL(await authorize(t, cookie, 'linkedin'));
    const replay = await callback(cookie, 'linkedin', { code: first.searchParams.get('code'), state: second.searchParams.get('state') });
    expectError(replay, 400, 'OAUTH_EXCHANGE_FAILED');
    expect((await status(cookie, 'linkedin')).json()).toMatchObject({ isConnected: false });

    const meta = new URL(await authorize(t, cookie, 'instagram'));
    expectError(await callback(cookie, 'instagram', { code: 'AQDmadeup', state: meta.searchParams.get('state') }), 400, 'OAUTH_EXCHANGE_FAILED');
  });

  it('keeps at most 20 states a user, dropping the oldest', async () => {
    const { id, cookie } = await newUser();
    const first = await answerConsent(await authorize(t, cookie, 'linkedin'));
    for (let count = 0; count < 24; count++) await authorize(t, cookie, count % 2 ? 'linkedin' : 'instagram');
    const held = await t.database.db.selectFrom('oauth_states').select('state_hash').where('user_id', '=', id).execute();
    expect(held).toHaveLength(20);
    expectError(await callback(cookie, 'linkedin', Object.fromEntries(first.searchParams)), 400, 'OAUTH_STATE_MISMATCH');
  });

  it('refuses a callback without code or state before anything else', async () => {
    const { cookie } = await newUser();
    expectError(await callback(cookie, 'linkedin', { state: 'x' }), 400, 'VALIDATION_FAILED');
    expectError(await callback(cookie, 'linkedin', { code: 'x', state: '' }), 400, 'VALIDATION_FAILED');
  });
});

describe("SPEC §9's defaults and §8's exchange failures", () => {
  it('LinkedIn without expires_in or a name: 3600 s and "LinkedIn User"', async () => {
    const { cookie } = await newUser();
    sandbox.sandbox.control.configure({ linkedin: { omitExpiresIn: true, omitMemberName: true } });
    const view = await connected(cookie, 'linkedin');
    expect(view.userName).toBe('LinkedIn User');
    closeTo(view.expiresAt, Date.now() + 3_600_000);
  });

  it.each(['linkedin', 'instagram'] as const)('%s answering without an access token: "No access token received"', async (network) => {
    const { cookie } = await newUser();
    sandbox.sandbox.control.configure({ linkedin: { omitAccessToken: true }, meta: { omitAccessToken: true } });
    expectError(await connect(t, cookie, network), 502, 'SOCIAL_NO_ACCESS_TOKEN', 'No access token received');
  });

  it('userinfo failing right after the exchange: "Failed to verify token or get user information"', async () => {
    const { cookie } = await newUser();
    sandbox.sandbox.control.fail({ network: 'linkedin', kind: 'server-error', path: '/v2/userinfo' });
    expectError(await connect(t, cookie, 'linkedin'), 502, 'SOCIAL_USER_INFO_FAILED', 'Failed to verify token or get user information');
  });

  it('the token endpoint down: the provider cannot be reached (502), nothing stored', async () => {
    const { id, cookie } = await newUser();
    sandbox.sandbox.control.fail({ network: 'meta', kind: 'server-error', path: '/oauth/access_token' });
    expectError(await connect(t, cookie, 'instagram'), 502, 'SOCIAL_PROVIDER_UNAVAILABLE');
    expect(await t.database.db.selectFrom('social_connections').select('id').where('user_id', '=', id).execute()).toEqual([]);
  });
});

describe('the check on load', () => {
  it.each(['linkedin', 'instagram'] as const)('%s: a token the provider says has expired leaves it not connected, data kept', async (network) => {
    const { id, cookie } = await newUser();
    await connected(cookie, network);
    sandbox.sandbox.control.expireTokens(network === 'linkedin' ? 'linkedin' : 'meta');
    expect((await status(cookie, network)).json()).toMatchObject({ isConnected: false, warning: null, userName: 'Marta Soler Ibáñez' });
    const stored = await row(id, network);
    expect(readFlag(stored.is_connected)).toBe(false);
    expect(stored.access_token).not.toBeNull();
  });

  it.each(['linkedin', 'instagram'] as const)('%s: a revoked token leaves it not connected', async (network) => {
    const { cookie } = await newUser();
    await connected(cookie, network);
    sandbox.sandbox.control.revokeTokens(network === 'linkedin' ? 'linkedin' : 'meta');
    expect((await status(cookie, network)).json()).toMatchObject({ isConnected: false });
  });

  it.each(['linkedin', 'instagram'] as const)('%s: a token past its expiry date is not connected, without asking the provider', async (network) => {
    const { id, cookie } = await newUser();
    await connected(cookie, network);
    await t.database.db
      .updateTable('social_connections')
      .set({ token_expires_at: storedInstant(new Date(Date.now() - 1000)) as string })
      .where('user_id', '=', id)
      .execute();
    // The provider is down: the answer can only come from the stored date.
    sandbox.sandbox.control.fail({ network: network === 'linkedin' ? 'linkedin' : 'meta', kind: 'server-error', times: 0 });
    expect((await status(cookie, network)).json()).toMatchObject({ isConnected: false, warning: null });
  });

  it('an Instagram connection whose data access lapsed (90 days) is not connected', async () => {
    const { id, cookie } = await newUser();
    await connected(cookie, 'instagram');
    await t.database.db
      .updateTable('social_connections')
      .set({ data_access_expires_at: storedInstant(new Date(Date.now() - 1000)) as string })
      .where('user_id', '=', id)
      .execute();
    expect((await status(cookie, 'instagram')).json()).toMatchObject({ isConnected: false });
  });

  it('LinkedIn with a refresh token renews an expired access token instead of disconnecting', async () => {
    const { id, cookie } = await newUser();
    sandbox.sandbox.control.configure({ linkedin: { issueRefreshTokens: true } });
    await connected(cookie, 'linkedin');
    const [oldAccess, refresh] = await storedTokens(id, 'linkedin');
    expect(refresh).toMatch(/^AQX/);
    await t.database.db
      .updateTable('social_connections')
      .set({ token_expires_at: storedInstant(new Date(Date.now() - 1000)) as string })
      .where('user_id', '=', id)
      .execute();
    const view = (await status(cookie, 'linkedin')).json() as SocialConnectionView;
    expect(view.isConnected).toBe(true);
    closeTo(view.expiresAt, Date.now() + 5_184_000_000);
    const [newAccess, sameRefresh] = await storedTokens(id, 'linkedin');
    expect(newAccess).not.toBe(oldAccess);
    expect(sameRefresh).toBe(refresh);
  });

  it.each([
    ['linkedin', 'server-error', 'serverIssues'],
    ['linkedin', 'rate-limit', 'serverIssues'],
    ['linkedin', 'drop', 'networkIssues'],
    ['instagram', 'server-error', 'serverIssues'],
    ['instagram', 'rate-limit', 'serverIssues'],
    ['instagram', 'drop', 'networkIssues'],
  ] as const)('%s: a provider %s keeps it connected with the warning %s', async (network, kind, warning) => {
    const { id, cookie } = await newUser();
    await connected(cookie, network);
    sandbox.sandbox.control.fail({ network: network === 'linkedin' ? 'linkedin' : 'meta', kind });
    expect((await status(cookie, network)).json()).toMatchObject({ isConnected: true, warning });
    expect(readFlag((await row(id, network)).is_connected)).toBe(true);
    // Once the provider answers again, the warning is gone.
    expect((await status(cookie, network)).json()).toMatchObject({ isConnected: true, warning: null });
  });

  it('a provider that does not answer in time is a network issue', async () => {
    const impatient = await createTestApp({ social: sandboxAdapters(sandbox, { timeoutMs: 300 }) });
    try {
      const user = await createTestUser(impatient, { email: 'impatient@social.test' });
      const cookie = await signIn(impatient, user.email, user.password);
      expect((await connect(impatient, cookie, 'linkedin')).statusCode).toBe(200);
      sandbox.sandbox.control.fail({ network: 'linkedin', kind: 'slow', delayMs: 1_500 });
      const view = await impatient.app.inject({ method: 'GET', url: '/api/social/linkedin', headers: { cookie } });
      expect(view.json()).toMatchObject({ isConnected: true, warning: 'networkIssues' });
    } finally {
      await impatient.close();
    }
  });
});

describe('a stored token that no longer decrypts', () => {
  it('(the key was replaced, or the row tampered with) leaves the connection not connected, for the status and the pages', async () => {
    for (const network of ['linkedin', 'instagram'] as const) {
      const { id, cookie } = await newUser();
      await connected(cookie, network);
      const stored = await row(id, network);
      // Sealed for another user: the associated data no longer matches.
      const foreign = cipher.encrypt('AQVsomeone-elses-token', secretContext('someone-else', network, 'access_token'));
      await t.database.db.updateTable('social_connections').set({ access_token: foreign }).where('id', '=', stored.id).execute();
      if (network === 'linkedin') expect((await status(cookie, network)).json()).toMatchObject({ isConnected: false, warning: null });
      else expectError(await pages(cookie, network), 409, 'SOCIAL_NOT_CONNECTED', 'User not connected to Instagram');
      expect(readFlag((await row(id, network)).is_connected)).toBe(false);
    }
  });
});

describe('the pages list when the provider fails', () => {
  it('a provider failure answers 502 and leaves the connection as it was', async () => {
    const { id, cookie } = await newUser();
    await connected(cookie, 'linkedin');
    sandbox.sandbox.control.fail({ network: 'linkedin', kind: 'server-error', path: '/rest/organizationAcls' });
    expectError(await pages(cookie, 'linkedin'), 502, 'SOCIAL_PROVIDER_UNAVAILABLE');
    const stored = await row(id, 'linkedin');
    expect(readFlag(stored.is_connected)).toBe(true);
    expect(stored.pages).toBeNull();
  });

  it('an invalid token answers "User not connected to Instagram" and leaves it not connected', async () => {
    const { id, cookie } = await newUser();
    await connected(cookie, 'instagram');
    sandbox.sandbox.control.revokeTokens('meta');
    expectError(await pages(cookie, 'instagram'), 409, 'SOCIAL_NOT_CONNECTED', 'User not connected to Instagram');
    expect(readFlag((await row(id, 'instagram')).is_connected)).toBe(false);
  });
});

describe('tokens stay on the server', () => {
  it('no answer of this file carried a token, a code or a ciphertext', async () => {
    const rows = await t.database.db.selectFrom('social_connections').selectAll().execute();
    expect(rows.length).toBeGreaterThan(10);
    const secrets: string[] = [];
    for (const stored of rows) secrets.push(...(await storedTokens(stored.user_id, stored.network as Network)));
    const ciphertexts = rows
      .flatMap((stored) => [stored.access_token, stored.refresh_token, stored.id_token, stored.page_tokens])
      .filter((value): value is string => Boolean(value));
    expect(secrets.length).toBeGreaterThan(20);
    expect(answers.length).toBeGreaterThan(50);
    for (const answer of answers) {
      const text = `${JSON.stringify(answer.headers)}\n${answer.body}`;
      for (const secret of [...secrets, ...ciphertexts]) expect(text).not.toContain(secret);
      expect(text).not.toMatch(/access_token|refresh_token|id_token|"AQ[VXT]|EAAB/);
    }
  });

  it('OpenAPI documents the social routes', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/social/{network}',
        '/api/social/{network}/authorize',
        '/api/social/{network}/callback',
        '/api/social/{network}/pages',
        '/api/social/{network}/target',
      ]),
    );
  });
});
