import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoUnexpectedConsoleErrors, newPage, saveScreenshot } from './support/browser.ts';
import { runSql } from './support/database.ts';
import { useServerAndBrowser } from './support/journey.ts';
import { createProject } from './support/projects.ts';
import { ADMIN } from './support/server.ts';
import { signIn } from './support/sign-in.ts';
import { connectSandboxNetwork } from './support/social.ts';

/**
 * Issue 6 as a studio lives it in Chromium: launch a project, watch the generation's stages, land on
 * the posts, look at both networks' previews, edit a text past Instagram's limit, connect the sandbox's
 * LinkedIn and schedule for tomorrow, delete a post, publish one again.
 */
const journey = useServerAndBrowser();

/** The studio's tomorrow (Europe/Madrid, the default STUDIO_TIME_ZONE), as YYYY-MM-DD. */
function studioTomorrow(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const next = new Date(`${today}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}
const asShown = (day: string) => day.split('-').reverse().join('-');

/** A draft with two posts to make and three pictures, made through the API as the form would. */
const SCHOOL = {
  title: 'Escuela en el bosque de Olot',
  description: 'Una escuela de madera entre robles.',
  keywords: 'madera,escuela,bosque',
  category: 'docente',
  location: 'Olot',
  year: 2025,
  publications: 2,
  colours: ['#7a5c3e', '#3e6b7a', '#a0a45c'],
};

const cards = (page: Page) => page.getByRole('article');
const cardOf = (page: Page, number: number) => cards(page).filter({ hasText: `Publicación ${number}` });

describe('from a launched project to scheduled posts', () => {
  test('launch, watch the stages, preview, edit, connect LinkedIn, schedule for tomorrow, delete, publish again', async () => {
    const { server, browser } = journey;
    const page = await newPage(browser);
    await signIn(page, server.url, ADMIN);
    await page.waitForURL(`${server.url}/home`);
    const projectId = await createProject(page, server, SCHOOL);

    // Launch: confirmed, then the full-screen progress names the real stages until the posts exist.
    await page.goto(`${server.url}/projects`);
    await page.getByRole('button', { name: 'Acciones de Escuela en el bosque de Olot' }).click();
    await page.getByRole('menuitem', { name: 'Lanzar' }).click();
    await page.getByRole('dialog', { name: 'Lanzar proyecto' }).getByRole('button', { name: 'Lanzar' }).click();
    const progress = page.getByRole('dialog', { name: 'Lanzando «Escuela en el bosque de Olot»' });
    await progress.waitFor();
    await progress.getByText(/Preparando el proyecto…|Generando el contenido…/).waitFor();
    await saveScreenshot(page, 'launch-progress');
    await page.waitForURL(`${server.url}/preview-projects`, { timeout: 15_000 });
    expect((await runSql<{ state: string }>(server, 'select state from projects where id = $1', [projectId]))[0]?.state).toBe('preview');

    // The posts: two cards in preview, the chips counting them.
    await page.getByRole('heading', { level: 1, name: 'Publicaciones' }).waitFor();
    await expect.poll(() => cards(page).count()).toBe(2);
    await page.getByRole('checkbox', { name: 'Todas (2)' }).or(page.getByText('Todas (2)')).first().waitFor();
    await cardOf(page, 1).getByRole('heading', { name: 'Escuela en el bosque de Olot' }).waitFor();
    await saveScreenshot(page, 'posts-after-launch');

    // Both previews look like the networks' posts; nothing is connected yet.
    await cardOf(page, 1).getByRole('button', { name: 'Vista Instagram' }).click();
    const instagram = page.getByRole('dialog', { name: 'Vista previa de Instagram' });
    await instagram.getByText('Cuenta no conectada').first().waitFor();
    await instagram.getByRole('img').first().waitFor();
    await saveScreenshot(page, 'posts-instagram-preview');
    await page.keyboard.press('Escape');
    await instagram.waitFor({ state: 'hidden' });
    await cardOf(page, 1).getByRole('button', { name: 'Vista LinkedIn' }).click();
    const linkedin = page.getByRole('dialog', { name: 'Vista previa de LinkedIn' });
    await linkedin.getByText('Cuenta no conectada').first().waitFor();
    await saveScreenshot(page, 'posts-linkedin-preview');
    await page.keyboard.press('Escape');
    await linkedin.waitFor({ state: 'hidden' });

    // Edit: past Instagram's 2,200 characters the counter turns red and the warning says why; past
    // LinkedIn's 3,000 it is an error and nothing is saved; a fitting text is saved.
    await cardOf(page, 1).getByRole('button', { name: 'Editar' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar publicación' });
    const text = edit.getByRole('textbox', { name: 'Texto de la publicación' });
    await text.fill(`${'Madera y luz. '.repeat(170)}#escuela`);
    await edit.getByText('No se podrá publicar en Instagram').waitFor();
    await edit.getByText(/Instagram admite como máximo 2\.200 caracteres/).waitFor();
    await saveScreenshot(page, 'posts-edit-over-instagram');
    await text.fill('x'.repeat(3001));
    await edit.getByText('LinkedIn admite como máximo 3.000 caracteres').waitFor();
    await text.fill('Una escuela de madera entre robles, abierta al bosque. #escuela #madera');
    await edit.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Publicación guardada correctamente').waitFor();
    await cardOf(page, 1).getByText('Una escuela de madera entre robles, abierta al bosque.', { exact: false }).waitFor();

    // Connect the sandbox's LinkedIn (the post's owner is this admin), then schedule post 1 for tomorrow.
    await connectSandboxNetwork(page, server.url, 'LinkedIn');

    await page.goto(`${server.url}/preview-projects`);
    await cardOf(page, 1).getByRole('button', { name: 'Publicar' }).click();
    const publish = page.getByRole('dialog', { name: 'Configurar publicación' });
    await publish.getByText('Si eliges hoy a una hora ya pasada, se publicará en cuanto confirmes.').waitFor();
    expect(await publish.getByRole('checkbox', { name: 'Instagram' }).isDisabled()).toBe(true);
    await publish.getByText('Instagram no está conectado').waitFor();
    const tomorrow = studioTomorrow();
    await chooseDay(page, publish, tomorrow);
    const linkedinBox = publish.getByRole('checkbox', { name: 'LinkedIn' });
    await expect.poll(() => linkedinBox.isDisabled()).toBe(false);
    expect(await publish.getByRole('button', { name: 'Confirmar' }).isDisabled()).toBe(true);
    await linkedinBox.check();
    await publish.getByText(/Se publicará en: Marta Soler Ibáñez \(LinkedIn\)/).waitFor();
    await saveScreenshot(page, 'posts-publish-dialog');
    await publish.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText(`Publicación programada para el ${asShown(tomorrow)}`).waitFor();
    await cardOf(page, 1).getByText('Programada', { exact: true }).waitFor();
    await cardOf(page, 1)
      .getByText(`Fecha de publicación: ${asShown(tomorrow)}`)
      .waitFor();
    const [scheduled] = await runSql<{ state: string; publish_on: string }>(
      server,
      'select state, publish_on from posts where project_id = $1 and sequence = 1',
      [projectId],
    );
    expect(scheduled).toEqual({ state: 'scheduled', publish_on: tomorrow });

    // Delete post 2, after its confirmation.
    await cardOf(page, 2).getByRole('button', { name: 'Eliminar' }).click();
    await page.getByRole('dialog', { name: 'Eliminar publicación' }).getByRole('button', { name: 'Eliminar' }).click();
    await page.getByText('Publicación eliminada correctamente').waitFor();
    await expect.poll(() => cards(page).count()).toBe(1);

    // Publish again: offered once a post is published (publishing itself is the engine's work; here the
    // database says it went out), it returns the post to preview without date, networks or results.
    const [post] = await runSql<{ id: number }>(server, 'select id from posts where project_id = $1 and sequence = 1', [projectId]);
    await runSql(server, "update posts set state = 'published', published_at = $2 where id = $1", [post!.id, new Date().toISOString()]);
    await runSql(
      server,
      "insert into post_results (post_id, network, status, permalink, attempts, finished_at, created_at, updated_at) values ($1, 'linkedin', 'posted', 'https://www.linkedin.com/feed/update/urn:li:share:1', 1, $2, $2, $2)",
      [post!.id, new Date().toISOString()],
    );
    await page.reload();
    await cardOf(page, 1).getByText('Publicada', { exact: true }).waitFor();
    await cardOf(page, 1).getByText('LinkedIn: publicado').waitFor();
    await saveScreenshot(page, 'posts-published');
    await cardOf(page, 1).getByRole('button', { name: 'Publicar de nuevo' }).click();
    await page.getByRole('dialog', { name: 'Publicar de nuevo' }).getByRole('button', { name: 'Publicar de nuevo' }).click();
    await page.getByText('La publicación vuelve a estar en vista previa').waitFor();
    await cardOf(page, 1).getByText('Vista previa', { exact: true }).waitFor();
    await cardOf(page, 1).getByText('Sin fecha de publicación').waitFor();
    expect(await runSql(server, 'select network from post_results where post_id = $1', [post!.id])).toEqual([]);

    expectNoUnexpectedConsoleErrors(page);
    await page.context().close();
  });
});

/** Types the day into the publication date field as the studio writes it, dd-mm-yyyy. */
async function chooseDay(page: Page, dialog: ReturnType<Page['getByRole']>, day: string): Promise<void> {
  const field = dialog.getByLabel('Fecha de publicación');
  const type = await field.getAttribute('type');
  if (type === 'date') {
    await field.fill(day);
    return;
  }
  await field.fill(asShown(day));
  // Leaving the field with Tab closes its calendar (Escape would close the dialog).
  await field.press('Tab');
  void page;
}
