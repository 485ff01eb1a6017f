import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serve, signedIn } from '../../test-support/post-fixtures.ts';
import { renderWithData } from '../../test-support/render.tsx';
import { ApprovalModeSection } from './approval-mode-section.tsx';

function renderSection(role: string, approval: string, language: 'es' | 'en' | 'cat' = 'es') {
  const calls = serve((call) => {
    if (call.url === '/api/session') return { status: 200, body: signedIn(role) };
    if (call.url === '/api/me/profile') return { status: 200, body: { ...signedIn(role), approval } };
    return { status: 404 };
  });
  renderWithData(<ApprovalModeSection />, { language });
  return calls;
}

describe("Settings: the customer's approval mode, read only (issue 25 item 1)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['es', 'studio', 'Apruebas lo del estudio', /espera a que lo apruebes/],
    ['en', 'studio_and_team', "You approve the studio's and your team's work", /only your own goes out without waiting/],
    ['cat', 'none', 'Sense aprovació', /sense demanar-te el vistiplau/],
  ] as const)('in %s, names the mode %s and says what it means, with nothing to change', async (language, mode, label, meaning) => {
    renderSection('customer', mode, language);
    expect(await screen.findByText(label)).toBeTruthy();
    expect(screen.getByText(meaning)).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows nothing to an administrator, and does not ask for their profile', async () => {
    const calls = renderSection('admin', 'none');
    await vi.waitFor(() => expect(calls.some((call) => call.url === '/api/session')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('heading', { name: 'Aprobación de tus publicaciones' })).toBeNull();
    expect(calls.some((call) => call.url === '/api/me/profile')).toBe(false);
  });
});
