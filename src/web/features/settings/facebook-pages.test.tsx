import { useQueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SocialConnectionView } from '../../../domain/social.ts';
import { sessionQueryKey } from '../../lib/session.ts';
import { renderWithData } from '../../test-support/render.tsx';
import { PublishablePages } from './publishable-pages.tsx';

/** Settings' Facebook Pages (issue 27): the pages with why one cannot be chosen, in the three languages. */
function SignedIn() {
  useQueryClient().setQueryData(sessionQueryKey, { id: 1, name: 'Marta', email: 'marta@example.com', role: 'customer', language: 'es' });
  return null;
}

const FACEBOOK: SocialConnectionView = {
  network: 'facebook',
  sandbox: true,
  available: true,
  isConnected: true,
  userName: 'Marta Soler Ibáñez',
  expiresAt: null,
  publishTargetId: null,
  warning: null,
  pages: [
    { id: '104000000000001', name: 'Soler Ibáñez Arquitectos', through: 'user', tasks: ['CREATE_CONTENT', 'MANAGE'], problem: null },
    { id: '104000000000003', name: 'Marta Soler · Cuaderno', through: 'user', tasks: ['ANALYZE', 'MODERATE'], problem: 'taskMissing' },
    { id: '104000000000004', name: 'Soler Ibáñez Interiorismo', through: 'business', tasks: ['CREATE_CONTENT'], problem: null },
  ],
};

const TEXTS = {
  es: {
    needs: 'Elige en qué página de Facebook se publica: sin ella, las publicaciones en Facebook no pueden salir.',
    choose: 'Elegir la página',
    problem: /Tu papel en esta página no permite crear contenido/,
    business: 'Página de Facebook (por Business Manager)',
  },
  en: {
    needs: 'Choose the Facebook page posts go to: without one, posts to Facebook cannot go out.',
    choose: 'Choose the page',
    problem: /Your role on this page does not allow creating content/,
    business: 'Facebook page (through Business Manager)',
  },
  cat: {
    needs: 'Tria a quina pàgina de Facebook es publica: sense pàgina, les publicacions a Facebook no poden sortir.',
    choose: 'Tria la pàgina',
    problem: /El teu paper en aquesta pàgina no permet crear contingut/,
    business: 'Pàgina de Facebook (per Business Manager)',
  },
} as const;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("Settings' Facebook pages", () => {
  it.each(['es', 'en', 'cat'] as const)('asks for a page, lists them, and says why one cannot be chosen, in %s', async (language) => {
    const fetch = vi.fn(async (url: string, init?: RequestInit) =>
      url === '/api/social/facebook/target' && init?.method === 'PUT'
        ? new Response(JSON.stringify({ ...FACEBOOK, publishTargetId: JSON.parse(String(init.body)).targetId }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          })
        : new Response('{}', { status: 500 }),
    );
    vi.stubGlobal('fetch', fetch);
    renderWithData(
      <>
        <SignedIn />
        <PublishablePages view={FACEBOOK} />
      </>,
      { language },
    );
    const texts = TEXTS[language];
    const alert = screen.getByTestId('facebook-needs-target');
    expect(alert.textContent).toContain(texts.needs);
    fireEvent.click(within(alert).getByRole('button', { name: texts.choose }));

    const list = await screen.findByTestId('facebook-pages');
    // Once the list has opened (its radios are hidden while it unfolds).
    const studio = await within(list).findByRole('radio', { name: 'Soler Ibáñez Arquitectos' });
    expect(within(list).getByText(texts.business)).toBeTruthy();
    const notebook = within(list).getByRole<HTMLButtonElement>('radio', { name: 'Marta Soler · Cuaderno' });
    expect(notebook.disabled).toBe(true);
    const reason = within(list).getByText(texts.problem);
    expect(notebook.getAttribute('aria-describedby')).toBe(reason.id);

    fireEvent.click(notebook);
    fireEvent.click(studio);
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => url === '/api/social/facebook/target')).toBe(true));
    const puts = fetch.mock.calls.filter(([url]) => url === '/api/social/facebook/target');
    // Only the page that can be published to was sent.
    expect(puts.map(([, init]) => JSON.parse(String(init!.body)))).toEqual([{ targetId: '104000000000001' }]);
  });
});
