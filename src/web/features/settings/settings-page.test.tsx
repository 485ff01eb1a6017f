import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SocialConnectionView } from '../../../domain/social.ts';
import { renderWithData } from '../../test-support/render.tsx';
import { SettingsPage } from './settings-page.tsx';

const LINKEDIN: SocialConnectionView = {
  network: 'linkedin',
  sandbox: false,
  available: true,
  isConnected: true,
  userName: 'Marta Soler Ibáñez',
  expiresAt: '2027-01-20T12:00:00.000Z',
  publishTargetId: 'urn:li:person:abc',
  warning: null,
  adminPages: null,
  companyPagesOffered: true,
};
const INSTAGRAM: SocialConnectionView = {
  network: 'instagram',
  sandbox: true,
  available: true,
  isConnected: false,
  userName: null,
  expiresAt: null,
  publishTargetId: null,
  warning: null,
  businessPages: null,
  login: 'facebook',
  logins: ['facebook'],
};

type Handler = (url: string, init?: RequestInit) => { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;

/** A fake server: each request goes to the handler; the calls are kept. */
function serve(handler: Handler) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const { status, body } = await handler(url, init);
    return new Response(body === undefined ? '' : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const renderSettings = () => renderWithData(<SettingsPage />, { language: 'en' });

const tile = (name: 'LinkedIn' | 'Instagram') => screen.getByRole('region', { name });

afterEach(() => vi.unstubAllGlobals());

describe('the social networks card', () => {
  it('shows each tile checking, then connected (name cut at 15, valid until dd-mm-yyyy) or not connected', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    serve(async (url) => {
      await gate;
      return url.endsWith('/linkedin') ? { status: 200, body: LINKEDIN } : { status: 200, body: INSTAGRAM };
    });
    renderSettings();
    expect(within(tile('LinkedIn')).getByText('Checking the connection…')).toBeTruthy();
    expect(within(tile('Instagram')).getByText('Checking the connection…')).toBeTruthy();
    release();
    await within(tile('LinkedIn')).findByText('Connected');
    expect(within(tile('LinkedIn')).getByText('Marta Soler Ibá…')).toBeTruthy();
    expect(within(tile('LinkedIn')).getByText('valid until 20-01-2027')).toBeTruthy();
    expect(within(tile('LinkedIn')).queryByText('Sandbox')).toBeNull();
    await within(tile('Instagram')).findByText('Not connected');
    expect(within(tile('Instagram')).getByText('Sandbox')).toBeTruthy();
    expect(within(tile('Instagram')).getByRole('button', { name: 'Connect' })).toBeTruthy();
  });

  it('a connection expiring within 7 days shows the day and "Connect again", which starts the same authorization as Connect', async () => {
    const expiresAt = new Date(Date.now() + 3 * 86_400_000);
    const day = `${String(expiresAt.getDate()).padStart(2, '0')}-${String(expiresAt.getMonth() + 1).padStart(2, '0')}-${expiresAt.getFullYear()}`;
    const fetch = serve((url, init) => {
      if (init?.method === 'POST' && url.endsWith('/linkedin/authorize')) return { status: 200, body: { url: '#linkedin-consent' } };
      return { status: 200, body: url.endsWith('/linkedin') ? { ...LINKEDIN, expiresAt: expiresAt.toISOString() } : INSTAGRAM };
    });
    renderSettings();
    await within(tile('LinkedIn')).findByText(`Expires on ${day}: connect again to keep publishing`);
    expect(within(tile('LinkedIn')).getByText('Connected')).toBeTruthy();
    fireEvent.click(within(tile('LinkedIn')).getByRole('button', { name: 'Connect again' }));
    // The provider's consent page (here a same-page address, as jsdom cannot leave the page).
    await waitFor(() => expect(window.location.hash).toBe('#linkedin-consent'));
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url]) => String(url))).toEqual([
      expect.stringMatching(/\/api\/social\/linkedin\/authorize$/),
    ]);
    window.location.hash = '';
  });

  it('an Instagram connection made before instagram_manage_insights was asked says so, with "Connect again" (issue 26)', async () => {
    const fetch = serve((url, init) => {
      if (init?.method === 'POST' && url.endsWith('/instagram/authorize')) return { status: 200, body: { url: '#instagram-consent' } };
      return { status: 200, body: url.endsWith('/linkedin') ? LINKEDIN : { ...INSTAGRAM, isConnected: true, userName: 'Marta', insightsMissing: true } };
    });
    renderSettings();
    await within(tile('Instagram')).findByText("Instagram does not let Alzado read your posts' results yet");
    fireEvent.click(within(tile('Instagram')).getByRole('button', { name: 'Connect again' }));
    await waitFor(() => expect(window.location.hash).toBe('#instagram-consent'));
    expect(fetch.mock.calls.some(([url, init]) => init?.method === 'POST' && String(url).endsWith('/api/social/instagram/authorize'))).toBe(true);
    window.location.hash = '';
  });

  it('a connection expiring later than 7 days shows no such warning', async () => {
    serve((url) => ({
      status: 200,
      body: url.endsWith('/linkedin') ? { ...LINKEDIN, expiresAt: new Date(Date.now() + 8 * 86_400_000).toISOString() } : INSTAGRAM,
    }));
    renderSettings();
    await within(tile('LinkedIn')).findByText('Connected');
    expect(within(tile('LinkedIn')).queryByText(/Expires on/)).toBeNull();
    expect(within(tile('LinkedIn')).queryByRole('button', { name: 'Connect again' })).toBeNull();
  });

  it.each([
    ['serverIssues', 'Connection could not be verified due to server issues'],
    ['networkIssues', 'Connection could not be verified due to network issues'],
  ] as const)('keeps a connection it could not verify as connected, with the warning (%s)', async (warning, text) => {
    serve((url) => ({ status: 200, body: url.endsWith('/linkedin') ? { ...LINKEDIN, warning } : INSTAGRAM }));
    renderSettings();
    await within(tile('LinkedIn')).findByText(text);
    expect(within(tile('LinkedIn')).getByText('Connected')).toBeTruthy();
  });

  it('a failed check is said in a red box: "Failed to check LinkedIn connection status"', async () => {
    serve((url) => (url.endsWith('/linkedin') ? { status: 500, body: { error: { code: 'UNKNOWN', message: 'x' } } } : { status: 200, body: INSTAGRAM }));
    renderSettings();
    const box = await within(tile('LinkedIn')).findByRole('alert');
    expect(within(box).getByText('Failed to check LinkedIn connection status')).toBeTruthy();
  });

  it('fetches the pages once, when the list is opened and the network is connected; the member is preselected', async () => {
    const fetch = serve((url) => {
      if (url.endsWith('/linkedin/pages')) {
        return {
          status: 200,
          body: {
            ...LINKEDIN,
            adminPages: [
              { id: 'urn:li:person:abc', name: 'Marta Soler Ibáñez', type: 'PERSON', logoUrl: null },
              { id: 'urn:li:organization:1', name: 'Estudio Uno', type: 'ORGANIZATION', logoUrl: null },
            ],
          },
        };
      }
      return { status: 200, body: url.endsWith('/linkedin') ? LINKEDIN : INSTAGRAM };
    });
    renderSettings();
    await within(tile('LinkedIn')).findByText('Connected');
    const pageCalls = () => fetch.mock.calls.filter(([url]) => String(url).endsWith('/pages')).length;
    expect(pageCalls()).toBe(0);
    fireEvent.click(within(tile('LinkedIn')).getByRole('button', { name: 'Pages you can publish to' }));
    const member = await within(tile('LinkedIn')).findByRole('radio', { name: 'Marta Soler Ibáñez' });
    expect((member as HTMLInputElement).checked || member.getAttribute('aria-checked') === 'true').toBe(true);
    expect(within(tile('LinkedIn')).getByTestId('linkedin-pages').style.maxHeight).toBe('15rem');
    fireEvent.click(within(tile('LinkedIn')).getByRole('button', { name: 'Pages you can publish to' }));
    fireEvent.click(within(tile('LinkedIn')).getByRole('button', { name: 'Pages you can publish to' }));
    await within(tile('LinkedIn')).findByRole('radio', { name: 'Estudio Uno' });
    expect(pageCalls()).toBe(1);

    // A network not connected asks for nothing.
    fireEvent.click(within(tile('Instagram')).getByRole('button', { name: 'Business accounts you can publish to' }));
    await within(tile('Instagram')).findByText('Connect the network to see its pages.');
    expect(pageCalls()).toBe(1);
  });

  it('a page the network refuses says why and what to do, and cannot be chosen; the others can', async () => {
    const fetch = serve((url, init) => {
      if (init?.method === 'PUT') return { status: 200, body: { ...LINKEDIN, publishTargetId: 'urn:li:organization:2' } };
      return {
        status: 200,
        body: url.endsWith('/linkedin')
          ? {
              ...LINKEDIN,
              adminPages: [
                { id: 'urn:li:person:abc', name: 'Marta Soler Ibáñez', type: 'PERSON', logoUrl: null },
                { id: 'urn:li:organization:1', name: 'Estudio Uno', type: 'ORGANIZATION', logoUrl: null, problem: 'roleRefused' },
                { id: 'urn:li:organization:2', name: 'Estudio Dos', type: 'ORGANIZATION', logoUrl: null },
              ],
            }
          : {
              ...INSTAGRAM,
              isConnected: true,
              userName: 'Marta',
              businessPages: [
                {
                  instagram_business_account_id: '17841',
                  instagram_username: 'soler.arquitectos',
                  instagram_name: 'Soler',
                  instagram_profile_picture: null,
                  instagram_followers_count: 10,
                  instagram_media_count: 1,
                  facebook_page_id: '104',
                  facebook_page_name: 'Soler',
                  problem: 'businessManagerPermission',
                },
              ],
            },
      };
    });
    renderSettings();
    await within(tile('LinkedIn')).findByText('Connected');
    fireEvent.click(within(tile('LinkedIn')).getByRole('button', { name: 'Pages you can publish to' }));
    const refused = await within(tile('LinkedIn')).findByRole('radio', { name: 'Estudio Uno' });
    expect((refused as HTMLButtonElement).disabled).toBe(true);
    const reason =
      'LinkedIn refused a post as this page: your role on it does not allow posting. Ask a super admin of the page to make you a content admin or super admin, then connect LinkedIn again.';
    expect(within(tile('LinkedIn')).getByText(reason)).toBeTruthy();
    expect(document.getElementById(refused.getAttribute('aria-describedby')!)?.textContent).toBe(reason);
    fireEvent.click(refused);
    const other = within(tile('LinkedIn')).getByRole('radio', { name: 'Estudio Dos' });
    expect((other as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(other);
    await screen.findByText('Posts will be published to Estudio Dos');
    const puts = fetch.mock.calls.filter(([, init]) => init?.method === 'PUT').map(([, init]) => JSON.parse(String(init!.body)) as { targetId: string });
    expect(puts).toEqual([{ targetId: 'urn:li:organization:2' }]);

    fireEvent.click(within(tile('Instagram')).getByRole('button', { name: 'Business accounts you can publish to' }));
    expect(((await within(tile('Instagram')).findByRole('radio', { name: '@soler.arquitectos' })) as HTMLButtonElement).disabled).toBe(true);
    // Not signed in as an administrator here: told whom to ask (the configuration's names: publishable-pages.test.tsx).
    expect(within(tile('Instagram')).getByText(/^This page is managed through Business Manager, and Meta then requires one more permission/)).toBeTruthy();
  });

  it('a LinkedIn whose app has no Community Management API says why company pages are not offered, connected or not', async () => {
    let linkedin: SocialConnectionView = {
      ...LINKEDIN,
      companyPagesOffered: false,
      adminPages: [{ id: 'urn:li:person:abc', name: 'Marta Soler Ibáñez', type: 'PERSON', logoUrl: null }],
    };
    serve((url) => ({ status: 200, body: url.endsWith('/linkedin') ? linkedin : INSTAGRAM }));
    // Not signed in as an administrator here: the plain sentence (the administrator's: publishable-pages.test.tsx).
    const sentence =
      "Company pages are not offered: this server's LinkedIn app does not allow them, so you publish as yourself only. If you need to publish to a company page, ask your administrator.";
    const { unmount } = renderSettings();
    await within(tile('LinkedIn')).findByText('Connected');
    fireEvent.click(within(tile('LinkedIn')).getByRole('button', { name: 'Pages you can publish to' }));
    expect(await within(tile('LinkedIn')).findByText(sentence)).toBeTruthy();
    expect(await within(tile('LinkedIn')).findAllByRole('radio')).toHaveLength(1);
    // Instagram has no such sentence; nor has a LinkedIn that offers company pages.
    fireEvent.click(within(tile('Instagram')).getByRole('button', { name: 'Business accounts you can publish to' }));
    expect(within(tile('Instagram')).queryByText(sentence)).toBeNull();
    unmount();

    linkedin = { ...LINKEDIN, isConnected: false, companyPagesOffered: false };
    renderSettings();
    await within(tile('LinkedIn')).findByText('Not connected');
    fireEvent.click(within(tile('LinkedIn')).getByRole('button', { name: 'Pages you can publish to' }));
    expect(await within(tile('LinkedIn')).findByText(sentence)).toBeTruthy();
  });

  it('says on the tile that an Instagram account must be chosen (none is preselected), opens the list to choose it, and stops saying it once chosen', async () => {
    const page = (id: string, username: string) => ({
      instagram_business_account_id: id,
      instagram_username: username,
      instagram_name: username,
      instagram_profile_picture: null,
      instagram_followers_count: 10,
      instagram_media_count: 1,
      facebook_page_id: `p${id}`,
      facebook_page_name: username,
    });
    let instagram: SocialConnectionView = {
      ...INSTAGRAM,
      isConnected: true,
      userName: 'Marta',
      businessPages: [page('1', 'soler.arquitectos'), page('2', 'tallernorte.estudio')],
    };
    serve((url, init) => {
      if (init?.method === 'PUT') instagram = { ...instagram, publishTargetId: '2' };
      return { status: 200, body: url.endsWith('/linkedin') ? LINKEDIN : instagram };
    });
    renderSettings();
    const prompt = await within(tile('Instagram')).findByTestId('instagram-needs-target');
    expect(prompt.textContent).toContain('Choose the Instagram business account posts go to: without one, posts to Instagram cannot go out.');
    // LinkedIn has its member chosen: nothing to say there.
    expect(within(tile('LinkedIn')).queryByTestId('linkedin-needs-target')).toBeNull();
    fireEvent.click(within(tile('Instagram')).getByRole('button', { name: 'Choose the account' }));
    const radios = await within(tile('Instagram')).findAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('aria-checked'))).toEqual(['false', 'false']);
    expect(within(tile('Instagram')).getByText("Choose where this network's posts are published.")).toBeTruthy();
    fireEvent.click(within(tile('Instagram')).getByRole('radio', { name: '@tallernorte.estudio' }));
    await screen.findByText('Posts will be published to @tallernorte.estudio');
    fireEvent.click(within(tile('Instagram')).getByRole('button', { name: 'Business accounts you can publish to' }));
    await waitFor(() => expect(within(tile('Instagram')).queryByTestId('instagram-needs-target')).toBeNull());
  });

  it('a failure to fetch the pages is a red box; none found is a text', async () => {
    let pagesAnswer: { status: number; body?: unknown } = { status: 502, body: { error: { code: 'SOCIAL_PROVIDER_UNAVAILABLE', message: 'x' } } };
    serve((url) =>
      url.endsWith('/pages')
        ? pagesAnswer
        : { status: 200, body: url.endsWith('/linkedin') ? INSTAGRAM : { ...INSTAGRAM, isConnected: true, userName: 'Marta' } },
    );
    renderSettings();
    await within(tile('Instagram')).findByText('Connected');
    fireEvent.click(within(tile('Instagram')).getByRole('button', { name: 'Business accounts you can publish to' }));
    const box = await within(tile('Instagram')).findByRole('alert');
    expect(within(box).getByText('Failed to fetch Instagram admin pages')).toBeTruthy();
    pagesAnswer = { status: 200, body: { ...INSTAGRAM, isConnected: true, userName: 'Marta', businessPages: [] } };
    fireEvent.click(within(box).getByRole('button', { name: 'Try again' }));
    await within(tile('Instagram')).findByText(/No Instagram business accounts found/);
  });

  it('disconnects only after the confirmation, and says so', async () => {
    const fetch = serve((url, init) => {
      if (init?.method === 'DELETE') return { status: 200, body: { ...LINKEDIN, isConnected: false } };
      return { status: 200, body: url.endsWith('/linkedin') ? LINKEDIN : INSTAGRAM };
    });
    renderSettings();
    await within(tile('LinkedIn')).findByText('Connected');
    fireEvent.click(within(tile('LinkedIn')).getByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect LinkedIn' });
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    await screen.findByText('LinkedIn disconnected successfully');
    await within(tile('LinkedIn')).findByText('Not connected');
  });

  it('a failed disconnection: "Failed to disconnect LinkedIn"', async () => {
    serve((url, init) =>
      init?.method === 'DELETE'
        ? { status: 500, body: { error: { code: 'UNKNOWN', message: 'x' } } }
        : { status: 200, body: url.endsWith('/linkedin') ? LINKEDIN : INSTAGRAM },
    );
    renderSettings();
    await within(tile('LinkedIn')).findByText('Connected');
    fireEvent.click(within(tile('LinkedIn')).getByRole('button', { name: 'Disconnect' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Disconnect LinkedIn' })).getByRole('button', { name: 'Disconnect' }));
    await screen.findByText('Failed to disconnect LinkedIn');
    await waitFor(() => expect(within(tile('LinkedIn')).getByText('Connected')).toBeTruthy());
  });
});
