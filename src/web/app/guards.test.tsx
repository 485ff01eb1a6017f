import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test-support/render.tsx';

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
    const { ToLoginPage } = await import('./guards.tsx');
    renderWithProviders(<ToLoginPage from="/projects" />);
    const link = await screen.findByRole('link', { name: 'Iniciar Sesión' });
    expect(link.getAttribute('href')).toBe('/login');
    expect(sessionStorage.length).toBe(0);
  });
});
