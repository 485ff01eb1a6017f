import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, test } from 'vitest';
import { expectNoUnexpectedConsoleErrors, newPage, saveScreenshot } from './support/browser.ts';
import { ADMIN } from './support/server.ts';
import { useServerAndBrowser } from './support/journey.ts';
import { signIn } from './support/sign-in.ts';

const SESSION_COOKIE = 'alzado.session_token';
const THIRTY_DAYS_IN_SECONDS = 30 * 24 * 60 * 60;

const journey = useServerAndBrowser();

describe('signing in and out', () => {
  test('a visitor asking for /projects waits for the session check, signs in and is taken back there', async () => {
    const page = await newPage(journey.browser);
    // Hold the session check so the spinner can be seen before the redirect.
    let releaseSessionCheck = () => {};
    const sessionCheckHeld = new Promise<void>((resolve) => (releaseSessionCheck = resolve));
    await page.route('**/api/session', async (route) => {
      await sessionCheckHeld;
      await route.continue();
    });

    await page.goto(`${journey.server.url}/projects`);
    await page.getByLabel('Cargando…').waitFor();
    await saveScreenshot(page, 'session-check-spinner');
    releaseSessionCheck();
    await page.waitForURL(`${journey.server.url}/login`);
    await page.unroute('**/api/session');
    await page.getByRole('heading', { name: 'Iniciar Sesión' }).waitFor();
    await saveScreenshot(page, 'login');

    await signIn(page, journey.server.url, { email: ADMIN.email, password: 'no-es-la-clave' });
    const failure = page.getByRole('dialog', { name: 'Email o contraseña incorrectos' });
    await failure.getByText('Ha habido un error al iniciar sesión. Comprueba tus credenciales e inténtalo de nuevo.').waitFor();
    await saveScreenshot(page, 'login-failed');
    await failure.getByRole('button', { name: 'Aceptar' }).click();
    await failure.waitFor({ state: 'hidden' });

    // The login page keeps where the visitor was going across a reload, as the app's router did.
    await page.reload();
    await page.getByRole('heading', { name: 'Iniciar Sesión' }).waitFor();
    await signIn(page, journey.server.url, ADMIN);
    await page.waitForURL(`${journey.server.url}/projects`);
    await page.getByRole('heading', { name: 'Proyectos' }).waitFor();

    expectNoUnexpectedConsoleErrors(page, [{ status: 401, path: '/api/auth/sign-in/email' }]);
    await page.context().close();
  });

  test('the login page is prerendered (decision 022): one small script of its own and none of the app, a language menu that switches it in place, a dialog that Escape closes', async () => {
    const page = await newPage(journey.browser);
    const requested: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (/\.(js|json)$/.test(pathname)) requested.push(pathname);
    });
    await page.goto(`${journey.server.url}/login`);
    await page.getByRole('heading', { name: 'Iniciar Sesión' }).waitFor();
    await page.waitForLoadState('networkidle');
    // No React, no chunk nor translation of the app: the Spanish texts came with the HTML.
    expect(requested).toEqual([expect.stringMatching(/^\/assets\/login-[\w-]{8}\.js$/)]);
    const script = await fetch(`${journey.server.url}${requested[0]}`);
    expect((await script.arrayBuffer()).byteLength).toBeLessThan(20_000);

    // The language menu, used from the keyboard as the app's.
    await page.getByRole('button', { name: 'Idioma: ES' }).click();
    await page.getByRole('menu').waitFor();
    await saveScreenshot(page, 'login-language-menu');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    await page.getByRole('button', { name: 'Language: EN' }).waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, localStorage.getItem('i18nextLng')])).toEqual(['en', 'en']);
    expect(requested.filter((pathname) => pathname.endsWith('.json'))).toEqual([expect.stringMatching(/^\/assets\/login-en-\w+\.json$/)]);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Email is required').waitFor();
    await page.getByText('Password is required').waitFor();

    // The forgot-password dialog closes with Escape and opens again empty.
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    const recovery = page.getByRole('dialog', { name: 'Recover your password' });
    await recovery.getByLabel('Email').fill('sin-arroba');
    await recovery.getByRole('button', { name: 'Send' }).click();
    await recovery.getByText('The email must contain @').waitFor();
    await page.keyboard.press('Escape');
    await recovery.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    expect(await recovery.getByLabel('Email').inputValue()).toBe('');
    expect(await recovery.getByText('The email must contain @').count()).toBe(0);

    expectNoUnexpectedConsoleErrors(page);
    await page.context().close();
  });

  test('the login form checks its fields in Spanish and clears a field’s error as soon as it is edited', async () => {
    const page = await newPage(journey.browser);
    await page.goto(`${journey.server.url}/login`);
    const email = page.getByLabel('Email');
    const password = page.getByLabel(/^Contraseña/);
    const submit = page.getByRole('button', { name: 'Entrar' });

    await submit.click();
    await page.getByText('El email es requerido').waitFor();
    await page.getByText('La contraseña es requerida').waitFor();
    await saveScreenshot(page, 'login-validation');

    await email.fill('no-es-un-email');
    await page.getByText('El email es requerido').waitFor({ state: 'hidden' });
    expect(await page.getByText('La contraseña es requerida').isVisible()).toBe(true);

    await password.fill('123');
    await submit.click();
    await page.getByText('Email inválido').waitFor();
    await page.getByText('La contraseña debe tener al menos 6 caracteres').waitFor();

    await password.fill('1234567');
    await page.getByText('La contraseña debe tener al menos 6 caracteres').waitFor({ state: 'hidden' });
    expect(await page.getByText('Email inválido').isVisible()).toBe(true);
    expect(page.url()).toBe(`${journey.server.url}/login`);

    expectNoUnexpectedConsoleErrors(page);
    await page.context().close();
  });

  test('a signed-in user gets a 30-day Strict session that survives a reload, and the guest-only and unknown pages send them on', async () => {
    const page = await newPage(journey.browser);
    await signIn(page, journey.server.url, ADMIN);
    await page.waitForURL(`${journey.server.url}/home`);
    await page.getByRole('heading', { name: 'Inicio' }).waitFor();
    await page.getByText(`Hola, ${ADMIN.email}`).waitFor();
    await saveScreenshot(page, 'home');

    const cookies = await page.context().cookies();
    const session = cookies.find((cookie) => cookie.name === SESSION_COOKIE);
    expect(session, `cookies: ${cookies.map((cookie) => cookie.name).join(', ')}`).toBeDefined();
    expect(session).toMatchObject({ sameSite: 'Strict', httpOnly: true, path: '/' });
    expect(session!.expires - Date.now() / 1000).toBeGreaterThan(THIRTY_DAYS_IN_SECONDS - 120);
    expect(session!.expires - Date.now() / 1000).toBeLessThan(THIRTY_DAYS_IN_SECONDS + 120);

    await page.reload();
    await page.getByText(`Hola, ${ADMIN.email}`).waitFor();
    expect(page.url()).toBe(`${journey.server.url}/home`);

    await page.goto(`${journey.server.url}/login`);
    await page.waitForURL(`${journey.server.url}/home`);
    await page.getByRole('heading', { name: 'Inicio' }).waitFor();

    await page.goto(`${journey.server.url}/no-such-page`);
    await page.waitForURL(`${journey.server.url}/`);
    await page.getByRole('link', { name: 'Ir al Panel' }).first().waitFor();
    await saveScreenshot(page, 'landing-signed-in');

    expectNoUnexpectedConsoleErrors(page);
    await page.context().close();
  });

  test('arriving from another site (an e-mail link) finds the session although the Strict cookie stays behind', async () => {
    const page = await newPage(journey.browser);
    await signIn(page, journey.server.url, ADMIN);
    await page.waitForURL(`${journey.server.url}/home`);

    // Another site (127.0.0.1 is not the same site as localhost) with a link into the app.
    const elsewhere = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(`<!doctype html><a id="go" href="${journey.server.url}/projects">Abrir Alzado</a>`);
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    try {
      await page.goto(`http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}/`);
      const navigation = page.waitForRequest((request) => request.isNavigationRequest() && request.url() === `${journey.server.url}/projects`);
      await page.click('#go');
      const cookieOnArrival = (await (await navigation).allHeaders()).cookie ?? '';
      expect(cookieOnArrival).not.toContain(SESSION_COOKIE);

      await page.getByRole('heading', { name: 'Proyectos' }).waitFor();
      expect(page.url()).toBe(`${journey.server.url}/projects`);
    } finally {
      await new Promise((resolve) => elsewhere.close(resolve));
    }

    expectNoUnexpectedConsoleErrors(page);
    await page.context().close();
  });

  test('logging out asks first; cancelling keeps the session, confirming ends it', async () => {
    const page = await newPage(journey.browser);
    await signIn(page, journey.server.url, ADMIN);
    await page.waitForURL(`${journey.server.url}/home`);

    const openLogout = async () => {
      await page.getByRole('button', { name: 'Menú de usuario' }).click();
      await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
    };
    const question = page.getByRole('dialog').filter({ hasText: '¿Seguro que quieres cerrar la sesión?' });

    await openLogout();
    await question.waitFor();
    await saveScreenshot(page, 'logout-confirm');
    await question.getByRole('button', { name: 'Cancelar' }).click();
    await question.waitFor({ state: 'hidden' });
    expect(page.url()).toBe(`${journey.server.url}/home`);
    expect(await page.getByText(`Hola, ${ADMIN.email}`).isVisible()).toBe(true);

    await openLogout();
    await question.getByRole('button', { name: 'Cerrar sesión' }).click();
    await page.waitForURL(`${journey.server.url}/login`);
    await page.getByRole('heading', { name: 'Iniciar Sesión' }).waitFor();
    expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain(SESSION_COOKIE);

    await page.goto(`${journey.server.url}/home`);
    await page.waitForURL(`${journey.server.url}/login`);
    await page.getByRole('heading', { name: 'Iniciar Sesión' }).waitFor();

    expectNoUnexpectedConsoleErrors(page);
    await page.context().close();
  });
});
