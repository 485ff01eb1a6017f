import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { Post, PostPage } from '../../src/domain/post.ts';
import { seriousAxeFindings } from './support/axe.ts';
import { expectNoUnexpectedConsoleErrors, newPage, saveScreenshot } from './support/browser.ts';
import { useServerAndBrowser } from './support/journey.ts';
import { createProject, launchProject } from './support/projects.ts';
import { ADMIN, type RunningServer } from './support/server.ts';
import { signIn } from './support/sign-in.ts';
import { connectSandboxNetwork } from './support/social.ts';

const journey = useServerAndBrowser();

const CLARA = {
  first_name: 'Clara',
  last_name: 'Roca',
  email: 'clara@roca-link.test',
  phone: '600 111 222',
  password: 'cliente-1',
  role: 'customer',
  language: 'es',
  // Posts someone else schedules await her approval (issue 25 item 1).
  approval: 'studio',
} as const;

const HOUSE = {
  title: 'Casa entre pinos en Deià',
  description: 'Una casa de piedra entre pinos, abierta al mar.',
  keywords: 'piedra,pinos,mar',
  category: 'residencial',
  location: 'Deià',
  year: 2024,
  publications: 1,
  colours: ['#8a6f4d', '#4d6f8a'],
};

async function signedIn(credentials: { email: string; password: string }, locale: string): Promise<Page> {
  const { server, browser } = journey;
  const page = await newPage(browser, { locale });
  await signIn(page, server.url, credentials);
  await page.waitForURL(`${server.url}/home`);
  return page;
}

async function postsOf(page: Page, server: RunningServer, projectId: number): Promise<{ posts: Post[]; today: string }> {
  const listed = (await (await page.request.get(`${server.url}/api/posts?pageSize=60`)).json()) as PostPage;
  return { posts: listed.items.filter((post) => post.project_id === projectId), today: listed.today };
}

const daysAfter = (day: string, days: number) => new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  expect(await seriousAxeFindings(page), 'axe-core serious and critical findings').toEqual([]);
}

/**
 * Issue 25 item 4: an administrator schedules a customer's post, which awaits her approval; a review link
 * in Catalan is made for the project; someone without an account opens it on a 390 px phone, sees the post
 * as LinkedIn will show it, and approves it with their name. Opening the link decides nothing.
 */
describe('a review link on a phone', () => {
  let link = '';
  let postId = 0;
  let admin: Page;

  test('an administrator schedules a customer’s post: it awaits her approval, and a link is made for it', { timeout: 120_000 }, async () => {
    const { server } = journey;
    admin = await signedIn(ADMIN, 'es-ES');
    const created = await admin.request.post(`${server.url}/api/users`, { data: CLARA });
    expect(created.status(), await created.text()).toBe(201);
    const clara = (await created.json()) as { id: string };
    const page = await signedIn(CLARA, 'es-ES');
    await connectSandboxNetwork(page, server.url, 'LinkedIn');
    await page.context().close();

    const projectId = await createProject(admin, server, HOUSE);
    expect((await admin.request.post(`${server.url}/api/projects/${projectId}/assign`, { data: { userId: clara.id } })).status()).toBe(200);
    await launchProject(admin, server, projectId);
    const { posts, today } = await postsOf(admin, server, projectId);
    postId = posts[0]!.id;
    const scheduled = await admin.request.put(`${server.url}/api/posts/${postId}/schedule`, {
      data: { publish_on: daysAfter(today, 3), publish_time: '10:30', networks: { instagram: false, linkedin: true } },
    });
    expect(scheduled.status(), await scheduled.text()).toBe(200);
    expect(((await scheduled.json()) as Post).state).toBe('awaiting_approval');

    const made = await admin.request.post(`${server.url}/api/projects/${projectId}/review-links`, { data: { language: 'cat' } });
    expect(made.status(), await made.text()).toBe(201);
    link = ((await made.json()) as { url: string }).url;
    expect(new URL(link).pathname).toMatch(/^\/review\/[A-Za-z0-9_-]{43}$/);
  });

  test('opened on a 390 px phone, it shows the post as LinkedIn will, in the link’s language, and decides nothing', { timeout: 60_000 }, async () => {
    const { server, browser } = journey;
    expect(link, 'the link of the test before').not.toBe('');
    const page = await newPage(browser, { locale: 'es-ES' });
    await page.setViewportSize({ width: 390, height: 844 });
    const address = `${server.url}${new URL(link).pathname}`;
    const answer = await page.goto(address);
    expect(answer?.headers()['cache-control']).toBe('no-store');
    expect(answer?.headers()['referrer-policy']).toBe('no-referrer');

    await page.getByRole('heading', { level: 1, name: HOUSE.title }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ca');
    const post = page.getByRole('region', { name: 'Publicació 1' });
    await post.getByText("Pendent d'aprovació").waitFor();
    const linkedin = post.getByRole('article', { name: 'Vista prèvia de LinkedIn' });
    await linkedin.waitFor();
    expect(await post.getByRole('article', { name: "Vista prèvia d'Instagram" }).count()).toBe(0);
    expect(await linkedin.locator('img').count()).toBeGreaterThan(0);
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(widths.scroll, 'page width at 390 px').toBeLessThanOrEqual(widths.client);
    await saveScreenshot(page, 'review-link-cat-390');
    await expectNoSeriousAxeViolations(page);

    // Opening it (a mail scanner would too) changed nothing.
    expect(((await (await admin.request.get(`${server.url}/api/posts/${postId}`)).json()) as Post).state).toBe('awaiting_approval');
    expectNoUnexpectedConsoleErrors(page);
    await page.context().close();
  });

  test('the reviewer types their name and approves: the post is scheduled at its time, said in Catalan', { timeout: 60_000 }, async () => {
    const { server, browser } = journey;
    expect(link, 'the link of the first test').not.toBe('');
    const page = await newPage(browser, { locale: 'en-US' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}${new URL(link).pathname}`);
    const post = page.getByRole('region', { name: 'Publicació 1' });
    await post.getByRole('button', { name: 'Aprovar' }).click();
    // No name yet: asked for, nothing sent.
    await page.getByText('Escriu el teu nom abans de decidir.').waitFor();
    expect(((await (await admin.request.get(`${server.url}/api/posts/${postId}`)).json()) as Post).state).toBe('awaiting_approval');

    await page.getByRole('textbox', { name: /El teu nom/ }).fill('Pere Vidal');
    await post.getByRole('button', { name: 'Aprovar' }).click();
    await post.getByText(/Aprovada: es publicarà el .+ a les 10:30$/).waitFor();
    expect(await post.getByRole('button', { name: 'Aprovar' }).count()).toBe(0);
    await saveScreenshot(page, 'review-link-cat-390-approved');
    const approved = (await (await admin.request.get(`${server.url}/api/posts/${postId}`)).json()) as Post;
    expect(approved.state).toBe('scheduled');
    expect(approved.publish_time).toBe('10:30');
    // The name is remembered in this browser for the next visit.
    expect(await page.evaluate(() => localStorage.getItem('alzado.reviewerName'))).toBe('Pere Vidal');
    expectNoUnexpectedConsoleErrors(page);
    await page.context().close();
  });
});
