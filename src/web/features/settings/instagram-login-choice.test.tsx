import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SocialConnectionView } from '../../../domain/social.ts';
import { renderWithData } from '../../test-support/render.tsx';
import { SettingsPage } from './settings-page.tsx';

/**
 * Settings' choice of how to connect Instagram (issue 27 item 2, decision 054): both ways offered, each
 * with its sentence, in es, en and cat; the chosen one asked of the server; a connection says which way
 * it was made and connects again that way; a server with one way shows the plain Connect.
 */
const LINKEDIN: SocialConnectionView = {
  network: 'linkedin',
  sandbox: false,
  available: true,
  isConnected: false,
  userName: null,
  expiresAt: null,
  publishTargetId: null,
  warning: null,
  adminPages: null,
  companyPagesOffered: false,
};
const INSTAGRAM: SocialConnectionView = {
  network: 'instagram',
  sandbox: false,
  available: true,
  isConnected: false,
  userName: null,
  expiresAt: null,
  publishTargetId: null,
  warning: null,
  businessPages: null,
  login: 'facebook',
  logins: ['facebook', 'instagram'],
};

function serve(instagram: SocialConnectionView) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const path = String(url);
    const body =
      init?.method === 'POST' && path.includes('/instagram/authorize') ? { url: '#instagram-window' } : path.endsWith('/linkedin') ? LINKEDIN : instagram;
    return new Response(JSON.stringify(body), {
      status: path.endsWith('/instagram') || path.endsWith('/linkedin') || init?.method === 'POST' ? 200 : 404,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const tile = () => screen.getByRole('region', { name: 'Instagram' });
const posts = (fetch: ReturnType<typeof serve>) => fetch.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url]) => String(url));

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

describe('how to connect Instagram', () => {
  it('offers both ways with a sentence each, and connecting with Instagram asks for Instagram Login', async () => {
    const fetch = serve(INSTAGRAM);
    renderWithData(<SettingsPage />, { language: 'en' });
    const choice = await within(tile()).findByTestId('instagram-login-choice');
    expect(within(choice).getByText('How to connect Instagram')).toBeTruthy();
    expect(within(choice).getByText(/For an Instagram account linked to a Facebook Page you manage/)).toBeTruthy();
    expect(within(choice).getByText(/For a professional account \(Business or Creator\) with no Facebook Page/)).toBeTruthy();
    // The choice replaces the plain Connect.
    expect(within(tile()).queryByRole('button', { name: 'Connect' })).toBeNull();

    fireEvent.click(within(choice).getByRole('button', { name: 'Connect with Instagram' }));
    await waitFor(() => expect(window.location.hash).toBe('#instagram-window'));
    expect(posts(fetch)).toEqual([expect.stringMatching(/\/api\/social\/instagram\/authorize\?login=instagram$/)]);
  });

  it('connecting with Facebook asks for Facebook Login, the server’s default way', async () => {
    const fetch = serve(INSTAGRAM);
    renderWithData(<SettingsPage />, { language: 'en' });
    fireEvent.click(await within(tile()).findByRole('button', { name: 'Connect with Facebook' }));
    await waitFor(() => expect(window.location.hash).toBe('#instagram-window'));
    expect(posts(fetch)).toEqual([expect.stringMatching(/\/api\/social\/instagram\/authorize$/)]);
  });

  it('says it in Spanish and Catalan', async () => {
    serve(INSTAGRAM);
    const spanish = renderWithData(<SettingsPage />, { language: 'es' });
    expect(await screen.findByRole('button', { name: 'Conectar con Instagram' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Conectar con Facebook' })).toBeTruthy();
    expect(screen.getByText(/sin página de Facebook: entras con la propia cuenta de Instagram/)).toBeTruthy();
    spanish.unmount();
    renderWithData(<SettingsPage />, { language: 'cat' });
    expect(await screen.findByRole('button', { name: 'Connectar amb Instagram' })).toBeTruthy();
    expect(screen.getByText('Com connectar Instagram')).toBeTruthy();
    expect(screen.getByText(/sense pàgina de Facebook: hi entres amb el mateix compte d'Instagram/)).toBeTruthy();
  });

  it('a connection made with Instagram says so, and connects again the same way', async () => {
    const expiresAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const fetch = serve({ ...INSTAGRAM, isConnected: true, userName: 'marta.cuaderno', expiresAt, login: 'instagram', insightsMissing: false });
    renderWithData(<SettingsPage />, { language: 'en' });
    expect((await within(tile()).findByTestId('instagram-login-way')).textContent).toBe('Connected with Instagram');
    expect(within(tile()).queryByTestId('instagram-login-choice')).toBeNull();
    fireEvent.click(within(tile()).getByRole('button', { name: 'Connect again' }));
    await waitFor(() => expect(window.location.hash).toBe('#instagram-window'));
    expect(posts(fetch)).toEqual([expect.stringMatching(/\/instagram\/authorize\?login=instagram$/)]);
  });

  it('an Instagram Login connection without the results permission names its own permission, and connects again with Instagram', async () => {
    const fetch = serve({ ...INSTAGRAM, isConnected: true, userName: 'marta.cuaderno', login: 'instagram', insightsMissing: true });
    renderWithData(<SettingsPage />, { language: 'en' });
    const missing = await within(tile()).findByTestId('insights-missing');
    expect(missing.textContent).toContain('instagram_business_manage_insights');
    expect(missing.textContent).not.toContain('(instagram_manage_insights)');
    fireEvent.click(within(missing).getByRole('button', { name: 'Connect again' }));
    await waitFor(() => expect(window.location.hash).toBe('#instagram-window'));
    expect(posts(fetch)).toEqual([expect.stringMatching(/\/instagram\/authorize\?login=instagram$/)]);
  });

  it('a server with Facebook Login only shows the plain Connect, as before', async () => {
    serve({ ...INSTAGRAM, logins: ['facebook'] });
    renderWithData(<SettingsPage />, { language: 'en' });
    expect(await within(tile()).findByRole('button', { name: 'Connect' })).toBeTruthy();
    expect(within(tile()).queryByTestId('instagram-login-choice')).toBeNull();
  });
});
