import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { renderWithProviders } from '../../test-support/render.tsx';
import { ChangePasswordDialog } from './change-password-dialog.tsx';

function renderDialog(onSubmit: (input: { currentPassword: string; password: string }) => Promise<void>, language: 'es' | 'en' | 'cat' = 'en') {
  renderWithProviders(<ChangePasswordDialog opened saving={false} onSubmit={onSubmit} onClose={() => {}} />, language);
}

const input = (name: string) => document.querySelector(`input[name="${name}"]`) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Change' }));

describe('ChangePasswordDialog', () => {
  it('asks for the current password, then the new one twice, and sends both', async () => {
    const onSubmit = vi.fn(async () => {});
    renderDialog(onSubmit);
    expect(await screen.findByLabelText(/Current password/)).toBe(input('currentPassword'));
    expect(input('currentPassword').autocomplete).toBe('current-password');
    type('currentPassword', 'old-secret');
    type('password', 'new-secret-1');
    type('confirmPassword', 'new-secret-1');
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ currentPassword: 'old-secret', password: 'new-secret-1' }));
  });

  it('does not send without the current password, and says so', async () => {
    const onSubmit = vi.fn(async () => {});
    renderDialog(onSubmit);
    await screen.findByLabelText(/Current password/);
    type('password', 'new-secret-1');
    type('confirmPassword', 'new-secret-1');
    submit();
    expect(await screen.findByText('Type your current password')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it.each([
    ['es', 'Contraseña actual', 'Cambiar', 'La contraseña actual no es correcta'],
    ['en', 'Current password', 'Change', 'The current password is not right'],
    ['cat', 'Contrasenya actual', 'Canvia', 'La contrasenya actual no és correcta'],
  ] as const)("in %s, shows the server's refusal of the current password on its field", async (language, label, button, message) => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(400, 'VALIDATION_FAILED', 'The current password is not right', { currentPassword: 'currentPasswordWrong' });
    });
    renderDialog(onSubmit, language);
    await screen.findByLabelText(new RegExp(label));
    type('currentPassword', 'a-guess');
    type('password', 'new-secret-1');
    type('confirmPassword', 'new-secret-1');
    fireEvent.click(screen.getByRole('button', { name: button }));
    expect(await screen.findByText(message)).toBeTruthy();
    // Typing again clears it.
    type('currentPassword', 'another-guess');
    await waitFor(() => expect(screen.queryByText(message)).toBeNull());
  });

  it.each([
    ['es', 'Contraseña actual', 'Cambiar', 'Esta contraseña es de las más comunes, las primeras que se prueban para adivinarla: elige otra'],
    ['en', 'Current password', 'Change', 'This password is one of the most common ones, the first a guesser tries: choose another'],
    ['cat', 'Contrasenya actual', 'Canvia', "Aquesta contrasenya és de les més comunes, les primeres que es proven per endevinar-la: tria'n una altra"],
  ] as const)('in %s, refuses one of the most common passwords before sending anything (docs/decisions/031)', async (language, label, button, message) => {
    const onSubmit = vi.fn(async () => {});
    renderDialog(onSubmit, language);
    await screen.findByLabelText(new RegExp(label));
    type('currentPassword', 'old-secret');
    type('password', 'qwerty');
    type('confirmPassword', 'qwerty');
    fireEvent.click(screen.getByRole('button', { name: button }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('still refuses two different new passwords before sending anything', async () => {
    const onSubmit = vi.fn(async () => {});
    renderDialog(onSubmit);
    await screen.findByLabelText(/Current password/);
    type('currentPassword', 'old-secret');
    type('password', 'new-secret-1');
    type('confirmPassword', 'new-secret-2');
    submit();
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
