import { useQueryClient } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionQueryKey } from '../../lib/session.ts';
import { renderWithData } from '../../test-support/render.tsx';
import { OAuthCallbackPage } from './oauth-callback-page.tsx';

/** Where the app is now, to see the callback page hand over to /settings. */
function CurrentPath() {
  const location = useLocation();
  return <output data-testid="path">{location.pathname + location.search}</output>;
}

/** The session the guards have loaded, signed in with this role. */
function SignedInAs({ role }: { role: 'admin' | 'customer' }) {
  useQueryClient().setQueryData(sessionQueryKey, { id: 1, name: 'Marta', email: 'marta@example.com', role, language: 'en' });
  return null;
}

function renderCallback(
  network: 'linkedin' | 'instagram',
  search: string,
  { role = 'customer', language = 'en' }: { role?: 'admin' | 'customer'; language?: 'es' | 'en' | 'cat' } = {},
) {
  return renderWithData(
    <>
      <SignedInAs role={role} />
      <Routes>
        <Route path="/auth/:network/callback" element={<OAuthCallbackPage network={network} />} />
        <Route path="/settings" element={<p>Settings page</p>} />
      </Routes>
      <CurrentPath />
    </>,
    { language, path: `/auth/${network}/callback${search}` },
  );
}

function answer(status: number, body?: unknown) {
  return vi.fn(async () => new Response(body === undefined ? '' : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

const VIEW = {
  network: 'linkedin',
  sandbox: true,
  available: true,
  isConnected: true,
  userName: 'Marta',
  expiresAt: '2027-01-20T00:00:00.000Z',
  publishTargetId: null,
  warning: null,
  adminPages: null,
};

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the OAuth callback page', () => {
  it('posts code and state once, says "LinkedIn successfully connected!" and returns to Settings after 1.5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetch = answer(200, VIEW);
    vi.stubGlobal('fetch', fetch);
    renderCallback('linkedin', '?code=the-code&state=the-state');
    await screen.findByText('LinkedIn successfully connected!');
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/social/linkedin/callback');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ code: 'the-code', state: 'the-state' });
    // The code and state are gone from the address at once.
    expect(screen.getByTestId('path').textContent).toBe('/auth/linkedin/callback');
    await screen.findByText('LinkedIn connected successfully');
    await act(() => vi.advanceTimersByTimeAsync(1400));
    expect(screen.getByTestId('path').textContent).toBe('/auth/linkedin/callback');
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.getByTestId('path').textContent).toBe('/settings');
  });

  it('a cancelled consent says so in our words, "Authorization failed: you cancelled …", the provider\'s text only as a detail, without posting, and returns after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetch = answer(200, VIEW);
    vi.stubGlobal('fetch', fetch);
    renderCallback('instagram', '?error=access_denied&error_code=200&error_description=Permissions+error&error_reason=user_denied&state=s');
    expect((await screen.findByText(/^Authorization failed:/)).textContent).toBe('Authorization failed: you cancelled the authorization on Instagram.');
    expect(screen.getByText("Instagram's answer: Permissions error")).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(2900));
    expect(screen.getByTestId('path').textContent).toBe('/auth/instagram/callback');
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.getByTestId('path').textContent).toBe('/settings');
  });

  // Issue 29 (18): "La autorización ha fallado: Permissions error" after pressing Cancel.
  it.each([
    [
      'linkedin',
      '?error=user_cancelled_login&error_description=The+user+cancelled+LinkedIn+login&state=s',
      'La autorización ha fallado: has cancelado la autorización en LinkedIn.',
    ],
    ['linkedin', '?error=user_cancelled_authorize&state=s', 'La autorización ha fallado: has cancelado la autorización en LinkedIn.'],
    [
      'instagram',
      '?error=access_denied&error_description=Permissions+error&error_reason=user_denied&state=s',
      'La autorización ha fallado: has cancelado la autorización en Instagram.',
    ],
    [
      'instagram',
      '?error=temporarily_unavailable&state=s',
      'La autorización ha fallado: Instagram no ha podido atender la autorización ahora; inténtalo de nuevo en unos minutos.',
    ],
  ] as const)('%s %s is explained in Spanish', async (network, search, message) => {
    vi.stubGlobal('fetch', answer(200, VIEW));
    renderCallback(network, search, { language: 'es' });
    expect((await screen.findByText(/^La autorización ha fallado:/)).textContent).toBe(message);
  });

  it("an unknown refusal keeps the provider's words, or its error code when there is no description", async () => {
    vi.stubGlobal('fetch', answer(200, VIEW));
    const { unmount } = renderCallback('linkedin', '?error=invalid_request&state=s');
    await screen.findByText('Authorization failed: invalid_request');
    unmount();
    renderCallback('linkedin', '?error=invalid_request&error_description=Something+odd&state=s');
    await screen.findByText('Authorization failed: Something odd');
  });

  it.each([['unauthorized_scope_error'], ['invalid_scope_error']])(
    "LinkedIn's %s (an app without the product the scopes need) is said in our words, with what to do, to an administrator",
    async (error) => {
      const fetch = answer(200, VIEW);
      vi.stubGlobal('fetch', fetch);
      renderCallback('linkedin', `?error=${error}&error_description=Scope+%22r_organization_admin%22+is+not+authorized+for+your+application&state=s`, {
        role: 'admin',
      });
      await screen.findByText(
        "LinkedIn refused the permissions Alzado asked for: this server's LinkedIn app lacks the product that grants them (the Community Management API, for company pages). An administrator can add it, or set LINKEDIN_ORGANIZATION_PAGES=false to connect without company pages (docs/networks.md).",
      );
      expect(fetch).not.toHaveBeenCalled();
    },
  );

  it("a customer is not told the server's configuration: whom to ask instead", async () => {
    vi.stubGlobal('fetch', answer(200, VIEW));
    renderCallback('linkedin', '?error=unauthorized_scope_error&state=s');
    await screen.findByText(
      "LinkedIn refused the permissions Alzado asked for: this server's LinkedIn app lacks the product that grants them. Ask your administrator to look into it.",
    );
    expect(document.body.textContent).not.toMatch(/LINKEDIN_ORGANIZATION_PAGES|docs\/networks/);
  });

  it("is laid out as /login: the logo above the page's heading, in one card (issue 29)", async () => {
    vi.stubGlobal('fetch', answer(200, VIEW));
    renderCallback('linkedin', '?error=invalid_request&state=s');
    await screen.findByText('Authorization failed: invalid_request');
    const logo = screen.getByRole('img', { name: 'Alzado' });
    const heading = screen.getByRole('heading', { level: 1, name: 'Connecting LinkedIn' });
    expect(logo.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it.each([['?state=only'], ['?code=only'], ['']])('without code and state (%s): "Missing required parameters"', async (search) => {
    const fetch = answer(200, VIEW);
    vi.stubGlobal('fetch', fetch);
    renderCallback('linkedin', search);
    await screen.findByText('Missing required parameters');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('a refused state: "Failed to connect LinkedIn: State mismatch. Possible CSRF attack."', async () => {
    vi.stubGlobal('fetch', answer(400, { error: { code: 'OAUTH_STATE_MISMATCH', message: 'State mismatch. Possible CSRF attack.' } }));
    renderCallback('linkedin', '?code=c&state=forged');
    await screen.findByText('Failed to connect LinkedIn: State mismatch. Possible CSRF attack.');
  });

  it.each([
    [502, 'SOCIAL_NO_ACCESS_TOKEN', 'Failed to connect Instagram: No access token received'],
    [502, 'SOCIAL_USER_INFO_FAILED', 'Failed to connect Instagram: Failed to verify token or get user information'],
    [401, 'NOT_AUTHENTICATED', 'Failed to connect Instagram: User not authenticated'],
  ])('an answer %s %s: "%s"', async (status, code, message) => {
    vi.stubGlobal('fetch', answer(status, { error: { code, message: 'x' } }));
    renderCallback('instagram', '?code=c&state=s');
    await screen.findByText(message);
  });

  it('an empty answer: "No data received from edge function"', async () => {
    vi.stubGlobal('fetch', answer(200));
    renderCallback('instagram', '?code=c&state=s');
    await screen.findByText('Failed to connect Instagram: No data received from edge function');
  });
});
