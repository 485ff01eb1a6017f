import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { polyfillDialog, settle, showLoginPage, stubFetch } from '../../../../test-support/login-page-dom.ts';
import { createPageLanguage } from './page-language.ts';
import { setUpRecoveryDialog } from './recovery-dialog.ts';

const dialog = () => document.getElementById('recovery') as HTMLDialogElement;
const open = () => document.querySelector<HTMLButtonElement>('[data-open-recovery]')!.click();
const email = () => document.getElementById('recovery-email') as HTMLInputElement;
const error = () => document.getElementById('recovery-email-error')!;
const title = () => document.getElementById('recovery-title')!.textContent;
const type = (value: string) => {
  email().value = value;
  email().dispatchEvent(new Event('input', { bubbles: true }));
};
const send = async () => {
  dialog().querySelector<HTMLFormElement>('form')!.requestSubmit();
  await settle();
};

describe('the forgot-password dialog', () => {
  beforeEach(() => {
    polyfillDialog();
    showLoginPage('es');
    setUpRecoveryDialog(createPageLanguage());
    open();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends nothing until the e-mail contains @, then confirms in a second step', async () => {
    const calls = stubFetch(() => ({ status: 200, body: { status: true } }));
    expect(dialog().open).toBe(true);
    expect(title()).toBe('Recuperar la contraseña');
    type('admin-sin-arroba');
    await send();
    expect(error().textContent).toBe('El email debe contener @');
    expect(calls).toEqual([]);
    type('ana@estudio');
    expect(error().hidden).toBe(true);
    await send();
    expect(error().textContent).toBe('Email inválido');

    type(' ana@estudio.com ');
    await send();
    expect(calls).toEqual([{ url: '/api/auth/request-password-reset', body: { email: 'ana@estudio.com' } }]);
    expect(title()).toBe('Revisa tu correo');
    expect(dialog().querySelector<HTMLElement>('[data-recovery-sent]')!.hidden).toBe(false);
    expect(dialog().querySelector<HTMLElement>('[data-recovery-sent]')!.textContent).toContain('Email de recuperación enviado correctamente');
    expect(dialog().querySelector<HTMLFormElement>('form')!.hidden).toBe(true);
  });

  it('shows a refusal under the field, translated, and opens again empty once closed', async () => {
    stubFetch(() => ({ status: 429, body: { error: { code: 'TOO_MANY_ATTEMPTS', message: 'Too many attempts.' } } }));
    type('ana@estudio.com');
    await send();
    expect(error().textContent).toBe('Demasiados intentos. Espera unos minutos e inténtalo de nuevo.');
    stubFetch(() => ({ status: 500, body: { error: { code: 'SOMETHING_NEW', message: '?' } } }));
    await send();
    expect(error().textContent).toBe('Error desconocido');

    dialog().querySelector<HTMLButtonElement>('.button-default[data-close]')!.click();
    expect(document.getElementById('recovery')).toBeNull();
    open();
    expect(email().value).toBe('');
    expect(error().hidden).toBe(true);
    expect(title()).toBe('Recuperar la contraseña');
  });
});
