import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { Post, PostPage } from '../../src/domain/post.ts';
import type { PublishedOverview } from '../../src/sandbox/published-page.ts';
import { seriousAxeFindings } from './support/axe.ts';
import { expectNoUnexpectedConsoleErrors, newPage, saveScreenshot } from './support/browser.ts';
import { useServerAndBrowser } from './support/journey.ts';
import { createProject, launchProject } from './support/projects.ts';
import { ADMIN, type RunningServer } from './support/server.ts';
import { signIn } from './support/sign-in.ts';

/**
 * Issue 27's journey, in each language: a studio connects LinkedIn, Instagram by Instagram Login (the
 * sandbox's Creator account, no Facebook Page) and a Facebook Page in Settings, publishes one post to the
 * three networks at once, and sees three results on the card and three posts in the sandbox, each once.
 */
const journey = useServerAndBrowser();

const CREATOR = 'marta.soler.cuaderno';
const PAGE_NAME = 'Taller Norte';

const TEXTS = {
  es: {
    locale: 'es-ES',
    connect: 'Conectar',
    connected: 'Conectado',
    instagramWay: 'Cómo conectar Instagram',
    withInstagram: 'Conectar con Instagram',
    choosePage: 'Elegir la página',
    willPublish: `Se publicará en ${PAGE_NAME}`,
    publish: 'Publicar',
    dialog: 'Configurar publicación',
    confirm: 'Confirmar',
    published: 'Publicada',
    posted: 'publicado',
  },
  en: {
    locale: 'en-US',
    connect: 'Connect',
    connected: 'Connected',
    instagramWay: 'How to connect Instagram',
    withInstagram: 'Connect with Instagram',
    choosePage: 'Choose the page',
    willPublish: `Posts will be published to ${PAGE_NAME}`,
    publish: 'Publish',
    dialog: 'Publication settings',
    confirm: 'Confirm',
    published: 'Published',
    posted: 'posted',
  },
  cat: {
    locale: 'ca-ES',
    connect: 'Connectar',
    connected: 'Connectat',
    instagramWay: 'Com connectar Instagram',
    withInstagram: 'Connectar amb Instagram',
    choosePage: 'Tria la pàgina',
    willPublish: `Es publicarà a ${PAGE_NAME}`,
    publish: 'Publica',
    dialog: 'Configura la publicació',
    confirm: 'Confirma',
    published: 'Publicada',
    posted: 'publicat',
  },
} as const;
type Language = keyof typeof TEXTS;

const USERS: Record<Language, { email: string; password: string }> = {
  es: ADMIN,
  en: { email: 'ana@three-networks.test', password: 'cliente-en-1' },
  cat: { email: 'pere@three-networks.test', password: 'cliente-cat-1' },
};

async function createCustomer(server: RunningServer, language: 'en' | 'cat'): Promise<void> {
  const admin = await newPage(journey.browser);
  await signIn(admin, server.url, ADMIN);
  await admin.waitForURL(`${server.url}/home`);
  const names = language === 'en' ? ['Ana', 'Wright'] : ['Pere', 'Vidal'];
  const created = await admin.request.post(`${server.url}/api/users`, {
    data: {
      first_name: names[0],
      last_name: names[1],
      email: USERS[language].email,
      phone: '600 222 333',
      password: USERS[language].password,
      role: 'customer',
      language,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await admin.context().close();
}

/** Settings, a network's tile: Connect (or Instagram's way), the sandbox's window, back to Settings connected. */
async function connect(page: Page, server: RunningServer, language: Language, network: 'LinkedIn' | 'Instagram' | 'Facebook'): Promise<void> {
  const text = TEXTS[language];
  await page.goto(`${server.url}/settings`);
  const tile = page.getByRole('region', { name: network });
  if (network === 'Instagram') {
    await tile.getByRole('group', { name: text.instagramWay }).getByRole('button', { name: text.withInstagram }).click();
    await page.waitForURL((url) => url.pathname === '/sandbox/meta/instagram/www/oauth/authorize', { timeout: 30_000 });
    await page.getByRole('radio', { name: new RegExp(`@${CREATOR.replace(/\./g, '\\.')}`) }).check();
    await page.getByRole('button', { name: 'Allow' }).click();
  } else {
    await tile.getByRole('button', { name: text.connect, exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith(network === 'LinkedIn' ? '/sandbox/linkedin/oauth/' : '/sandbox/meta/www/'), { timeout: 30_000 });
    await page.getByRole('button', { name: network === 'LinkedIn' ? 'Allow' : 'Continue as Marta' }).click();
  }
  // The consent, the callback page and its redirect: three loads, slow on a busy machine.
  await page.waitForURL(`${server.url}/settings`, { timeout: 30_000 });
  await tile.getByText(text.connected, { exact: true }).waitFor();
  if (network === 'Facebook') {
    // Its own mark, not Instagram's (the tile's picture is decorative; the heading names the network).
    await expect.poll(() => tile.locator('svg[data-network="facebook"]').count()).toBe(1);
    await tile.getByRole('button', { name: text.choosePage }).click();
    await tile.getByRole('radio', { name: PAGE_NAME }).click();
    await page.getByText(text.willPublish).waitFor();
  }
}

async function published(server: RunningServer): Promise<PublishedOverview> {
  return (await (await fetch(`${server.url}/sandbox/published.json`)).json()) as PublishedOverview;
}

describe('one post to LinkedIn, Instagram (by Instagram Login) and a Facebook Page', () => {
  for (const language of ['es', 'en', 'cat'] as const) {
    test(`in ${language}: connect the three in Settings, publish at once, three results on the card and in the sandbox`, { timeout: 150_000 }, async () => {
      const { server, browser } = journey;
      const text = TEXTS[language];
      if (language !== 'es') await createCustomer(server, language);
      const page = await newPage(browser, { locale: text.locale });
      await signIn(page, server.url, USERS[language]);
      await page.waitForURL(`${server.url}/home`);

      for (const network of ['LinkedIn', 'Instagram', 'Facebook'] as const) await connect(page, server, language, network);
      await saveScreenshot(page, `three-networks-settings-${language}`);

      const title = `Casa de tres redes (${language})`;
      const projectId = await createProject(page, server, {
        title,
        description: 'Una casa de piedra seca entre olivos, abierta al valle.',
        keywords: 'piedra,olivos,valle',
        category: 'residencial',
        location: 'Bunyola',
        year: 2024,
        publications: 1,
        colours: ['#8a6f4d', '#4d6f8a'],
      });
      await launchProject(page, server, projectId);
      const listed = (await (await page.request.get(`${server.url}/api/posts?pageSize=60`)).json()) as PostPage;
      const post = listed.items.find((item) => item.project_id === projectId) as Post;
      const before = await published(server);

      await page.goto(`${server.url}/preview-projects`);
      const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
      await card.getByRole('button', { name: text.publish, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: text.dialog });
      for (const network of ['LinkedIn', 'Instagram', 'Facebook']) {
        const box = dialog.getByRole('checkbox', { name: network, exact: true });
        await expect.poll(() => box.isDisabled()).toBe(false);
        await box.check();
      }
      await saveScreenshot(page, `three-networks-dialog-${language}`);
      await dialog.getByRole('button', { name: text.confirm, exact: true }).click();

      await card.getByText(text.published, { exact: true }).waitFor({ timeout: 30_000 });
      for (const network of ['LinkedIn', 'Instagram', 'Facebook']) await card.getByText(`${network}: ${text.posted}`).waitFor();
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      expect(await seriousAxeFindings(page), 'axe-core on the published card').toEqual([]);
      await saveScreenshot(page, `three-networks-published-${language}`);

      // In the sandbox: one new post on each network, each the post's own, as its account or page.
      const after = await published(server);
      const fresh = <T>(list: T[], earlier: T[]) => list.slice(0, list.length - earlier.length);
      const linkedin = fresh(after.linkedin, before.linkedin);
      const instagram = fresh(after.instagram, before.instagram);
      const facebook = fresh(after.facebook, before.facebook);
      expect([linkedin.length, instagram.length, facebook.length]).toEqual([1, 1, 1]);
      expect(instagram[0]!.username).toBe(CREATOR);
      expect(instagram[0]!.caption).toBe(post.text);
      expect(facebook[0]!.pageName).toBe(PAGE_NAME);
      expect(facebook[0]!.message).toBe(post.linkedin_text ?? post.text);
      expect(facebook[0]!.images).toHaveLength(2);

      expectNoUnexpectedConsoleErrors(page);
      await page.context().close();
    });
  }
});
