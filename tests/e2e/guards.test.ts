import { describe, expect, test } from 'vitest';
import { expectNoUnexpectedConsoleErrors, newPage, saveScreenshot } from './support/browser.ts';
import { ADMIN } from './support/server.ts';
import { useServerAndBrowser } from './support/journey.ts';
import { signIn } from './support/sign-in.ts';

/** The signed-in screens of SPEC §2 and the heading each shows in Spanish. */
const SIGNED_IN_SCREENS = [
  { path: '/users', heading: 'Usuarios', screenshot: 'users' },
  { path: '/profile', heading: 'Perfil', screenshot: 'profile' },
  { path: '/settings', heading: 'Ajustes', screenshot: 'settings' },
  { path: '/projects', heading: 'Proyectos', screenshot: 'projects' },
  { path: '/preview-projects', heading: 'Publicaciones', screenshot: 'preview-projects' },
  { path: '/calendar', heading: 'Calendario', screenshot: 'calendar' },
  { path: '/results', heading: 'Resultados', screenshot: 'results' },
  { path: '/my-gpts', heading: 'Mis GPTs', screenshot: 'my-gpts' },
  { path: '/auth/linkedin/callback', heading: 'Conectando LinkedIn', screenshot: 'linkedin-callback' },
  { path: '/auth/instagram/callback', heading: 'Conectando Instagram', screenshot: 'instagram-callback' },
] as const;

/** The public pages the footer links to. */
const FOOTER_PAGES = [
  { link: 'Documentación', path: '/documentation', heading: 'Documentación', screenshot: 'documentation' },
  { link: 'Política de privacidad', path: '/privacy', heading: 'Política de privacidad', screenshot: 'privacy' },
  { link: 'Aviso legal', path: '/legal', heading: 'Aviso legal', screenshot: 'legal' },
] as const;

const journey = useServerAndBrowser();

describe('who may open which screen', () => {
  test('a visitor is sent to the login page from every signed-in screen', async () => {
    const page = await newPage(journey.browser);
    for (const screen of SIGNED_IN_SCREENS) {
      await page.goto(`${journey.server.url}${screen.path}`);
      await page.waitForURL(`${journey.server.url}/login`);
      await page.getByRole('heading', { name: 'Iniciar Sesión' }).waitFor();
    }
    expectNoUnexpectedConsoleErrors(page);
    await page.context().close();
  });

  test('the signed-in administrator sees each screen, the Users page included', async () => {
    const page = await newPage(journey.browser);
    await signIn(page, journey.server.url, ADMIN);
    await page.waitForURL(`${journey.server.url}/home`);
    await page.getByRole('navigation', { name: 'Navegación principal' }).first().getByRole('link', { name: 'Usuarios' }).waitFor();

    for (const screen of SIGNED_IN_SCREENS) {
      await page.goto(`${journey.server.url}${screen.path}`);
      await page.getByRole('heading', { level: 1, name: screen.heading }).waitFor();
      expect(new URL(page.url()).pathname).toBe(screen.path);
      await saveScreenshot(page, screen.screenshot);
    }
    expectNoUnexpectedConsoleErrors(page);
    await page.context().close();
  });

  test('the documentation, privacy and legal pages are public and linked from the footer', async () => {
    const page = await newPage(journey.browser);
    await page.goto(`${journey.server.url}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await saveScreenshot(page, 'landing');
    const footer = page.getByRole('navigation', { name: 'Enlaces legales y de ayuda' });

    for (const target of FOOTER_PAGES) {
      await footer.getByRole('link', { name: target.link }).click();
      await page.waitForURL(`${journey.server.url}${target.path}`);
      await page.getByRole('heading', { level: 1, name: target.heading }).waitFor();
      await saveScreenshot(page, target.screenshot);
      await page.getByRole('button', { name: 'Volver' }).click();
      await page.waitForURL(`${journey.server.url}/`);
    }
    expectNoUnexpectedConsoleErrors(page);
    await page.context().close();
  });

  test('the password reset page is public: a visitor sees its form, and a link without its token says so at once', async () => {
    const page = await newPage(journey.browser);
    await page.goto(`${journey.server.url}/reset-password?token=abc`);
    await page.getByRole('heading', { name: 'Elige una contraseña nueva' }).waitFor();
    await page.getByLabel('Contraseña nueva').waitFor();
    await saveScreenshot(page, 'reset-password');

    await page.goto(`${journey.server.url}/reset-password`);
    await page.getByRole('heading', { name: 'El enlace está incompleto' }).waitFor();
    expect(await page.getByLabel('Contraseña nueva').count()).toBe(0);
    await page.getByRole('button', { name: 'Pedir un enlace nuevo' }).click();
    await page.getByRole('dialog', { name: 'Recuperar la contraseña' }).waitFor();
    await saveScreenshot(page, 'reset-password-incomplete');
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'Volver a Iniciar Sesión' }).click();
    await page.waitForURL(`${journey.server.url}/login`);
    expectNoUnexpectedConsoleErrors(page);
    await page.context().close();
  });
});
