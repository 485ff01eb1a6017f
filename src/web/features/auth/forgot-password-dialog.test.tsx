import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithData } from '../../test-support/render.tsx';
import { ForgotPasswordDialog } from './forgot-password-dialog.tsx';

function stubAnswer(status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const field = () => screen.getByRole('textbox', { name: /Email/ }) as HTMLInputElement;
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));

describe("the app's forgot-password dialog (the login page's steps)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends nothing until the e-mail contains @, then confirms in a second step', async () => {
    const fetch = stubAnswer(200, { status: true });
    renderWithData(<ForgotPasswordDialog opened onClose={() => {}} />);
    expect(await screen.findByRole('dialog', { name: 'Recuperar la contraseña' })).toBeTruthy();
    fireEvent.change(field(), { target: { value: 'admin-sin-arroba' } });
    send();
    expect(await screen.findByText('El email debe contener @')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field()));
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.change(field(), { target: { value: ' ana@estudio.com ' } });
    expect(screen.queryByText('El email debe contener @')).toBeNull();
    send();
    expect(await screen.findByRole('dialog', { name: 'Revisa tu correo' })).toBeTruthy();
    expect(screen.getByText('Email de recuperación enviado correctamente')).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith(
      '/api/auth/request-password-reset',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ email: 'ana@estudio.com' }) }),
    );
  });

  it('shows a refusal under the field, and opens again empty once closed', async () => {
    stubAnswer(429, { error: { code: 'TOO_MANY_ATTEMPTS', message: 'Too many attempts.' } });
    const onClose = vi.fn();
    const { rerender } = renderWithData(<ForgotPasswordDialog opened onClose={onClose} />);
    fireEvent.change(await screen.findByRole('textbox', { name: /Email/ }), { target: { value: 'ana@estudio.com' } });
    send();
    expect(await screen.findByText('Demasiados intentos. Espera unos minutos e inténtalo de nuevo.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onClose).toHaveBeenCalled();
    rerender(<ForgotPasswordDialog opened onClose={onClose} />);
    await waitFor(() => expect(field().value).toBe(''));
    expect(screen.queryByText('Demasiados intentos. Espera unos minutos e inténtalo de nuevo.')).toBeNull();
  });
});
