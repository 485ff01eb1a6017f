import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { PostPage } from '../../src/domain/post.ts';
import { seriousAxeFindings } from './support/axe.ts';
import { expectNoUnexpectedConsoleErrors, newPage, saveScreenshot } from './support/browser.ts';
import { runSql } from './support/database.ts';
import { useServerAndBrowser } from './support/journey.ts';
import { type NewProject, createProject, launchProject } from './support/projects.ts';
import { ADMIN, type RunningServer } from './support/server.ts';
import { signIn } from './support/sign-in.ts';
import { networkTile, pendingSandboxFaults, sandboxControl } from './support/social.ts';

/**
 * Issue 15, "Home is a dashboard", in Chromium: one studio where a customer's LinkedIn post failed for
 * real (the sandbox revoked her token, so publishing was refused and her connection closed), her next
 * post is scheduled for tomorrow, another waits in preview, a publisher's draft is ready to launch and
 * his LinkedIn connection expires in three days. The administrator reads the whole studio in Spanish,
 * the customer her own in English (and at 390 px wide), the publisher his projects in Catalan.
 */
const journey = useServerAndBrowser();

const CLARA = {
  first_name: 'Clara',
  last_name: 'Roca',
  email: 'clara@roca-e2e.test',
  phone: '600 111 222',
  password: 'cliente-1',
  role: 'customer',
  language: 'en',
} as const;
const BRUNO = {
  first_name: 'Bruno',
  last_name: 'Sala',
  email: 'bruno@sala-e2e.test',
  phone: '600 333 444',
  password: 'cliente-2',
  role: 'customer',
  language: 'es',
} as const;
const PABLO = {
  first_name: 'Pablo',
  last_name: 'Mir',
  email: 'pablo@mir-e2e.test',
  phone: '600 555 666',
  password: 'publica-1',
  role: 'publisher',
  language: 'cat',
} as const;

const project = (title: string, publications: number, colours: string[]): NewProject => ({
  title,
  description: 'Una casa de piedra seca entre olivos, abierta al valle.',
  keywords: 'piedra,olivos',
  category: 'residencial',
  location: 'Bunyola',
  year: 2024,
  publications,
  colours,
});
const HOUSE = project('Casa entre bancales', 3, ['#8a6f4d', '#4d6f8a', '#6f8a4d']);
const PAVILION = project('Pabellón de madera', 1, ['#6f4d8a']);
const TOWER = project('Torre sin fotos', 1, []);
const SCHOOL = project('Escuela de Bruno', 1, ['#4d8a6f']);

const asShown = (day: string) => day.split('-').reverse().join('-');
const nextDay = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const section = (page: Page, name: string | RegExp) => page.getByRole('region', { name });

async function signedIn(server: RunningServer, credentials: { email: string; password: string }, locale: string): Promise<Page> {
  const page = await newPage(journey.browser, { locale });
  await signIn(page, server.url, credentials);
  await page.waitForURL(`${server.url}/home`);
  return page;
}

/** Settings → Connect (in whatever language the page speaks) → the sandbox's consent → back in Settings, connected. */
async function connectLinkedIn(page: Page, server: RunningServer): Promise<void> {
  await page.goto(`${server.url}/settings`);
  await networkTile(page, 'LinkedIn')
    .getByRole('button', { name: /^(Conectar|Connect|Connectar)$/ })
    .click();
  await page.waitForURL((url) => url.pathname === '/sandbox/linkedin/oauth/v2/authorization');
  await page.getByRole('button', { name: 'Allow' }).click();
  await page.waitForURL(`${server.url}/settings`);
  await networkTile(page, 'LinkedIn')
    .getByText(/^(Conectado|Connected|Connectat)$/)
    .waitFor();
}

/** The page has no horizontal scroll: nothing is wider than the viewport. */
async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, 'page width at 390 px').toBeLessThanOrEqual(clientWidth);
}

describe('the dashboard on /home', () => {
  const ids = { clara: '', bruno: '', pablo: '' };
  let tomorrow = '';
  // Made by the first test that runs (expect.poll needs a test), shared by the others.
  let studio: Promise<void> | undefined;
  const studioReady = () => (studio ??= setUpStudio());

  async function setUpStudio(): Promise<void> {
    const { server } = journey;
    const admin = await signedIn(server, ADMIN, 'es-ES');
    for (const user of [CLARA, BRUNO, PABLO]) {
      const created = await admin.request.post(`${server.url}/api/users`, { data: user });
      expect(created.status(), await created.text()).toBe(201);
      const { id } = (await created.json()) as { id: string };
      ids[user === CLARA ? 'clara' : user === BRUNO ? 'bruno' : 'pablo'] = id;
    }

    // Clara's house: three posts. Post 2 goes out tomorrow on LinkedIn; then LinkedIn revokes her
    // token and post 1, for today, is refused: the post fails with the reason and her connection closes.
    const clara = await signedIn(server, CLARA, 'en-US');
    const house = await createProject(clara, server, HOUSE);
    await launchProject(clara, server, house);
    await connectLinkedIn(clara, server);
    const listed = (await (await clara.request.get(`${server.url}/api/posts?pageSize=60`)).json()) as PostPage;
    const [first, second] = listed.items.filter((post) => post.project_id === house).sort((a, b) => a.sequence - b.sequence);
    tomorrow = nextDay(listed.today);
    const schedule = (id: number, day: string, time?: string) =>
      clara.request.put(`${server.url}/api/posts/${id}/schedule`, {
        data: { publish_on: day, publish_time: time, networks: { instagram: false, linkedin: true } },
      });
    expect((await schedule(second!.id, tomorrow, '18:30')).status()).toBe(200);
    // LinkedIn holds the publishing call until the member has removed Alzado there.
    await sandboxControl(server, 'faults', { network: 'linkedin', kind: 'slow', path: '/rest/', delayMs: 2_000 });
    expect((await schedule(first!.id, listed.today)).status()).toBe(200);
    await expect.poll(async () => (await pendingSandboxFaults(server)).length, { timeout: 15_000 }).toBe(0);
    await sandboxControl(server, 'revoke-tokens', { network: 'linkedin' });
    await expect
      .poll(
        async () =>
          (
            await runSql<{ error_code: string }>(
              server,
              "select error_code from post_results where post_id = $1 and network = 'linkedin' and status = 'failed'",
              [first!.id],
            )
          )[0]?.error_code,
        { timeout: 20_000 },
      )
      .toBe('connectionRefused');
    const [connection] = await runSql<{ is_connected: boolean | number }>(
      server,
      "select is_connected from social_connections where user_id = $1 and network = 'linkedin'",
      [ids.clara],
    );
    expect(Boolean(connection?.is_connected), 'the refused connection is closed').toBe(false);
    await clara.context().close();

    // Pablo's drafts: one with its picture (ready), one without; his LinkedIn expires in three days.
    const pablo = await signedIn(server, PABLO, 'ca-ES');
    const pavilion = await createProject(pablo, server, PAVILION);
    await createProject(pablo, server, TOWER);
    await connectLinkedIn(pablo, server);
    await runSql(server, "update social_connections set token_expires_at = $1 where user_id = $2 and network = 'linkedin'", [
      new Date(Date.now() + 3 * 86_400_000).toISOString(),
      ids.pablo,
    ]);
    await pablo.context().close();

    // The pavilion is for Clara; the school, the administrator's, for Bruno.
    expect((await admin.request.post(`${server.url}/api/projects/${pavilion}/assign`, { data: { userId: ids.clara } })).status()).toBe(200);
    const school = await createProject(admin, server, SCHOOL);
    expect((await admin.request.post(`${server.url}/api/projects/${school}/assign`, { data: { userId: ids.bruno } })).status()).toBe(200);
    await admin.context().close();
  }

  test(
    'an administrator reads the whole studio in Spanish: the failed post and its reason, both connections, the drafts, the next post',
    { timeout: 180_000 },
    async () => {
      await studioReady();
      const { server } = journey;
      const page = await signedIn(server, ADMIN, 'es-ES');
      await page.getByRole('heading', { name: 'Inicio', level: 1 }).waitFor();
      await page.getByText(`Hola, ${ADMIN.email}`).waitFor();

      const failed = section(page, /Publicaciones con errores o por revisar/);
      await failed.getByRole('link', { name: 'Casa entre bancales · Publicación 1' }).waitFor();
      await failed.getByText('LinkedIn: fallido').waitFor();
      await failed.getByText('LinkedIn ya no acepta la conexión con tu cuenta: vuelve a conectarla en Ajustes y usa «Reintentar».').waitFor();
      await failed.getByText('De Clara Roca').waitFor();

      const connections = section(page, /Conexiones con las redes/);
      await connections.getByText(/^Clara Roca ha perdido su conexión con LinkedIn \(.+\): tiene que volver a conectarla en sus Ajustes/).waitFor();
      await connections
        .getByText(/^La conexión de Pablo Mir con LinkedIn \(.+\) caduca el \d{2}-\d{2}-\d{4}: tiene que volver a conectarla en sus Ajustes\.$/)
        .waitFor();

      const drafts = section(page, /Borradores listos para lanzar/);
      await drafts.getByRole('link', { name: 'Pabellón de madera' }).waitFor();
      await drafts.getByRole('link', { name: 'Escuela de Bruno' }).waitFor();
      expect(await drafts.getByRole('link', { name: 'Torre sin fotos' }).count()).toBe(0);

      const next = section(page, /Próximas publicaciones/);
      await next.getByRole('link', { name: 'Casa entre bancales · Publicación 2' }).waitFor();
      await next.getByText(`El ${asShown(tomorrow)} a las 18:30 en LinkedIn`).waitFor();
      await section(page, /Publicaciones sin programar/)
        .getByRole('link', { name: 'Casa entre bancales · Publicación 3' })
        .waitFor();
      await section(page, /Accesos directos/)
        .getByRole('link', { name: 'Usuarios' })
        .waitFor();
      await saveScreenshot(page, 'home-admin-es');

      // The failed post's link opens the posts page where its card is.
      await failed.getByRole('link', { name: 'Casa entre bancales · Publicación 1' }).click();
      await page.waitForURL(`${server.url}/preview-projects?state=published`);
      await page.getByRole('article').filter({ hasText: 'Publicación 1' }).getByText('LinkedIn: fallido').waitFor();
      expectNoUnexpectedConsoleErrors(page);
      await page.context().close();
    },
  );

  test('a customer reads her own in English, with what to do, and the page fits 390 px', { timeout: 180_000 }, async () => {
    await studioReady();
    const { server } = journey;
    const page = await signedIn(server, CLARA, 'en-US');
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
    await page.getByText(`Hello, ${CLARA.email}`).waitFor();

    const failed = section(page, /Posts that failed or need review/);
    await failed.getByText('LinkedIn no longer accepts the connection to your account: connect it again in Settings and use “Retry”.').waitFor();
    expect(await failed.getByText('For Clara Roca').count()).toBe(0);
    const connections = section(page, /Network connections/);
    await connections.getByText(/^Your LinkedIn connection \(.+\) has been lost: connect it again in Settings/).waitFor();
    expect(await connections.getByText(/Pablo Mir/).count()).toBe(0);
    expect(await connections.getByRole('link', { name: 'Go to Settings' }).getAttribute('href')).toBe('/settings');

    const drafts = section(page, /Drafts ready to launch/);
    await drafts.getByRole('link', { name: 'Pabellón de madera' }).waitFor();
    expect(await drafts.getByRole('link', { name: 'Escuela de Bruno' }).count()).toBe(0);
    await section(page, /Posts not scheduled yet/)
      .getByRole('link', { name: 'Casa entre bancales · Post 3' })
      .waitFor();
    await section(page, /Next posts/)
      .getByText(`On ${asShown(tomorrow)} at 6:30 PM to LinkedIn`)
      .waitFor();
    expect(
      await section(page, /Shortcuts/)
        .getByRole('link', { name: 'Users' })
        .count(),
    ).toBe(0);
    await saveScreenshot(page, 'home-customer-en');
    expect(await seriousAxeFindings(page, 'main')).toEqual([]);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await section(page, /Posts that failed or need review/)
      .getByText('LinkedIn: failed')
      .waitFor();
    await expectNoHorizontalOverflow(page);
    await saveScreenshot(page, 'home-customer-en-390');
    expectNoUnexpectedConsoleErrors(page);
    await page.context().close();
  });

  test(
    "a publisher reads his projects in Catalan: his expiring connection, the ready draft, his projects' states, no posts",
    { timeout: 180_000 },
    async () => {
      await studioReady();
      const { server } = journey;
      const page = await signedIn(server, PABLO, 'ca-ES');
      await page.getByRole('heading', { name: 'Inici', level: 1 }).waitFor();
      await section(page, /Connexions amb les xarxes/)
        .getByText(/^La teva connexió amb LinkedIn \(.+\) caduca el \d{2}-\d{2}-\d{4}: torna-la a connectar a Configuració/)
        .waitFor();
      const drafts = section(page, /Esborranys a punt per llançar/);
      await drafts.getByRole('link', { name: 'Pabellón de madera' }).waitFor();
      expect(await drafts.getByRole('link', { name: 'Torre sin fotos' }).count()).toBe(0);
      const projects = section(page, /Els teus projectes/);
      await projects.getByText('Esborrany: 2').waitFor();
      await projects.getByRole('link', { name: 'Torre sin fotos' }).waitFor();
      expect(await section(page, /Publicacions amb errors o per revisar/).count()).toBe(0);
      expect(await section(page, /Properes publicacions/).count()).toBe(0);
      expect(
        await section(page, /Accessos directes/)
          .getByRole('link')
          .allTextContents(),
      ).toEqual(['Nou projecte', 'Projectes', 'Els meus GPT', 'Configuració']);
      await saveScreenshot(page, 'home-publisher-cat');
      expectNoUnexpectedConsoleErrors(page);
      await page.context().close();
    },
  );
});
