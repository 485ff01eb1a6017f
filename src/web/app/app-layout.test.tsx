import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithData } from '../test-support/render.tsx';
import { AppLayout } from './app-layout.tsx';

describe('the signed-in shell', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("keeps room under a page's last block, so it never touches the footer (home, settings, posts, calendar; issue 29)", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ id: 'u1', email: 'ana@estudio.es', role: 'admin', language: 'es', first_name: 'Ana', last_name: 'Roca' }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    renderWithData(<AppLayout />, { path: '/home' });
    const content = await screen.findByTestId('page-content');
    expect(content.style.paddingBottom).not.toBe('');
    expect(content.nextElementSibling?.querySelector('footer')).toBeTruthy();
  });
});
