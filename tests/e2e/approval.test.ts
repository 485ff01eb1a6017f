import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { Post, PostPage } from '../../src/domain/post.ts';
import { expectNoUnexpectedConsoleErrors, newPage, saveScreenshot } from './support/browser.ts';
import { useServerAndBrowser } from './support/journey.ts';
import { createProject, launchProject } from './support/projects.ts';
import { ADMIN } from './support/server.ts';
import { signIn } from './support/sign-in.ts';
import { connectSandboxNetwork } from './support/social.ts';

const journey = useServerAndBrowser();

const MARTA = {
  first_name: 'Marta',
  last_name: 'Soler',
  email: 'marta@soler-aprueba.test',
  phone: '600 333 444',
  password: 'cliente-2',
  role: 'customer',
  language: 'es',
} as const;

const HOUSE = {
  title: 'Casa del Patio en Gràcia',
  description: 'Una casa entre medianeras con un patio de naranjos.',
  keywords: 'patio,naranjos,ladrillo',
  category: 'residencial',
  location: 'Barcelona',
  year: 2025,
  publications: 1,
  colours: ['#b5651d', '#6d8a4d'],
};

const daysAfter = (day: string, days: number) => new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function signedIn(credentials: { email: string; password: string }, width: number): Promise<Page> {
  const { server, browser } = journey;
  const page = await newPage(browser, { locale: 'es-ES' });
  await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
  await signIn(page, server.url, credentials);
  await page.waitForURL(`${server.url}/home`);
  return page;
}

/**
 * Issue 25, items 1 and 3 in the app: an administrator makes a customer's approval required in Users; a
 * post the administrator schedules awaits her; she sees it first on her home, asks for changes with a
 * comment on a 390 px phone; the administrator edits and schedules it again; she approves it on a desktop.
 */
describe('approval in the app', () => {
  let admin: Page;
  let projectId = 0;
  let postId = 0;
  let today = '';

  const post = async (): Promise<Post> => (await (await admin.request.get(`${journey.server.url}/api/posts/${postId}`)).json()) as Post;
  const scheduleAsAdmin = async () => {
    const scheduled = await admin.request.put(`${journey.server.url}/api/posts/${postId}/schedule`, {
      data: { publish_on: daysAfter(today, 3), publish_time: '10:30', networks: { instagram: false, linkedin: true } },
    });
    expect(scheduled.status(), await scheduled.text()).toBe(200);
    expect(((await scheduled.json()) as Post).state).toBe('awaiting_approval');
  };

  test('an administrator requires the customer’s approval in Users, and schedules her post: it awaits her', { timeout: 120_000 }, async () => {
    const { server } = journey;
    admin = await signedIn(ADMIN, 1280);
    const created = await admin.request.post(`${server.url}/api/users`, { data: MARTA });
    expect(created.status(), await created.text()).toBe(201);
    const marta = (await created.json()) as { id: string };

    await admin.goto(`${server.url}/users`);
    await admin.getByRole('button', { name: `Editar ${MARTA.email}` }).click();
    const dialog = admin.getByRole('dialog', { name: 'Editar usuario' });
    await dialog.getByRole('radio', { name: 'Sin aprobación' }).waitFor();
    expect(await dialog.getByRole('radio', { name: 'Sin aprobación' }).isChecked()).toBe(true);
    await dialog.getByRole('radio', { name: 'Aprueba lo del estudio', exact: true }).check();
    await saveScreenshot(admin, 'approval-users-form-1280');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(((await (await admin.request.get(`${server.url}/api/users/${marta.id}`)).json()) as { approval: string }).approval).toBe('studio');

    const page = await signedIn(MARTA, 1280);
    await connectSandboxNetwork(page, server.url, 'LinkedIn');
    await page.context().close();

    projectId = await createProject(admin, server, HOUSE);
    expect((await admin.request.post(`${server.url}/api/projects/${projectId}/assign`, { data: { userId: marta.id } })).status()).toBe(200);
    await launchProject(admin, server, projectId);
    const listed = (await (await admin.request.get(`${server.url}/api/posts?pageSize=60`)).json()) as PostPage;
    today = listed.today;
    postId = listed.items.find((item) => item.project_id === projectId)!.id;
    await scheduleAsAdmin();

    // The calendar marks it, in words and not by colour alone.
    await admin.goto(`${server.url}/calendar?day=${daysAfter(today, 3)}`);
    const marked = admin.locator(`[data-post-id="${postId}"][data-awaiting]`);
    await marked.locator('[data-awaiting-mark]').getByText('Pendiente de aprobación', { exact: true }).waitFor();
    await saveScreenshot(admin, 'approval-calendar-1280');
    expectNoUnexpectedConsoleErrors(admin);
  });

  test('on a 390 px phone she sees it first on her home, reads her mode in Settings, and asks for changes', { timeout: 90_000 }, async () => {
    const { server } = journey;
    expect(postId, 'the post of the test before').not.toBe(0);
    const page = await signedIn(MARTA, 390);
    const section = page.getByRole('region', { name: /Pendiente de tu aprobación/ });
    await section.waitFor();
    expect(await page.getByRole('region').first().getAttribute('data-section')).toBe('home-approval');
    await section.getByText(/Pedida por .+ el /).waitFor();
    await saveScreenshot(page, 'approval-home-390');

    await page.goto(`${server.url}/settings`);
    await page.getByRole('region', { name: 'Aprobación de tus publicaciones' }).getByText('Apruebas lo del estudio').waitFor();

    await page.goto(`${server.url}/home`);
    await section.getByRole('link', { name: 'Ver todas en Publicaciones' }).click();
    await page.waitForURL(`${server.url}/preview-projects?state=awaiting_approval`);
    const card = page.getByRole('article', { name: `${HOUSE.title} Publicación 1` });
    await card.getByText('Pendiente de aprobación').first().waitFor();
    await card.getByTestId('approval-asked').waitFor();
    await saveScreenshot(page, 'approval-posts-390');
    await card.getByRole('button', { name: 'Pedir cambios' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pedir cambios' });
    await dialog.getByRole('button', { name: 'Pedir cambios' }).click();
    await dialog.getByText('Escribe qué hay que cambiar').waitFor();
    await dialog.getByRole('textbox').fill('La segunda foto, por favor: la del patio con los naranjos.');
    await saveScreenshot(page, 'approval-changes-dialog-390');
    await dialog.getByRole('button', { name: 'Pedir cambios' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const back = await post();
    expect(back.state).toBe('preview');
    expect(back.changes_comment?.text).toBe('La segunda foto, por favor: la del patio con los naranjos.');
    expectNoUnexpectedConsoleErrors(page);
    await page.context().close();
  });

  test('the administrator reads the comment on the card, edits and schedules again; she approves on a desktop', { timeout: 90_000 }, async () => {
    const { server } = journey;
    expect(postId, 'the post of the first test').not.toBe(0);
    await admin.goto(`${server.url}/preview-projects?state=preview`);
    const adminCard = admin.getByRole('article', { name: `${HOUSE.title} Publicación 1` });
    await adminCard
      .getByTestId('changes-comment')
      .getByText(/la del patio con los naranjos/)
      .waitFor();
    await saveScreenshot(admin, 'approval-changes-comment-1280');
    const edited = await admin.request.patch(`${server.url}/api/posts/${postId}`, {
      data: { text: 'Un patio de naranjos entre medianeras. #arquitectura #gracia' },
    });
    expect(edited.status(), await edited.text()).toBe(200);
    await scheduleAsAdmin();

    const page = await signedIn(MARTA, 1280);
    await page.getByRole('region', { name: /Pendiente de tu aprobación/ }).waitFor();
    await page.goto(`${server.url}/preview-projects?state=awaiting_approval`);
    const card = page.getByRole('article', { name: `${HOUSE.title} Publicación 1` });
    await card.getByRole('button', { name: 'Aprobar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Aprobar la publicación' });
    await dialog.getByText(/Saldrá el .+ a las 10:30 en LinkedIn\./).waitFor();
    await saveScreenshot(page, 'approval-approve-dialog-1280');
    await dialog.getByRole('button', { name: 'Aprobar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const approved = await post();
    expect(approved.state).toBe('scheduled');
    expect(approved.publish_time).toBe('10:30');
    await page.goto(`${server.url}/calendar`);
    await saveScreenshot(page, 'approval-calendar-after-1280');
    expectNoUnexpectedConsoleErrors(page);
    await page.context().close();
  });
});
