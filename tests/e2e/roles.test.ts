import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoUnexpectedConsoleErrors, newPage, saveScreenshot } from './support/browser.ts';
import { useServerAndBrowser } from './support/journey.ts';
import { createProject } from './support/projects.ts';
import { ADMIN } from './support/server.ts';
import { signIn } from './support/sign-in.ts';

/**
 * Issue 15, "Roles and dead ends" (docs/decisions/021): each role's navigation holds only what it can
 * use, the screens it cannot use send it home, and a publisher's launch ends where they see the result.
 */
const journey = useServerAndBrowser();

const PUBLISHER = {
  first_name: 'Pau',
  last_name: 'Vidal',
  email: 'pau@vidal-e2e.test',
  phone: '600 777 888',
  password: 'publica-2',
  role: 'publisher',
  language: 'es',
} as const;
const BASIC = {
  first_name: 'Berta',
  last_name: 'Puig',
  email: 'berta@puig-e2e.test',
  phone: '600 999 000',
  password: 'basica-1',
  role: 'basic',
  language: 'es',
} as const;

// The header's navigation (the phone's drawer repeats it).
const navigation = (page: Page) => page.getByRole('navigation', { name: 'Navegación principal' }).first();
const entries = async (page: Page) => {
  await navigation(page).getByRole('link', { name: 'Inicio' }).waitFor();
  return (await navigation(page).getByRole('link').allTextContents()).map((text) => text.trim());
};

async function signedIn(credentials: { email: string; password: string }): Promise<Page> {
  const page = await newPage(journey.browser, { locale: 'es-ES' });
  await signIn(page, journey.server.url, credentials);
  await page.waitForURL(`${journey.server.url}/home`);
  return page;
}

describe('roles', () => {
  test('each role sees only the screens it can use; the others send it home', async () => {
    const { server } = journey;
    const admin = await signedIn(ADMIN);
    expect(await entries(admin)).toEqual(['Inicio', 'Usuarios', 'Redes', 'Proyectos', 'Publicaciones', 'Calendario', 'Resultados', 'Mis GPTs']);
    for (const user of [PUBLISHER, BASIC]) expect((await admin.request.post(`${server.url}/api/users`, { data: user })).status()).toBe(201);

    const publisher = await signedIn(PUBLISHER);
    expect(await entries(publisher)).toEqual(['Inicio', 'Proyectos', 'Mis GPTs']);
    await publisher.goto(`${server.url}/preview-projects`);
    await publisher.waitForURL(`${server.url}/home`);

    const basic = await signedIn(BASIC);
    expect(await entries(basic)).toEqual(['Inicio']);
    await basic.getByRole('button', { name: 'Menú de usuario' }).click();
    await basic.getByRole('menuitem', { name: 'Perfil' }).waitFor();
    expect(await basic.getByRole('menuitem', { name: 'Ajustes' }).count()).toBe(0);
    await basic.keyboard.press('Escape');
    await saveScreenshot(basic, 'home-basic');
    for (const path of ['/projects', '/preview-projects', '/calendar', '/results', '/my-gpts', '/settings', '/users']) {
      await basic.goto(`${server.url}${path}`);
      await basic.waitForURL(`${server.url}/home`);
    }
    for (const page of [admin, publisher, basic]) {
      expectNoUnexpectedConsoleErrors(page);
      await page.context().close();
    }
  });

  test('a publisher who launches a project stays on Projects and sees its new state and who schedules its posts', async () => {
    const { server } = journey;
    const publisher = await signedIn(PUBLISHER);
    await createProject(publisher, server, {
      title: 'Casa del puerto',
      description: 'Una casa junto al puerto, de piedra y madera.',
      keywords: 'puerto,piedra',
      category: 'residencial',
      location: 'Cadaqués',
      year: 2024,
      publications: 1,
      colours: ['#4d6f8a'],
    });
    await publisher.goto(`${server.url}/projects`);
    await publisher.getByRole('button', { name: 'Acciones de Casa del puerto' }).click();
    await publisher.getByRole('menuitem', { name: 'Lanzar' }).click();
    await publisher.getByRole('dialog', { name: 'Lanzar proyecto' }).getByRole('button', { name: 'Lanzar' }).click();
    await publisher.getByText('«Casa del puerto» ya tiene sus publicaciones').waitFor({ timeout: 20_000 });
    await publisher.getByText('Están en previsualización: las revisa y las programa el cliente del proyecto o un administrador.').waitFor();
    expect(new URL(publisher.url()).pathname).toBe('/projects');
    await publisher.getByRole('row').filter({ hasText: 'Casa del puerto' }).getByText('Previsualización').waitFor();
    await saveScreenshot(publisher, 'publisher-launched');
    expectNoUnexpectedConsoleErrors(publisher);
    await publisher.context().close();
  });
});
