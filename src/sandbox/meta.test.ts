import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { INSTAGRAM_SCOPES } from '../domain/social.ts';
import { NEWEST_GRAPH_VERSION } from '../domain/api-versions.ts';
import { type TestSandbox, TEST_APP_URL, answerConsent, sandboxClients, startTestSandbox } from '../server/test-support/social-sandbox.ts';

/** Meta's rules as the sandbox answers them over HTTP, beyond what the Graph client's tests cover. */
let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());
afterEach(() => sandbox.sandbox.control.reset());

const dialogUrl = () =>
  sandboxClients(sandbox).instagram.loginDialogUrl({ state: 's', redirectUri: `${TEST_APP_URL}/auth/instagram/callback`, scopes: INSTAGRAM_SCOPES });

async function userToken(uncheck: string[] = []): Promise<string> {
  const client = sandboxClients(sandbox).instagram;
  const back = await answerConsent(dialogUrl(), { decision: 'allow', uncheck });
  const short = await client.exchangeCode({ code: back.searchParams.get('code')!, redirectUri: `${TEST_APP_URL}/auth/instagram/callback` });
  return (await client.exchangeForLongLivedToken(short.accessToken!)).accessToken!;
}

const graph = (path: string, token: string, init: RequestInit = {}) =>
  fetch(`${sandbox.base}/meta/graph/${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });

describe('the login dialog', () => {
  it('lists every page to share, ticked, those of a Business Manager business saying so', async () => {
    const html = await (await fetch(dialogUrl())).text();
    expect(html).toContain('Pages Alzado can use:');
    expect(html).toContain(
      '<input type="checkbox" name="pages" value="104000000000001" checked><span>Soler Ibáñez Arquitectos <small>@soler.arquitectos</small>',
    );
    expect(html).toContain(
      '<input type="checkbox" name="pages" value="104000000000003" checked><span>Marta Soler · Cuaderno <small>no Instagram account</small>',
    );
    expect(html).toContain('value="104000000000005" checked><span>Fundació Mirador <small>@fundaciomirador · through Soler Ibáñez Arquitectos SL</small>');
  });

  it('opens with the pages of the sandbox setting ticked, the others not', async () => {
    sandbox.sandbox.control.configure({ meta: { dialogPages: ['104000000000002'] } });
    const html = await (await fetch(dialogUrl())).text();
    expect(html).toContain('<input type="checkbox" name="pages" value="104000000000002" checked>');
    expect(html).toContain('<input type="checkbox" name="pages" value="104000000000001">');
  });

  it('shares only the ticked pages: /me/accounts, the business edges and page nodes follow', async () => {
    const token = await userToken(['104000000000002', '104000000000004']);
    const accounts = (await (await graph(`${NEWEST_GRAPH_VERSION}/me/accounts?fields=id`, token)).json()) as { data: Array<{ id: string }> };
    expect(accounts.data.map((page) => page.id)).toEqual(['104000000000001', '104000000000003']);
    const businesses = (await (await graph(`${NEWEST_GRAPH_VERSION}/me/businesses`, token)).json()) as { data: Array<{ id: string; name: string }> };
    expect(businesses.data).toEqual([{ id: '2160000000000001', name: 'Soler Ibáñez Arquitectos SL' }]);
    const owned = (await (await graph(`${NEWEST_GRAPH_VERSION}/2160000000000001/owned_pages?fields=id,name`, token)).json()) as { data: unknown[] };
    expect(owned.data).toEqual([]);
    const clients = (await (await graph(`${NEWEST_GRAPH_VERSION}/2160000000000001/client_pages?fields=id,name`, token)).json()) as { data: unknown[] };
    expect(clients.data).toEqual([{ id: '104000000000005', name: 'Fundació Mirador' }]);
    const hidden = await graph(`${NEWEST_GRAPH_VERSION}/104000000000002?fields=access_token`, token);
    expect(await hidden.json()).toMatchObject({ error: { code: 100, error_subcode: 33 } });
  });
});

describe('Graph API versions', () => {
  it('an unknown version: 400, OAuthException 2500, the path it could not place', async () => {
    const response = await graph('v99.0/me', await userToken());
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { type: 'OAuthException', code: 2500, message: 'Unknown path components: /me' } });
  });

  it('an ended version is refused (stricter than Meta, which would serve the oldest live one), by the sandbox clock', async () => {
    const token = await userToken();
    const ended = await graph('v20.0/me', token);
    expect(ended.status).toBe(400);
    expect(await ended.json()).toMatchObject({ error: { code: 2635 } });
    // v21.0 lives until 2027-01-21: refused once the sandbox's clock has passed that day.
    expect((await graph('v21.0/me', token)).status).toBe(200);
    const daysLeft = Math.ceil((Date.parse('2027-01-22T00:00:00Z') - Date.now()) / 86_400_000);
    if (daysLeft > 0) sandbox.sandbox.control.advanceTime(daysLeft * 86_400);
    const later = await graph('v21.0/me', await userToken());
    expect(((await later.json()) as { error?: { message: string } }).error?.message).toContain('v21.0 ended on 2027-01-21');
  });
});

describe('a page reached through Business Manager', () => {
  it('answers a publication without ads_management or ads_read with 403 and a Graph error of code 200', async () => {
    const token = await userToken();
    const response = await graph(`${NEWEST_GRAPH_VERSION}/17841400000000004/media`, token, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ image_url: 'https://example.com/a.jpg' }),
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: { type: 'OAuthException', code: 200 } });
    // The account's other publishing edges too.
    const limit = await graph(`${NEWEST_GRAPH_VERSION}/17841400000000004/content_publishing_limit`, token);
    expect(limit.status).toBe(403);
  });
});
