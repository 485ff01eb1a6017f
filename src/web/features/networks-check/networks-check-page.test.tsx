import { List } from '@mantine/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHECK_FINDINGS, type NetworkCheckItem, type NetworksCheckReport } from '../../../domain/networks-check.ts';
import { renderWithData, renderWithProviders } from '../../test-support/render.tsx';
import { CheckItem } from './check-item.tsx';
import { NetworksCheckPage } from './networks-check-page.tsx';

const LINKEDIN_REDIRECT = 'https://alzado.studio.example/auth/linkedin/callback';

/** A report as the server gives it: LinkedIn refuses the redirect URL; Instagram cannot fetch the images. */
const REPORT: NetworksCheckReport = {
  checkedAt: '2026-11-24T10:00:00.000Z',
  status: 'failure',
  networks: [
    {
      network: 'linkedin',
      mode: 'real',
      status: 'failure',
      items: [
        { check: 'credentials', status: 'ok', finding: 'credentialsAccepted', params: {}, message: '', action: null },
        {
          check: 'apiVersion',
          status: 'warning',
          finding: 'versionEnding',
          params: { variable: 'LINKEDIN_API_VERSION', version: '202512', endsOn: '2026-12-15', newest: '202611' },
          message: '',
          action: 'set',
        },
        {
          check: 'redirectUri',
          status: 'failure',
          finding: 'redirectRefused',
          params: { redirectUri: LINKEDIN_REDIRECT, detail: 'The redirect_uri does not match the registered value' },
          message: '',
          action: 'add',
        },
        {
          check: 'scopes',
          status: 'ok',
          finding: 'scopesMember',
          params: { scopes: 'openid profile email w_member_social', variable: 'LINKEDIN_ORGANIZATION_PAGES' },
          message: '',
          action: null,
        },
      ],
    },
    {
      network: 'instagram',
      mode: 'real',
      status: 'failure',
      items: [
        {
          check: 'imageUrls',
          status: 'failure',
          finding: 'imagesNotPublic',
          params: { host: 'localhost:3000', reason: 'localName', setting: 'PUBLIC_URL' },
          message: '',
          action: 'set',
        },
      ],
    },
  ],
};

function serve(...reports: NetworksCheckReport[]) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(reports.shift() ?? REPORT), { status: 200, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const renderPage = (language: 'es' | 'en' | 'cat') => renderWithData(<NetworksCheckPage />, { language });

afterEach(() => vi.unstubAllGlobals());

describe('the network check page', () => {
  it('shows each network, each check with its status, what was found and what to do, in English', async () => {
    const fetch = serve();
    renderPage('en');
    const linkedin = await screen.findByRole('region', { name: 'LinkedIn' });
    expect(fetch).toHaveBeenCalledWith('/api/networks-check', expect.anything());
    expect(screen.getByText('Something must be fixed before the studios can publish there.')).toBeTruthy();
    expect(within(linkedin).getByText('Real network')).toBeTruthy();
    expect(within(linkedin).getByText(`The network refuses the redirect URL ${LINKEDIN_REDIRECT}.`)).toBeTruthy();
    expect(
      within(linkedin).getByText(
        `What to do: add ${LINKEDIN_REDIRECT} to “Authorized redirect URLs for your app” (Auth tab of the LinkedIn app), or correct PUBLIC_URL.`,
      ),
    ).toBeTruthy();
    expect(within(linkedin).getByText("The network's answer: The redirect_uri does not match the registered value")).toBeTruthy();
    expect(within(linkedin).getByText('Version 202512 (LINKEDIN_API_VERSION) ends on 15-12-2026.')).toBeTruthy();
    expect(within(linkedin).getByText('What to do: set LINKEDIN_API_VERSION to 202611, after checking what changed.')).toBeTruthy();
    const instagram = screen.getByRole('region', { name: 'Instagram' });
    expect(
      within(instagram).getByText('Meta cannot download the images: localhost:3000 is a local name (localhost, .local or a name without a domain).'),
    ).toBeTruthy();
    expect(within(instagram).getByText(/^What to do: set PUBLIC_URL to the address/)).toBeTruthy();
  });

  it('speaks Spanish, and runs the check again on request', async () => {
    const fetch = serve(REPORT, { ...REPORT, status: 'ok', networks: [] });
    renderPage('es');
    await screen.findByText('La red rechaza la URL de redirección https://alzado.studio.example/auth/linkedin/callback.');
    expect(
      screen.getByText('Meta no puede descargar las imágenes: localhost:3000 es un nombre local (localhost, .local o un nombre sin dominio).'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Comprobar de nuevo' }));
    await screen.findByText('Todo listo: los estudios pueden conectar y publicar.');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it.each(['es', 'en', 'cat'] as const)('has a sentence, and what to do, for every finding on every network, in %s', (language) => {
    const params = {
      variable: 'X',
      version: 'v1',
      endsOn: '2027-01-01',
      newest: 'v2',
      redirectUri: 'https://a.example/cb',
      scopes: 'a b',
      host: 'h',
      reason: 'private',
      setting: 'S3_ENDPOINT',
      detail: 'd',
    };
    // The server gives an action exactly when something is to be done.
    const allWell = [
      'sandbox',
      'credentialsAccepted',
      'versionLive',
      'versionLiveNoEnd',
      'redirectAccepted',
      'scopesMember',
      'scopesOrganizations',
      'scopesInstagram',
      'scopesFacebook',
      'imagesPublic',
      'imagesSandbox',
      'instagramLoginOff',
      'instagramLoginSandbox',
      'instagramLoginReady',
    ];
    const items: NetworkCheckItem[] = CHECK_FINDINGS.map((finding) => ({
      check: 'credentials',
      status: 'failure',
      finding,
      params,
      message: '',
      action: allWell.includes(finding) ? null : 'to do',
    }));
    for (const network of ['linkedin', 'instagram', 'facebook'] as const) {
      const { container, unmount } = renderWithProviders(
        <List>
          {items.map((item) => (
            <CheckItem key={item.finding} network={network} item={item} />
          ))}
        </List>,
        language,
      );
      expect(container.textContent).not.toMatch(/findings\.|reasons\.|statuses\.|checks\.|\{\{/);
      unmount();
    }
  });
});

describe('while the check runs', () => {
  it('shows a spinner, then the report', async () => {
    let release: (value: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (release = resolve))),
    );
    renderPage('en');
    expect(screen.getByRole('status')).toBeTruthy();
    release(new Response(JSON.stringify(REPORT), { status: 200, headers: { 'content-type': 'application/json' } }));
    await waitFor(() => expect(screen.getByRole('region', { name: 'Instagram' })).toBeTruthy());
  });
});
