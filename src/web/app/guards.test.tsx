import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

describe('the app’s way to /login (decision 022)', () => {
  afterEach(() => {
    history.replaceState(null, '', '/');
    sessionStorage.clear();
    vi.resetModules();
  });

  it('offers a link, instead of loading /login again, when the server sent the app itself for /login', async () => {
    // The app was loaded at /login: the server had no prerendered login page to send.
    history.replaceState(null, '', '/login');
    vi.resetModules();
    // The providers come fresh too: the libraries the page uses are loaded again with it (one copy each).
    const [{ ToLoginPage }, { renderWithProviders }] = await Promise.all([import('./guards.tsx'), import('../test-support/render.tsx')]);
    renderWithProviders(<ToLoginPage from="/projects" />);
    const link = await screen.findByRole('link', { name: 'Iniciar Sesión' });
    expect(link.getAttribute('href')).toBe('/login');
    expect(sessionStorage.length).toBe(0);
  });
});
