import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithData } from '../../test-support/render.tsx';
import { ResetPasswordPage } from './reset-password-page.tsx';

function renderPage(language: 'es' | 'en' | 'cat' = 'en') {
  return renderWithData(
    <Routes>
      <Route path="/reset-password" element={<ResetPasswordPage />} />
      <Route path="/login" element={<p>Login page</p>} />
    </Routes>,
    { language, path: '/reset-password?token=a-token-from-an-e-mail' },
  );
}

function answer(status: number, body: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

const INVALID_TOKEN = { error: { code: 'INVALID_TOKEN', message: 'Invalid token' } };

async function submitNewPassword(password: string, button: string) {
  fireEvent.change(document.querySelector('input[name="password"]')!, { target: { value: password } });
  fireEvent.change(document.querySelector('input[name="confirmPassword"]')!, { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: button }));
}

afterEach(() => vi.unstubAllGlobals());

describe('the reset page with a link that no longer works (issue 29)', () => {
  it.each([
    [
      'es',
      'Guardar la contraseña',
      'Este enlace ya no sirve',
      /se ha usado, ha caducado o lo ha sustituido uno más reciente/,
      'Pedir un enlace nuevo',
      'Recuperar la contraseña',
    ],
    [
      'en',
      'Save password',
      'This link no longer works',
      /already been used, has expired, or a newer link replaced it/,
      'Request a new link',
      'Recover your password',
    ],
    [
      'cat',
      'Desa la contrasenya',
      'Aquest enllaç ja no funciona',
      /ja s'ha fet servir, ha caducat o un de més recent l'ha substituït/,
      'Demana un enllaç nou',
      'Recupera la contrasenya',
    ],
  ] as const)(
    'in %s, says the link was used, replaced or expired, and offers a new one',
    async (language, save, title, explanation, requestNew, dialogTitle) => {
      const fetch = answer(400, INVALID_TOKEN);
      vi.stubGlobal('fetch', fetch);
      renderPage(language);
      await screen.findByRole('button', { name: save });
      await submitNewPassword('a-new-password', save);

      expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
      expect(screen.getByText(explanation)).toBeTruthy();
      // Not the generic "contact support" failure, and no password fields left to fill in vain.
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(document.querySelector('input[name="password"]')).toBeNull();
      expect(fetch).toHaveBeenCalledTimes(1);

      fireEvent.click(screen.getByRole('button', { name: requestNew }));
      expect(await screen.findByRole('dialog', { name: dialogTitle })).toBeTruthy();
    },
  );

  it('still shows the generic failure for any other refusal', async () => {
    vi.stubGlobal('fetch', answer(503, { error: { code: 'SERVICE_UNAVAILABLE', message: 'Down' } }));
    renderPage('en');
    await screen.findByRole('button', { name: 'Save password' });
    await submitNewPassword('a-new-password', 'Save password');
    expect(await screen.findByText('Error when updating password, contact with support')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'This link no longer works' })).toBeNull();
  });
});
