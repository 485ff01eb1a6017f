import { useQueryClient } from '@tanstack/react-query';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SocialConnectionView } from '../../../domain/social.ts';
import { sessionQueryKey } from '../../lib/session.ts';
import { renderWithData } from '../../test-support/render.tsx';
import { PublishablePages } from './publishable-pages.tsx';

type Role = 'admin' | 'customer';

/** The session the guards have loaded, signed in with this role. */
function SignedInAs({ role }: { role: Role }) {
  useQueryClient().setQueryData(sessionQueryKey, { id: 1, name: 'Marta', email: 'marta@example.com', role, language: 'es' });
  return null;
}

const LINKEDIN: SocialConnectionView = {
  network: 'linkedin',
  sandbox: false,
  available: true,
  isConnected: true,
  userName: 'Marta',
  expiresAt: '2027-01-20T12:00:00.000Z',
  publishTargetId: 'urn:li:person:abc',
  warning: null,
  companyPagesOffered: false,
  adminPages: [{ id: 'urn:li:person:abc', name: 'Marta Soler', type: 'PERSON', logoUrl: null }],
};
const INSTAGRAM: SocialConnectionView = {
  network: 'instagram',
  sandbox: false,
  available: true,
  isConnected: true,
  userName: 'Marta',
  expiresAt: null,
  publishTargetId: null,
  warning: null,
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
  login: 'facebook',
  logins: ['facebook'],
};

function renderPages(view: SocialConnectionView, role: Role) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 500 })),
  );
  renderWithData(
    <>
      <SignedInAs role={role} />
      <PublishablePages view={view} />
    </>,
    { language: 'es' },
  );
  fireEvent.click(screen.getByRole('button', { name: view.network === 'linkedin' ? 'Páginas en las que puedes publicar' : /cuentas/i }));
}

afterEach(() => vi.unstubAllGlobals());

// Issue 29 (18): a customer was told "META_ADS_READ, docs/networks.md"; configuration names are for administrators.
describe('why a page cannot be chosen, to each role', () => {
  it("a customer is told whom to ask, never the server's configuration", async () => {
    renderPages(INSTAGRAM, 'customer');
    expect(
      await screen.findByText(
        'Esta página se gestiona con Business Manager, y Meta exige entonces un permiso más para publicar en ella. Pide a tu administrador que lo active; después vuelve a conectar Instagram.',
      ),
    ).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/META_ADS_READ|docs\/networks/);
  });

  it('an administrator is told what to set', async () => {
    renderPages(INSTAGRAM, 'admin');
    expect(await screen.findByText(/META_ADS_READ, docs\/networks\.md/)).toBeTruthy();
  });

  it('company pages not offered: plain words for a customer, the documentation for an administrator', async () => {
    renderPages(LINKEDIN, 'customer');
    expect((await screen.findByTestId('company-pages-not-offered')).textContent).toBe(
      'No se ofrecen páginas de empresa: la aplicación de LinkedIn de este servidor no las permite, así que solo publicas con tu perfil. Si necesitas publicar en una página de empresa, pídeselo a tu administrador.',
    );
  });

  it('company pages not offered, to an administrator', async () => {
    renderPages(LINKEDIN, 'admin');
    expect((await screen.findByTestId('company-pages-not-offered')).textContent).toContain('(docs/networks.md)');
  });
});
