import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { expectNoUnexpectedConsoleErrors, newPage, saveScreenshot } from './support/browser.ts';
import { runSql } from './support/database.ts';
import { useServerAndBrowser } from './support/journey.ts';
import { ADMIN, type RunningServer } from './support/server.ts';
import { signIn } from './support/sign-in.ts';

const journey = useServerAndBrowser();

const CUSTOMER = {
  first_name: 'Lucía',
  last_name: 'Ferrer',
  email: 'lucia@ferrer-e2e.test',
  phone: '600 111 222',
  password: 'cliente-1',
  role: 'customer',
} as const;
const OTHER_CUSTOMER = {
  first_name: 'Lucas',
  last_name: 'Ferrando',
  email: 'lucas@ferrando-e2e.test',
  phone: '600 333 444',
  password: 'cliente-2',
  role: 'customer',
} as const;

/** A real JPEG of the given size, one colour, with a label to tell the pictures apart. */
async function photo(width: number, height: number, colour: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

function jpegFile(name: string, buffer: Buffer) {
  return { name, mimeType: 'image/jpeg', buffer };
}

async function signInAsAdmin(page: Page, url: string): Promise<void> {
  await signIn(page, url, ADMIN);
  await page.waitForURL(`${url}/home`);
}

async function openProjects(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/projects`);
  await page.getByRole('heading', { name: 'Proyectos', level: 1 }).waitFor();
}

/** A project out of draft without running its generation: the journey only needs the state. */
async function setProjectState(server: RunningServer, id: number, state: string): Promise<void> {
  await runSql(server, 'update projects set state = $1 where id = $2', [state, id]);
}

/** The images in the order the form shows them, by file name, and whether each is published. */
async function galleryOf(page: Page): Promise<string[]> {
  const tiles = page.getByRole('region', { name: 'Imágenes' }).getByRole('listitem');
  return tiles.evaluateAll((items) =>
    items.map((item) => `${(item.getAttribute('aria-label') ?? '').replace(/^Imagen \d+: /, '')}${item.hasAttribute('data-selected') ? '' : ' (no)'}`),
  );
}

/** Drags one image's picture onto another's with the mouse, in small steps as a hand would. */
async function dragImage(page: Page, from: number, to: number): Promise<void> {
  const source = await page.getByRole('button', { name: new RegExp(`^Mover la imagen ${from} `) }).boundingBox();
  const target = await page.getByRole('button', { name: new RegExp(`^Mover la imagen ${to} `) }).boundingBox();
  if (!source || !target) throw new Error('The images to drag are not on screen');
  await page.mouse.move(source.x + source.width / 2, source.y + source.height / 2);
  await page.mouse.down();
  await page.mouse.move(source.x + source.width / 2 + 12, source.y + source.height / 2, { steps: 4 });
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 12 });
  await page.mouse.up();
}

describe('projects and their images', () => {
  test(
    'an admin creates a project with keywords and 3 images, reorders and unselects one, edits it, filters, assigns it to a customer who then sees it, and deletes it',
    { timeout: 120_000 },
    async () => {
      const { server, browser } = journey;
      const admin = await newPage(browser);
      await signInAsAdmin(admin, server.url);
      for (const user of [CUSTOMER, OTHER_CUSTOMER]) expect((await admin.request.post(`${server.url}/api/users`, { data: user })).status()).toBe(201);
      const prompt = await admin.request.post(`${server.url}/api/prompts`, {
        data: { title: 'Tono cercano', description: 'Frases cortas y una pregunta final.' },
      });
      expect(prompt.status()).toBe(201);

      await openProjects(admin, server.url);
      await admin.getByText('Todavía no hay proyectos. Crea el primero.').waitFor();
      await admin.getByRole('button', { name: 'Nuevo proyecto' }).click();
      await admin.getByRole('heading', { name: 'Nuevo proyecto' }).waitFor();

      // Title and description are required.
      await admin.getByRole('button', { name: 'Crear proyecto' }).first().click();
      await admin.getByText('El título es obligatorio').waitFor();
      await admin.getByText('La descripción es obligatoria').waitFor();

      await admin.locator('input[name="title"]').fill('Casa en el Montseny');
      await admin.locator('textarea[name="description"]').fill('Una vivienda de madera entre encinas, abierta al valle.');
      // Keywords as chips: Enter adds, trimmed; the same word again is not added; leaving the field adds what is typed.
      const keywords = admin.getByRole('combobox', { name: 'Palabras clave' });
      await keywords.fill('  madera ');
      await keywords.press('Enter');
      await keywords.fill('bosque');
      await keywords.press('Enter');
      await keywords.fill('MADERA');
      await keywords.press('Enter');
      await keywords.fill('luz');
      await keywords.press('Backspace');
      await keywords.fill('luz');
      await admin.locator('input[name="weblink"]').click();
      // SPEC §5: a host without a dot is no address; the field says it will be saved empty.
      await admin.locator('input[name="weblink"]').fill('miestudio');
      await admin.getByText('Sin un dominio con punto (estudio.es) no es una dirección web: se guardará vacío.').waitFor();
      await admin.locator('input[name="weblink"]').fill(' Estudio-E2E.es/Montseny/ ');
      await admin.getByText('Se guardará como https://estudio-e2e.es/montseny').waitFor();
      await admin.locator('input[name="maps_url"]').fill('https://maps.example.com/?q=montseny');
      // The AI switch's help describes the state it is in.
      await admin.getByText('La IA escribe cada publicación a partir de la ficha del proyecto y de sus fotos.').waitFor();
      await admin.getByRole('switch', { name: 'Escribir las publicaciones con IA' }).click({ force: true });
      await admin.getByText('Las publicaciones parten de la descripción del proyecto tal cual, sin IA.').waitFor();
      await admin.getByRole('switch', { name: 'Escribir las publicaciones con IA' }).click({ force: true });
      await admin.getByText('La IA escribe cada publicación a partir de la ficha del proyecto y de sus fotos.').waitFor();
      await admin.getByRole('combobox', { name: 'Categoría' }).click();
      await admin.getByRole('option', { name: 'Residencial' }).click();
      await admin.locator('input[name="year"]').fill('2024');
      await admin.locator('.mantine-SegmentedControl-root').getByText('2', { exact: true }).click();
      await admin.getByRole('combobox', { name: 'Prompt de Mis GPTs' }).click();
      await admin.getByRole('option', { name: 'Tono cercano' }).click();

      // Three real pictures, checked in the browser and shown in the order chosen; one is left unpublished.
      await admin
        .locator('input[type="file"]')
        .setInputFiles([
          jpegFile('salon.jpg', await photo(1200, 900, '#8d6e63')),
          jpegFile('fachada.jpg', await photo(1080, 1350, '#607d8b')),
          jpegFile('patio.jpg', await photo(1600, 900, '#a1887f')),
        ]);
      await expect.poll(() => galleryOf(admin)).toEqual(['salon.jpg', 'fachada.jpg', 'patio.jpg']);
      await admin.getByRole('checkbox', { name: 'Publicar la imagen 3 (patio.jpg)' }).uncheck();
      await saveScreenshot(admin, 'project-form-new');
      await admin.getByRole('button', { name: 'Crear proyecto' }).first().click();
      await admin.getByText('Proyecto creado correctamente').waitFor();
      const row = admin.getByRole('row').filter({ hasText: 'Casa en el Montseny' });
      await row.getByText('Borrador').waitFor();
      await row.getByText('Mapa: pendiente').waitFor();
      await row.getByText('Admin').waitFor();

      const page1 = await admin.request.get(`${server.url}/api/projects?pageSize=10`);
      const projectId = ((await page1.json()) as { items: { id: number }[] }).items[0]!.id;
      const created = (await (await admin.request.get(`${server.url}/api/projects/${projectId}`)).json()) as {
        keywords: string;
        weblink: string;
        category: string;
        year: number;
        publications: number;
        prompt_text: string;
        state: string;
        images: { original_name: string; status: string; url: string; thumbnail_url: string }[];
      };
      expect(created).toMatchObject({
        keywords: 'madera,bosque,luz',
        weblink: 'https://estudio-e2e.es/montseny',
        category: 'residencial',
        year: 2024,
        publications: 2,
        prompt_text: 'Frases cortas y una pregunta final.',
        state: 'draft',
      });
      expect(created.images.map((image) => `${image.original_name}:${image.status}`)).toEqual([
        'salon.jpg:pending',
        'fachada.jpg:pending',
        'patio.jpg:not_selected',
      ]);

      // Edit: the images change at once (drag the third to the front, unselect another); the fields on saving.
      await row.getByRole('button', { name: 'Acciones de Casa en el Montseny' }).click();
      await admin.getByRole('menuitem', { name: 'Editar' }).click();
      await admin.getByRole('heading', { name: 'Editar proyecto' }).waitFor();
      await expect.poll(() => galleryOf(admin)).toEqual(['salon.jpg', 'fachada.jpg', 'patio.jpg (no)']);
      await dragImage(admin, 3, 1);
      await expect.poll(() => galleryOf(admin)).toEqual(['patio.jpg (no)', 'salon.jpg', 'fachada.jpg']);
      // The selection is saved at once and shows a moment later (after the request starts): click, then wait.
      await admin.getByRole('checkbox', { name: 'Publicar la imagen 3 (fachada.jpg)' }).click();
      await expect.poll(() => galleryOf(admin)).toEqual(['patio.jpg (no)', 'salon.jpg', 'fachada.jpg (no)']);
      await admin.getByRole('checkbox', { name: 'Publicar la imagen 1 (patio.jpg)' }).click();
      await expect.poll(() => galleryOf(admin)).toEqual(['patio.jpg', 'salon.jpg', 'fachada.jpg (no)']);
      await expect
        .poll(async () =>
          ((await (await admin.request.get(`${server.url}/api/projects/${projectId}`)).json()) as typeof created).images.map(
            (image) => `${image.original_name}:${image.status}`,
          ),
        )
        .toEqual(['patio.jpg:pending', 'salon.jpg:pending', 'fachada.jpg:not_selected']);
      await saveScreenshot(admin, 'project-form-edit');
      await admin.locator('input[name="title"]').fill('Casa en el Montseny II');
      await keywords.click();
      await keywords.press('Backspace');
      await admin.getByRole('switch', { name: 'Mostrar el mapa' }).check({ force: true });
      await admin.getByRole('button', { name: 'Guardar cambios' }).first().click();
      await admin.getByText('Proyecto actualizado correctamente').waitFor();
      const edited = admin.getByRole('row').filter({ hasText: 'Casa en el Montseny II' });
      // SPEC §2: the shown map's badge links to the public project page (the web link), not the map (issue 29).
      const mapBadge = edited.getByRole('link', { name: /^Mapa: publicado \(Casa en el Montseny II\)/ });
      expect(await mapBadge.textContent()).toBe('Mapa: publicado');
      expect(await mapBadge.getAttribute('href')).toBe('https://estudio-e2e.es/montseny');
      expect(((await (await admin.request.get(`${server.url}/api/projects/${projectId}`)).json()) as typeof created).keywords).toBe('madera,bosque');

      // Filter by state: a second project in preview (set directly: launching arrives with generation).
      await admin.getByRole('button', { name: 'Nuevo proyecto' }).click();
      await admin.locator('input[name="title"]').fill('Biblioteca de Olot');
      await admin.locator('textarea[name="description"]').fill('Una biblioteca de barrio.');
      await admin.getByRole('button', { name: 'Crear proyecto' }).first().click();
      await admin.getByRole('row').filter({ hasText: 'Biblioteca de Olot' }).waitFor();
      await setProjectState(server, projectId + 1, 'preview');
      await admin.reload();
      await admin.getByRole('row').filter({ hasText: 'Biblioteca de Olot' }).getByText('Previsualización').waitFor();
      // The filter is the browser's own select (no dropdown code on the list's first load, decision 023).
      await admin.getByRole('combobox', { name: 'Estado' }).selectOption({ label: 'Previsualización' });
      await admin.getByText('Mostrando 1 a 1 - 1 resultados').waitFor();
      expect(await admin.getByRole('row').filter({ hasText: 'Casa en el Montseny II' }).count()).toBe(0);
      expect(admin.url()).toContain('state=preview');
      // A project out of draft offers recovery instead of launch: confirmed, it is a draft again.
      await admin.getByRole('button', { name: 'Acciones de Biblioteca de Olot' }).click();
      expect(await admin.getByRole('menuitem', { name: 'Lanzar' }).count()).toBe(0);
      await admin.getByRole('menuitem', { name: 'Recuperar' }).click();
      await admin.getByRole('dialog', { name: 'Recuperar proyecto' }).getByRole('button', { name: 'Recuperar' }).click();
      await admin.getByText('Proyecto recuperado como borrador').waitFor();
      expect(((await (await admin.request.get(`${server.url}/api/projects/${projectId + 1}`)).json()) as typeof created).state).toBe('draft');
      await admin.getByRole('button', { name: 'Limpiar filtros' }).click();
      await admin.getByText('Mostrando 1 a 2 - 2 resultados').waitFor();

      // Assign to a customer: the search starts at 3 characters and lists customers only; confirm waits for a choice.
      await edited.getByRole('button', { name: 'Acciones de Casa en el Montseny II' }).click();
      await admin.getByRole('menuitem', { name: 'Asignar' }).click();
      const assign = admin.getByRole('dialog', { name: 'Asignar proyecto' });
      const confirm = assign.getByRole('button', { name: 'Asignar', exact: true });
      expect(await confirm.isDisabled()).toBe(true);
      await assign.getByRole('textbox', { name: 'Buscar clientes' }).fill('fe');
      await admin.waitForTimeout(400);
      expect(await assign.getByRole('radio').count()).toBe(0);
      await assign.getByRole('textbox', { name: 'Buscar clientes' }).fill('fer');
      await assign.getByRole('radio', { name: /Ferrando, Lucas/ }).waitFor();
      await assign.getByRole('radio', { name: /Ferrer, Lucía/ }).waitFor();
      expect(await assign.getByRole('radio', { name: /Admin/ }).count()).toBe(0);
      expect(await confirm.isDisabled()).toBe(true);
      await assign.getByRole('radio', { name: /Ferrer, Lucía/ }).click();
      await saveScreenshot(admin, 'project-assign');
      await confirm.click();
      await edited.getByText('Asignado a Ferrer, Lucía').waitFor();

      // The customer sees the project assigned to them, and no other; the admin's prompt is there for them to use.
      const customer = await newPage(browser);
      await signIn(customer, server.url, CUSTOMER);
      await customer.waitForURL(`${server.url}/home`);
      await openProjects(customer, server.url);
      await customer.getByRole('row').filter({ hasText: 'Casa en el Montseny II' }).waitFor();
      await customer.getByText('Mostrando 1 a 1 - 1 resultados').waitFor();
      await customer.goto(`${server.url}/projects?project=${projectId + 1}`);
      await customer.getByText(`No se ha encontrado el proyecto con id ${projectId + 1}`).waitFor();
      await customer.getByRole('button', { name: 'Aceptar' }).click();
      await customer
        .getByRole('row')
        .filter({ hasText: 'Casa en el Montseny II' })
        .getByRole('button', { name: /Acciones/ })
        .click();
      expect(await customer.getByRole('menuitem', { name: 'Asignar' }).count()).toBe(0);
      await customer.getByRole('menuitem', { name: 'Editar' }).click();
      expect(await customer.getByRole('switch', { name: 'Mostrar el mapa' }).isDisabled()).toBe(true);
      await customer.getByText('Solo un administrador puede cambiarlo.').waitFor();

      // Deleting the project, confirmed, removes it and its images from storage.
      const imageUrls = created.images.flatMap((image) => [image.url, image.thumbnail_url]);
      const status = async (url: string) => (await fetch(url)).status;
      for (const url of imageUrls) expect(await status(url)).toBe(200);
      await openProjects(admin, server.url);
      await admin.getByRole('button', { name: 'Acciones de Casa en el Montseny II' }).click();
      await admin.getByRole('menuitem', { name: 'Eliminar' }).click();
      const remove = admin.getByRole('dialog', { name: 'Eliminar proyecto' });
      await remove.getByText('¿Eliminar «Casa en el Montseny II» y todas sus imágenes? No se puede deshacer.').waitFor();
      await remove.getByRole('button', { name: 'Eliminar' }).click();
      await admin.getByText('Proyecto eliminado correctamente').waitFor();
      await admin.getByText('Mostrando 1 a 1 - 1 resultados').waitFor();
      for (const url of imageUrls) expect(await status(url)).toBe(404);

      expectNoUnexpectedConsoleErrors(admin);
      expectNoUnexpectedConsoleErrors(customer, [{ status: 404, path: `/api/projects/${projectId + 1}` }]);
      await admin.context().close();
      await customer.context().close();
    },
  );

  test('the browser refuses images too large, of the wrong ratio or not images, names them, and keeps only what fits', async () => {
    const { server, browser } = journey;
    const admin = await newPage(browser);
    await signInAsAdmin(admin, server.url);
    await openProjects(admin, server.url);
    await admin.getByRole('button', { name: 'Nuevo proyecto' }).click();
    await admin.locator('input[name="title"]').fill('Pabellón de Ripoll');
    await admin.locator('textarea[name="description"]').fill('Un pabellón deportivo.');

    // Over 5 MB: noise does not compress.
    const huge = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#000000', noise: { type: 'gaussian', mean: 128, sigma: 80 } } })
      .jpeg({ quality: 100 })
      .toBuffer();
    expect(huge.length).toBeGreaterThan(5_242_880);
    await admin
      .locator('input[type="file"]')
      .setInputFiles(
        [
          jpegFile('enorme.jpg', huge),
          jpegFile('story.jpg', await photo(1080, 1920, '#795548')),
          jpegFile('panoramica.jpg', await photo(2000, 1000, '#455a64')),
          { name: 'notas.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('esto no es una imagen') },
          jpegFile('buena.jpg', await photo(1000, 1000, '#90a4ae')),
        ],
        { timeout: 30_000 },
      ); // some 6 MB cross into the browser
    const alerts = admin.getByRole('region', { name: 'Imágenes' });
    await alerts.getByText('tamaño máximo permitido 5MB').waitFor();
    await alerts.getByText('enorme.jpg').waitFor();
    await alerts.getByText('Proporción no permitida').waitFor();
    await alerts.getByText('story.jpg, panoramica.jpg').waitFor();
    await alerts.getByText('notas.jpg').waitFor();
    await expect.poll(() => galleryOf(admin)).toEqual(['buena.jpg']);
    await saveScreenshot(admin, 'project-image-alerts');

    // Ten at most: with 1 chosen, 9 more fit; of 10 good ones, the last is left out and the picker closes.
    const squares = await Promise.all(Array.from({ length: 10 }, (_, index) => photo(800, 800, `#${(0x304050 + index * 0x0a0a0a).toString(16)}`)));
    await admin.locator('input[type="file"]').setInputFiles(squares.map((buffer, index) => jpegFile(`cuadrada-${index + 1}.jpg`, buffer)));
    await alerts.getByText('Un proyecto admite 10 imágenes como máximo. Solo cabían 9 más, así que se han dejado fuera 1.').waitFor();
    await expect.poll(async () => (await galleryOf(admin)).length).toBe(10);
    expect((await galleryOf(admin)).at(-1)).toBe('cuadrada-9.jpg');
    await admin.getByText('El proyecto ya tiene sus 10 imágenes: elimina una para añadir otra').waitFor();
    expect(await admin.locator('input[type="file"]').isDisabled()).toBe(true);

    // They go up once the project exists.
    await admin.getByRole('button', { name: 'Crear proyecto' }).first().click();
    await admin.getByText('Proyecto creado correctamente').waitFor();
    const list = (await (await admin.request.get(`${server.url}/api/projects?pageSize=10&sort=id&order=desc`)).json()) as {
      items: { id: number; title: string }[];
    };
    const created = list.items.find((project) => project.title === 'Pabellón de Ripoll')!;
    const project = (await (await admin.request.get(`${server.url}/api/projects/${created.id}`)).json()) as { images: { original_name: string }[] };
    expect(project.images.map((image) => image.original_name)).toEqual(['buena.jpg', ...Array.from({ length: 9 }, (_, index) => `cuadrada-${index + 1}.jpg`)]);

    expectNoUnexpectedConsoleErrors(admin);
    await admin.context().close();
  });
});

describe('my GPTs', () => {
  test('prompts are created, validated, edited, listed 5 a page, and deleted; a customer uses the public ones but cannot change them', async () => {
    const { server, browser } = journey;
    const admin = await newPage(browser);
    await signInAsAdmin(admin, server.url);
    await admin.getByRole('link', { name: 'Mis GPTs' }).first().click();
    await admin.getByRole('heading', { name: 'Mis GPTs', level: 1 }).waitFor();

    await admin.getByRole('button', { name: 'Añadir prompt' }).click();
    const form = admin.getByRole('dialog', { name: 'Nuevo prompt' });
    await form.getByText('Como administrador, los prompts que creas son públicos').waitFor();
    await form.getByRole('button', { name: 'Crear' }).click();
    await form.getByText('El título es obligatorio').waitFor();
    await form.getByText('La descripción es obligatoria').waitFor();
    await form.locator('input[name="title"]').fill('Técnico y preciso');
    await form.locator('textarea[name="description"]').fill('Describe materiales y sistemas constructivos con precisión.');
    await form.getByRole('button', { name: 'Crear' }).click();
    await admin.getByText('Prompt creado correctamente').waitFor();
    const row = admin.getByRole('row').filter({ hasText: 'Técnico y preciso' });
    await row.getByText('Público').waitFor();

    await row.getByRole('button', { name: 'Editar Técnico y preciso' }).click();
    const edit = admin.getByRole('dialog', { name: 'Editar prompt' });
    expect(await edit.locator('input[name="title"]').inputValue()).toBe('Técnico y preciso');
    await edit.locator('input[name="title"]').fill('Técnico');
    await edit.getByRole('button', { name: 'Guardar' }).click();
    await admin.getByText('Prompt actualizado correctamente').waitFor();
    await admin.getByRole('row').filter({ hasText: 'Técnico' }).waitFor();

    for (let index = 1; index <= 5; index += 1) {
      expect(
        (await admin.request.post(`${server.url}/api/prompts`, { data: { title: `Prompt ${index}`, description: `Instrucciones ${index}` } })).status(),
      ).toBe(201);
    }
    await admin.reload();
    await admin.getByText(/^Mostrando 1 a 5 - \d+ resultados$/).waitFor();
    await admin.getByRole('button', { name: 'Ordenar por Título' }).click();
    await admin.getByRole('button', { name: 'Página siguiente' }).click();
    await admin.getByRole('row').filter({ hasText: 'Técnico' }).waitFor();
    await saveScreenshot(admin, 'my-gpts');

    await admin.getByRole('button', { name: 'Eliminar Técnico' }).click();
    await admin.getByRole('dialog', { name: 'Eliminar prompt' }).getByRole('button', { name: 'Eliminar' }).click();
    await admin.getByText('Prompt eliminado correctamente').waitFor();
    expect(await admin.getByRole('row').filter({ hasText: 'Técnico' }).count()).toBe(0);

    // A customer sees the admin's public prompts, without edit or delete, and keeps their own private.
    expect((await admin.request.post(`${server.url}/api/users`, { data: { ...CUSTOMER, email: 'marta@gpts-e2e.test', first_name: 'Marta' } })).status()).toBe(
      201,
    );
    const customer = await newPage(browser);
    await signIn(customer, server.url, { email: 'marta@gpts-e2e.test', password: CUSTOMER.password });
    await customer.waitForURL(`${server.url}/home`);
    await customer.goto(`${server.url}/my-gpts`);
    const publicRow = customer.getByRole('row').filter({ hasText: 'Prompt 5' });
    await publicRow.getByText('Público').waitFor();
    expect(await publicRow.getByRole('button').count()).toBe(0);
    await customer.getByRole('button', { name: 'Añadir prompt' }).click();
    const own = customer.getByRole('dialog', { name: 'Nuevo prompt' });
    await own.getByText('Solo tú ves los prompts que creas.').waitFor();
    await own.locator('input[name="title"]').fill('El mío');
    await own.locator('textarea[name="description"]').fill('Solo para mis proyectos.');
    await own.getByRole('button', { name: 'Crear' }).click();
    const mine = customer.getByRole('row').filter({ hasText: 'El mío' });
    await mine.getByText('Privado').waitFor();
    await mine.getByRole('button', { name: 'Editar El mío' }).waitFor();

    expectNoUnexpectedConsoleErrors(admin);
    expectNoUnexpectedConsoleErrors(customer);
    await admin.context().close();
    await customer.context().close();
  });
});
