import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { Post, PostPage } from '../../src/domain/post.ts';
import { expectNoUnexpectedConsoleErrors, newPage, saveScreenshot } from './support/browser.ts';
import { runSql } from './support/database.ts';
import { useServerAndBrowser } from './support/journey.ts';
import { createProject, launchProject } from './support/projects.ts';
import { ADMIN, type RunningServer } from './support/server.ts';
import { signIn } from './support/sign-in.ts';
import { chooseInstagramAccount, connectSandboxNetwork, pendingSandboxFaults, sandboxControl } from './support/social.ts';

/**
 * Issue 7 as a studio lives it in Chromium: a launched project's post published today to LinkedIn and
 * Instagram (the sandbox's), the card turning "Publicado" live, each badge opening the post on its
 * network; then a post LinkedIn refuses because the member revoked the app meanwhile: the card's error,
 * its reason, and the e-mail.
 */
const journey = useServerAndBrowser();

const HOUSE = {
  title: 'Casa entre bancales en Bunyola',
  description: 'Una casa de piedra seca entre olivos, abierta al valle.',
  keywords: 'piedra,olivos,valle',
  category: 'residencial',
  location: 'Bunyola',
  year: 2024,
  publications: 2,
  colours: ['#8a6f4d', '#4d6f8a', '#6f8a4d'],
};

const cardOf = (page: Page, number: number) => page.getByRole('article').filter({ hasText: `Publicación ${number}` });
const asShown = (day: string) => day.split('-').reverse().join('-');

/** The project's posts as the API gives them, and the studio's today. */
async function postsOf(page: Page, server: RunningServer, projectId: number): Promise<{ posts: Post[]; today: string }> {
  const listed = (await (await page.request.get(`${server.url}/api/posts?pageSize=60`)).json()) as PostPage;
  return { posts: listed.items.filter((post) => post.project_id === projectId).sort((a, b) => a.sequence - b.sequence), today: listed.today };
}

/** A line of the post's text that both networks show as written (before any hashtag). */
const visibleLine = (text: string) => text.split('\n').find((line) => line.trim() !== '')!.split('#')[0]!.trim().slice(0, 40);

/** Opens the badge's link in its new tab; the tab, once its page has loaded. */
async function openBadgeLink(page: Page, card: ReturnType<typeof cardOf>, label: string): Promise<Page> {
  const [tab] = await Promise.all([page.context().waitForEvent('page'), card.getByRole('link', { name: label }).click()]);
  await tab.waitForLoadState('load');
  return tab;
}

/** Every picture of the page loaded (the sandbox's own copies). */
async function picturesLoaded(tab: Page): Promise<number> {
  const sizes = await tab.locator('article img').evaluateAll((images) => images.map((image) => (image as HTMLImageElement).naturalWidth));
  expect(sizes.every((width) => width > 0), 'every picture loaded').toBe(true);
  return sizes.length;
}

async function openPublishDialog(page: Page, number: number, today: string) {
  await cardOf(page, number).getByRole('button', { name: 'Publicar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Configurar publicación' });
  // Today is the default day, and the dialog says what that means.
  expect(await dialog.getByLabel('Fecha de publicación').inputValue()).toBe(asShown(today));
  await dialog.getByText('Si eliges hoy, se publicará inmediatamente al confirmar.').waitFor();
  return dialog;
}

/** Revokes each network's tokens at the sandbox as soon as its held call (a slow fault) has arrived. */
async function revokeOnceCalled(server: RunningServer, networks: Array<'linkedin' | 'meta'>): Promise<void> {
  const waiting = new Set(networks);
  const deadline = Date.now() + 15_000;
  while (waiting.size > 0) {
    if (Date.now() > deadline) throw new Error(`no publishing call reached ${[...waiting].join(', ')}`);
    const pending = (await pendingSandboxFaults(server)) as Array<{ network: string }>;
    for (const network of [...waiting]) {
      if (pending.some((fault) => fault.network === network)) continue;
      await sandboxControl(server, 'revoke-tokens', { network });
      waiting.delete(network);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('publishing today to the sandbox', () => {
  test('publish at once to LinkedIn and Instagram, watch the card turn published, open both posts; revoked on both networks, the next fails with the reason and an e-mail', async () => {
    const { server, browser } = journey;
    const page = await newPage(browser);
    await signIn(page, server.url, ADMIN);
    await page.waitForURL(`${server.url}/home`);
    const projectId = await createProject(page, server, HOUSE);
    await launchProject(page, server, projectId);

    await connectSandboxNetwork(page, server.url, 'LinkedIn');
    await connectSandboxNetwork(page, server.url, 'Instagram');
    await chooseInstagramAccount(page, 'soler.arquitectos');

    const { posts, today } = await postsOf(page, server, projectId);
    expect(posts.map((post) => post.state)).toEqual(['preview', 'preview']);
    await page.goto(`${server.url}/preview-projects`);
    await cardOf(page, 1).waitFor();
    // Set in this document: still there at the end means the page was never reloaded.
    await page.evaluate(() => Reflect.set(window, 'sameDocument', true));

    // Post 1, today, both networks: it goes out at once.
    const dialog = await openPublishDialog(page, 1, today);
    for (const network of ['LinkedIn', 'Instagram']) {
      const box = dialog.getByRole('checkbox', { name: network });
      await expect.poll(() => box.isDisabled()).toBe(false);
      await box.check();
    }
    await dialog.getByText('La fecha es hoy: se publicará en cuanto confirmes.').waitFor();
    await dialog.getByText(/Se publicará en: .*\(LinkedIn\).*soler\.arquitectos \(Instagram\)|Se publicará en: .*soler\.arquitectos \(Instagram\).*\(LinkedIn\)/).waitFor();
    await saveScreenshot(page, 'publishing-dialog-today');
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('La publicación se está publicando ahora').waitFor();

    // The card follows the engine through /api/events, without a reload.
    const first = cardOf(page, 1);
    await first.getByText('Publicado', { exact: true }).waitFor({ timeout: 20_000 });
    await first.getByText('LinkedIn: publicado').waitFor();
    await first.getByText('Instagram: publicado').waitFor();
    expect(await page.evaluate(() => Reflect.get(window, 'sameDocument'))).toBe(true);
    await saveScreenshot(page, 'publishing-published-live');

    // Each badge opens the post on its network: the sandbox's pages, with the post's text and pictures.
    const line = visibleLine(posts[0]!.text);
    const linkedin = await openBadgeLink(page, first, 'LinkedIn: publicado');
    expect(new URL(linkedin.url()).pathname).toMatch(/^\/sandbox\/linkedin\/web\/feed\/update\/urn:li:share:\d+$/);
    await linkedin.locator('article').getByText(line).waitFor();
    await linkedin.getByText('Marta Soler Ibáñez', { exact: true }).waitFor();
    expect(await picturesLoaded(linkedin)).toBeGreaterThan(1);
    await saveScreenshot(linkedin, 'publishing-linkedin-post');
    await linkedin.close();

    const instagram = await openBadgeLink(page, first, 'Instagram: publicado');
    expect(new URL(instagram.url()).pathname).toMatch(/^\/sandbox\/meta\/p\/[A-Za-z0-9_-]+\/$/);
    await instagram.locator('article').getByText(line).waitFor();
    await instagram.locator('article header').getByText('soler.arquitectos', { exact: true }).waitFor();
    expect(await picturesLoaded(instagram)).toBeGreaterThan(1);
    await saveScreenshot(instagram, 'publishing-instagram-post');
    await instagram.close();

    // Post 2, today, both networks; while each network's first publishing call is on the way, the
    // member removes Alzado there (the sandbox holds that call until the revocation is in). Every
    // chosen network failing is "error en publicación" (SPEC §4; a network not chosen counts as done).
    const second = await openPublishDialog(page, 2, today);
    for (const network of ['LinkedIn', 'Instagram']) {
      const box = second.getByRole('checkbox', { name: network });
      await expect.poll(() => box.isDisabled()).toBe(false);
      await box.check();
    }
    await second.getByText('La fecha es hoy: se publicará en cuanto confirmes.').waitFor();
    await sandboxControl(server, 'faults', { network: 'linkedin', kind: 'slow', path: '/rest/', delayMs: 2_000 });
    await sandboxControl(server, 'faults', { network: 'meta', kind: 'slow', path: '/media', delayMs: 2_000 });
    await second.getByRole('button', { name: 'Confirmar' }).click();
    await revokeOnceCalled(server, ['meta', 'linkedin']);

    const failed = cardOf(page, 2);
    await failed.getByText('error en publicación', { exact: true }).waitFor({ timeout: 20_000 });
    await failed.getByText('Instagram: fallido').waitFor();
    const badge = failed.getByText('LinkedIn: fallido');
    await badge.hover();
    // The reason in the interface language, with what to do; LinkedIn's own words stay in the database.
    const reason = page.getByRole('tooltip');
    await reason.getByText('LinkedIn ya no acepta la conexión con tu cuenta: vuelve a conectarla en Ajustes y usa «Publicar de nuevo».').waitFor();
    expect(await reason.textContent()).not.toContain('revoked');
    expect(await page.evaluate(() => Reflect.get(window, 'sameDocument'))).toBe(true);
    await saveScreenshot(page, 'publishing-failed');

    const [stored] = await runSql<{ status: string; error: string; error_code: string }>(
      server,
      "select r.status, r.error, r.error_code from post_results r where r.post_id = $1 and r.network = 'linkedin'",
      [posts[1]!.id],
    );
    expect(stored).toMatchObject({ status: 'failed', error_code: 'connectionRefused', error: expect.stringContaining('revoked by the user') });
    // The owner is told by e-mail, naming LinkedIn.
    await expect.poll(async () => (await server.outbox()).filter((mail) => mail.to === ADMIN.email && /LinkedIn/.test(mail.subject)).length, { timeout: 10_000 }).toBeGreaterThan(0);
    const mail = (await server.outbox()).find((message) => message.to === ADMIN.email && /LinkedIn/.test(message.subject))!;
    expect(mail.text).toContain('Motivo: LinkedIn ya no acepta la conexión con tu cuenta: vuelve a conectarla en Ajustes y usa «Publicar de nuevo».');

    // The sandbox's own list has the published post, linked to its page.
    const list = await page.context().newPage();
    await list.goto(`${server.url}/sandbox`);
    await list.getByRole('link', { name: 'Open post' }).first().waitFor();
    expect(await list.getByRole('link', { name: 'Open post' }).count()).toBe(2);
    await saveScreenshot(list, 'publishing-sandbox-published');
    await list.close();

    expectNoUnexpectedConsoleErrors(page);
    await page.context().close();
  });
});
