import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { PostPage } from '../../src/domain/post.ts';
import type { PostMetrics } from '../../src/domain/post-metrics-schemas.ts';
import { seriousAxeFindings } from './support/axe.ts';
import { expectNoUnexpectedConsoleErrors, newPage, saveScreenshot } from './support/browser.ts';
import { useServerAndBrowser } from './support/journey.ts';
import { createProject, launchProject } from './support/projects.ts';
import { ADMIN, type RunningServer } from './support/server.ts';
import { signIn } from './support/sign-in.ts';
import { sandboxControl } from './support/social.ts';
import { LANGUAGES, LOCALES, type Language, text } from './support/texts.ts';

/**
 * Issue 26's journey, in Spanish, English and Catalan, each with a customer speaking that language: she
 * connects LinkedIn and Instagram at the sandbox and publishes her post to both at once; the card says the
 * figures are not there yet; the sandbox's clock moves two hours, the app reads them (docs/decisions/045);
 * the card, the project and the Results page show them, the Results page's CSV has the post's line, and
 * the monthly report downloads as a PDF; Settings suggests times to post and adds one to her queue.
 */
const journey = useServerAndBrowser();

const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

const TITLES: Record<Language, string> = {
  es: 'Casa de los Tilos en Olot',
  en: 'Lime Tree House in Olot',
  cat: 'Casa dels Til·lers a Olot',
};

const asShown = (day: string) => day.split('-').reverse().join('-');
const escaped = (part: string) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A figure's text as a pattern: the number, however the language writes it ("1.1K", "1,1 mil"), is any text from a digit. */
function figurePattern(language: Language, network: 'instagram' | 'linkedin', metric: string): RegExp {
  return new RegExp(text(language, 'posts', `figures.metrics.${network}.${metric}`, { value: '\u0000' }).split('\u0000').map(escaped).join('\\d[^·]*'));
}

async function signedIn(server: RunningServer, credentials: { email: string; password: string }, language: Language): Promise<Page> {
  const page = await newPage(journey.browser, { locale: LOCALES[language] });
  await page.setViewportSize(WIDE);
  await signIn(page, server.url, credentials);
  await page.waitForURL(`${server.url}/home`);
  return page;
}

/** Settings → connect → the sandbox's consent → back, connected; Instagram also gets its business account. */
async function connectBoth(page: Page, server: RunningServer, language: Language): Promise<void> {
  const social = (key: string, values?: Record<string, string | number>) => text(language, 'social', key, values);
  await page.goto(`${server.url}/settings`);
  for (const [name, allow] of [
    ['LinkedIn', 'Allow'],
    ['Instagram', 'Continue as Marta'],
  ] as const) {
    const tile = page.getByRole('region', { name });
    // Instagram, with the sandbox serving both ways, asks which one (decision 054): Facebook Login's here.
    const connect = name === 'Instagram' ? social('instagramLogin.facebook') : social('tile.connect');
    await tile.getByRole('button', { name: connect, exact: true }).click();
    await page.getByRole('button', { name: allow }).click();
    await page.waitForURL(`${server.url}/settings`);
    await tile.getByText(social('tile.connected'), { exact: true }).waitFor();
  }
  const instagram = page.getByRole('region', { name: 'Instagram' });
  await instagram.getByRole('button', { name: social('pages.show.instagram') }).click();
  await instagram.getByRole('radio', { name: '@soler.arquitectos' }).click();
  await page.getByText(social('pages.targetSaved', { name: '@soler.arquitectos' })).waitFor();
}

describe('results from publishing to the Results page', () => {
  test.each(LANGUAGES)('in %s', { timeout: 300_000 }, async (language) => {
    const { server } = journey;
    const posts = (key: string, values?: Record<string, string | number>) => text(language, 'posts', key, values);
    const results = (key: string, values?: Record<string, string | number>) => text(language, 'results', key, values);
    const title = TITLES[language];

    // Set-up, as the studio's first administrator: a customer speaking this language, her project launched.
    const seed = await signedIn(server, ADMIN, 'es');
    const customer = { first_name: 'Marta', last_name: `Soler ${language}`, email: `marta@resultados-${language}.test`, password: `cliente-${language}-1` };
    const made = await seed.request.post(`${server.url}/api/users`, { data: { ...customer, phone: '600 000 000', role: 'customer', language } });
    expect(made.status(), await made.text()).toBe(201);
    const customerId = ((await made.json()) as { id: string }).id;
    const projectId = await createProject(seed, server, {
      title,
      description: 'Una casa de piedra junto a tres tilos.',
      keywords: 'piedra',
      category: 'residencial',
      location: 'Olot',
      year: 2025,
      publications: 1,
      colours: ['#6b8e23', '#a0522d'],
    });
    expect((await seed.request.post(`${server.url}/api/projects/${projectId}/assign`, { data: { userId: customerId } })).status()).toBe(200);
    await launchProject(seed, server, projectId);
    await seed.context().close();

    // 1. She connects both networks and publishes her post to both, today: it goes out at once.
    const page = await signedIn(server, customer, language);
    await connectBoth(page, server, language);
    const listed = (await (await page.request.get(`${server.url}/api/posts?pageSize=60`)).json()) as PostPage;
    const postId = listed.items.find((item) => item.project_id === projectId)!.id;
    await page.goto(`${server.url}/preview-projects`);
    const card = page.getByRole('article', { name: `${title} ${posts('card.number', { number: 1 })}` });
    await card.getByRole('button', { name: posts('actions.publish'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: posts('publish.title') });
    const dateField = dialog.getByLabel(posts('publish.date'));
    await dateField.fill(asShown(listed.today));
    await dateField.press('Tab');
    for (const network of ['LinkedIn', 'Instagram']) {
      const box = dialog.getByRole('checkbox', { name: network });
      await expect.poll(() => box.isDisabled(), { timeout: 10_000 }).toBe(false);
      await box.check();
    }
    await dialog.getByText(posts('publish.publishesNow')).waitFor();
    await dialog.getByRole('button', { name: text(language, 'common', 'actions.confirm') }).click();
    await card.getByText(posts('states.published'), { exact: true }).waitFor({ timeout: 30_000 });

    // 2. Just published: the networks have no figures yet, and the card says so rather than showing zeros.
    const figures = card.getByRole('group', { name: posts('figures.label') });
    await figures.getByText(posts('figures.reasons.notYet.instagram', { network: 'Instagram' })).waitFor();
    await figures.getByText(posts('figures.reasons.notYet.linkedin', { network: 'LinkedIn' })).waitFor();

    // 3. A day later by the sandbox's clock (past Meta's lag), the app reads them (the clock's move queues the reading).
    await sandboxControl(server, 'advance-time', { seconds: 26 * 3600 });
    await expect
      .poll(
        async () => {
          const metrics = (await (await page.request.get(`${server.url}/api/posts/${postId}/metrics`)).json()) as PostMetrics;
          return metrics.networks
            .filter((entry) => entry.figures !== null)
            .map((entry) => entry.network)
            .sort();
        },
        { timeout: 60_000, interval: 500 },
      )
      .toEqual(['instagram', 'linkedin']);

    // 4. The card shows each network's latest figures with when they were read.
    await page.reload();
    await figures
      .locator('[data-network="instagram"]')
      .getByText(figurePattern(language, 'instagram', 'reach'))
      .waitFor();
    await figures
      .locator('[data-network="linkedin"]')
      .getByText(figurePattern(language, 'linkedin', 'impressions'))
      .waitFor();
    await saveScreenshot(page, `results-journey-${language}-card`);

    // 5. The project sums its posts' figures, a line per network.
    await page.goto(`${server.url}/projects`);
    const sums = page.getByTestId('project-figures');
    await expect.poll(() => sums.evaluateAll((lines) => lines.map((line) => line.getAttribute('data-network')).sort())).toEqual(['instagram', 'linkedin']);

    // 6. The Results page: the totals, the post among the top posts; wide and on a phone, with no serious axe finding.
    await page.goto(`${server.url}/results`);
    await page.getByRole('heading', { name: results('title'), level: 1 }).waitFor();
    const top = page.getByRole('region', { name: results('top.postsTitle') });
    await top.getByText(title).first().waitFor();
    expect(await seriousAxeFindings(page)).toEqual([]);
    await saveScreenshot(page, `results-journey-${language}-1440`);
    await page.setViewportSize(PHONE);
    await top.getByText(title).first().waitFor();
    await saveScreenshot(page, `results-journey-${language}-390`);
    await page.setViewportSize(WIDE);

    // 7. The CSV: a line per network for her post, with its figures.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: results('download') }).click()]);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toMatch(/^\uFEFF?post_id,project_id,project_title,network,published_at,read_at,text,/);
    const ours = lines.slice(1).filter((line) => line.startsWith(`${postId},`));
    expect(ours.map((line) => line.split(',')[3]).sort()).toEqual(['instagram', 'linkedin']);
    expect(ours.every((line) => line.includes(title))).toBe(true);

    // 8. The monthly report: the Results page downloads the month chosen (last month, a PDF saying there is
    // nothing then); the month of her post, asked for as the page would, has it.
    const report = page.getByRole('region', { name: results('report.title') });
    const [pdf] = await Promise.all([page.waitForEvent('download'), report.getByRole('link', { name: results('report.download') }).click()]);
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
    expect(
      fs
        .readFileSync((await pdf.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const { networks } = (await (await page.request.get(`${server.url}/api/posts/${postId}/metrics`)).json()) as PostMetrics;
    const monthly = await page.request.get(`${server.url}/api/results/report.pdf?month=${networks[0]!.published_at.slice(0, 7)}`);
    expect(monthly.status()).toBe(200);
    expect(monthly.headers()['content-type']).toBe('application/pdf');
    const bytes = await monthly.body();
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    fs.mkdirSync('test-results/e2e', { recursive: true });
    fs.writeFileSync(`test-results/e2e/results-journey-${language}-report.pdf`, bytes);

    // 9. Settings suggests when to post: with one post, each network's general advice; Add puts a slot in her queue.
    const social = (key: string, values?: Record<string, string | number>) => text(language, 'social', key, values);
    await page.goto(`${server.url}/settings`);
    const suggestions = page.getByRole('region', { name: social('queue.suggestions.title') });
    await suggestions
      .getByText(social('queue.suggestions.general', { network: 'LinkedIn' }))
      .first()
      .waitFor();
    await suggestions
      .getByText(social('queue.suggestions.general', { network: 'Instagram' }))
      .first()
      .waitFor();
    await suggestions
      .getByRole('button')
      .filter({ hasText: social('queue.suggestions.add') })
      .first()
      .click();
    await suggestions.getByText(social('queue.suggestions.added'), { exact: true }).waitFor();
    await saveScreenshot(page, `results-journey-${language}-best-times`);
    const queue = (await (await page.request.get(`${server.url}/api/queue-slots`)).json()) as { slots: unknown[] };
    expect(queue.slots).toHaveLength(1);

    expectNoUnexpectedConsoleErrors(page);
    await page.context().close();
  });
});
