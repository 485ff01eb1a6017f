import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { polyfillDialog, settle, showLoginPage, stubFetch } from '../../../../test-support/login-page-dom.ts';
import { setUpLoginForm } from './login-form.ts';
import { createPageLanguage } from './page-language.ts';

const form = () => document.querySelector<HTMLFormElement>('[data-login-form]')!;
const input = (name: string) => form().elements.namedItem(name) as HTMLInputElement;
const errorOf = (name: string) => document.getElementById(`${input(name).id}-error`)!;
const type = (name: string, value: string) => {
  input(name).value = value;
  input(name).dispatchEvent(new Event('input', { bubbles: true }));
};
const submit = async () => {
  form().requestSubmit();
  await settle();
};
const failure = () => document.getElementById('login-failure') as HTMLDialogElement | null;

describe('the login form', () => {
  let signedIn: ReturnType<typeof vi.fn<() => Promise<void>>>;
  beforeEach(() => {
    polyfillDialog();
    showLoginPage('es');
    signedIn = vi.fn<() => Promise<void>>(async () => {});
    setUpLoginForm(createPageLanguage(), signedIn);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('checks both fields before sending, in Spanish, focuses the first wrong one, and clears a field’s error when it is edited', async () => {
    const calls = stubFetch(() => ({ status: 200 }));
    await submit();
    expect(errorOf('email').textContent).toBe('El email es requerido');
    expect(errorOf('password').textContent).toBe('La contraseña es requerida');
    expect(input('email').getAttribute('aria-invalid')).toBe('true');
    expect(input('email').getAttribute('aria-describedby')).toBe(errorOf('email').id);
    expect(document.activeElement).toBe(input('email'));
    expect(calls).toEqual([]);

    type('email', 'no-es-un-email');
    expect(errorOf('email').hidden).toBe(true);
    expect(input('email').hasAttribute('aria-invalid')).toBe(false);
    expect(errorOf('password').textContent).toBe('La contraseña es requerida');

    type('password', '123');
    await submit();
    expect(errorOf('email').textContent).toBe('Email inválido');
    expect(errorOf('password').textContent).toBe('La contraseña debe tener al menos 6 caracteres');
    expect(calls).toEqual([]);
  });

  it('sends the checked credentials, the password as typed, and hands over once signed in', async () => {
    const calls = stubFetch(() => ({ status: 200, body: { user: { id: 'u1', email: 'ana@estudio.com' } } }));
    type('email', 'ana@estudio.com');
    type('password', ' clave secreta ');
    await submit();
    expect(calls).toEqual([{ url: '/api/auth/sign-in/email', body: { email: 'ana@estudio.com', password: ' clave secreta ' } }]);
    expect(signedIn).toHaveBeenCalledOnce();
    expect(failure()).toBeNull();
  });

  it('shows a refusal in the dialog titled with the server’s message, or SPEC’s own title for one it has none for', async () => {
    stubFetch(() => ({ status: 401, body: { error: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' } } }));
    type('email', 'ana@estudio.com');
    type('password', 'no-es-la-clave');
    await submit();
    expect(failure()!.open).toBe(true);
    expect(document.getElementById('login-failure-title')!.textContent).toBe('Email o contraseña incorrectos');
    expect(failure()!.textContent).toContain('Ha habido un error al iniciar sesión. Comprueba tus credenciales e inténtalo de nuevo.');
    expect(document.activeElement).toBe(failure()!.querySelector('[data-initial-focus]'));
    expect(form().querySelector('button[type="submit"]')!.hasAttribute('data-loading')).toBe(false);
    failure()!.querySelector<HTMLButtonElement>('[data-initial-focus]')!.click();
    // Gone once closed, as the app's dialogs.
    expect(failure()).toBeNull();

    stubFetch(() => ({ status: 502 }));
    await submit();
    expect(document.getElementById('login-failure-title')!.textContent).toBe('No coincide con ningún usuario');
    failure()!.close();

    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await submit();
    expect(document.getElementById('login-failure-title')!.textContent).toBe('No hay conexión con el servidor. Inténtalo de nuevo.');
    expect(signedIn).not.toHaveBeenCalled();
  });

  it('says only to wait when there were too many attempts, not to check the credentials (429, issue 29)', async () => {
    stubFetch(() => ({ status: 429, body: { error: { code: 'TOO_MANY_ATTEMPTS', message: 'Too many attempts.' } } }));
    type('email', 'ana@estudio.com');
    type('password', 'no-es-la-clave');
    await submit();
    expect(document.getElementById('login-failure-title')!.textContent).toBe('Demasiados intentos. Espera unos minutos e inténtalo de nuevo.');
    const hint = failure()!.querySelector<HTMLElement>('[data-credentials-hint]')!;
    expect(hint.hidden).toBe(true);
    failure()!.querySelector<HTMLButtonElement>('[data-initial-focus]')!.click();

    // A wrong password afterwards says to check them again.
    stubFetch(() => ({ status: 401, body: { error: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' } } }));
    await submit();
    expect(failure()!.querySelector<HTMLElement>('[data-credentials-hint]')!.hidden).toBe(false);
  });

  it('sends once while a request is under way, its button spinning', async () => {
    let answer: (value: { status: number }) => void = () => {};
    const calls = stubFetch(() => new Promise((resolve) => (answer = resolve)));
    type('email', 'ana@estudio.com');
    type('password', 'clave-admin-1');
    await submit();
    await submit();
    expect(calls).toHaveLength(1);
    const button = form().querySelector<HTMLButtonElement>('button[type="submit"]')!;
    expect(button.disabled).toBe(true);
    expect(button.hasAttribute('data-loading')).toBe(true);
    answer({ status: 401 });
    await settle();
    await settle();
    expect(button.disabled).toBe(false);
  });

  it('shows and hides the password with the eye', () => {
    const toggle = document.querySelector<HTMLButtonElement>('[data-password-toggle]')!;
    expect(toggle.getAttribute('aria-label')).toBe('Mostrar u ocultar la contraseña');
    toggle.click();
    expect(input('password').type).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    toggle.click();
    expect(input('password').type).toBe('password');
  });
});
