import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { seriousAxeFindings } from './support/axe.ts';
import { expectNoUnexpectedConsoleErrors, newPage, saveScreenshot } from './support/browser.ts';
import { runSql } from './support/database.ts';
import { useServerAndBrowser } from './support/journey.ts';
import { ADMIN, type RunningServer } from './support/server.ts';
import { LANGUAGES, LOCALES, type Language, text } from './support/texts.ts';

/**
 * Issue 15, "Small screens" (docs/decisions/023): the projects, users and My GPTs lists on a 390 px
 * phone, in Spanish, English and Catalan. Each list is a card per row: nothing is wider than the screen
 * (no horizontal scrolling of the page, nor inside a card), every row's actions are on the screen and
 * work, and so do the filter, the sort, the pagination and the dialogs and forms they open; axe-core
 * finds no serious or critical WCAG 2.1 A/AA violation on the list, its open menu and its dialogs.
 * On a desktop the same lists are tables with sortable headers.
 */
const journey = useServerAndBrowser();

const PHONE = { width: 390, height: 844 };

/** One administrator per language: the app speaks the signed-in user's saved language. */
const ADMINS: Record<Language, { email: string; password: string }> = {
  es: ADMIN,
  en: { email: 'ada@lists-e2e.test', password: 'admin-en-1' },
  cat: { email: 'joan@lists-e2e.test', password: 'admin-cat-1' },
};

const LONG_TITLE = 'Rehabilitación integral de una masía del siglo XVIII en el Alt Empordà con su paisaje de terrazas';
/** Ten houses, then the long title: the newest, so the first card of the list. */
const PROJECT_TITLES = [...Array.from({ length: 10 }, (_, index) => `Vivienda ${String(index + 1).padStart(2, '0')} en Girona`), LONG_TITLE];
const PROMPT_TITLES = Array.from({ length: 6 }, (_, index) => `Tono ${index + 1}: cercano y preciso`);

async function setUpStudio(server: RunningServer): Promise<void> {
  const page = await newPage(journey.browser);
  await signInByApi(page, server, ADMIN);
  const post = async (url: string, data: unknown) => {
    const response = await page.request.post(`${server.url}${url}`, { data });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as { id: number | string };
  };
  for (const [language, admin] of Object.entries(ADMINS)) {
    if (admin !== ADMIN)
      await post('/api/users', {
        first_name: 'Admin',
        last_name: language.toUpperCase(),
        email: admin.email,
        phone: '600 000 000',
        password: admin.password,
        role: 'admin',
        language,
      });
  }
  const customer = await post('/api/users', {
    first_name: 'Maria Dolors',
    last_name: 'Vilanova i Puigdemunt',
    email: 'maria.dolors.vilanova.puigdemunt@estudi-arquitectura-lists-e2e.test',
    phone: '600 111 222',
    password: 'cliente-1',
    role: 'customer',
    language: 'cat',
  });
  for (const name of ['Lucía', 'Marc', 'Pau']) {
    await post('/api/users', {
      first_name: name,
      last_name: 'Soler',
      email: `${name.toLowerCase().replace('í', 'i')}@lists-e2e.test`,
      phone: '600 333 444',
      password: 'cliente-2',
      role: 'customer',
      language: 'es',
    });
  }
  const projects: number[] = [];
  for (const title of PROJECT_TITLES) {
    const withMap = title === LONG_TITLE ? { maps_url: 'https://maps.example.com/?q=emporda', show_map: false } : {};
    projects.push(Number((await post('/api/projects', { title, description: 'Una casa de piedra entre olivos.', ...withMap })).id));
  }
  expect((await page.request.post(`${server.url}/api/projects/${projects.at(-1)}/assign`, { data: { userId: customer.id } })).status()).toBe(200);
  // Out of draft (launching needs the generation): the filter then offers two states.
  await runSql(server, 'update projects set state = $1 where id = $2', ['preview', projects[4]]);
  for (const title of PROMPT_TITLES)
    await post('/api/prompts', { title, description: 'Escribe en primera persona del plural, con frases cortas y sin adjetivos vacíos. '.repeat(4) });
  await page.context().close();
}

async function signInByApi(page: Page, server: RunningServer, credentials: { email: string; password: string }): Promise<void> {
  const response = await page.request.post(`${server.url}/api/auth/sign-in/email`, { data: credentials });
  expect(response.status(), await response.text()).toBe(200);
}

async function phonePage(server: RunningServer, language: Language): Promise<Page> {
  const page = await newPage(journey.browser, { locale: LOCALES[language] });
  await page.setViewportSize(PHONE);
  await signInByApi(page, server, ADMINS[language]);
  return page;
}

/** Nothing is wider than the screen: the page does not scroll sideways, nor does any card. */
async function expectNoHorizontalOverflow(page: Page, where: string): Promise<void> {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    screen: window.innerWidth,
    // Any element of the list that scrolls sideways inside itself.
    scrolling: [...document.querySelectorAll('main *, [role="dialog"] *')]
      .filter((element) => element.scrollWidth > element.clientWidth + 1 && ['auto', 'scroll'].includes(getComputedStyle(element).overflowX))
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`),
  }));
  expect(widths.page, `page width on ${where}`).toBeLessThanOrEqual(widths.screen);
  expect(widths.scrolling, `elements scrolling sideways on ${where}`).toEqual([]);
}

type Box = NonNullable<Awaited<ReturnType<Locator['boundingBox']>>>;

/** The element's box, polled: a list that re-renders (new rows arriving) can replace it while it is measured. */
async function boxOf(locator: Locator, what: string): Promise<Box> {
  const measured: { box: Box | null } = { box: null };
  await expect.poll(async () => (measured.box = await locator.boundingBox()) !== null, { message: `${what} measured` }).toBe(true);
  return measured.box!;
}

/** On the screen and usable: visible, enabled, and entirely within the screen's width. */
async function expectOnScreen(locator: Locator, what: string): Promise<void> {
  await locator.scrollIntoViewIfNeeded();
  expect(await locator.isVisible(), `${what} visible`).toBe(true);
  expect(await locator.isEnabled(), `${what} enabled`).toBe(true);
  const box = await boxOf(locator, what);
  expect(box.x, `${what}'s left edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what}'s right edge`).toBeLessThanOrEqual(PHONE.width);
}

/** axe-core's serious and critical findings (WCAG 2.0/2.1 A and AA) within `selector`. */
async function expectNoSeriousAxeViolations(page: Page, selector: string, where: string): Promise<void> {
  expect(await seriousAxeFindings(page, selector), `axe on ${where}`).toEqual([]);
}

/** A dialog fits the phone, passes axe, and closes with its Cancel button. */
async function checkDialogAndCancel(page: Page, language: Language, name: string, where: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor();
  // Its opening transition over: axe would measure the contrast of half-faded text.
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.mantine-Modal-content, .mantine-Modal-overlay')].every((element) => getComputedStyle(element).opacity === '1'),
  );
  await expectNoHorizontalOverflow(page, where);
  await expectOnScreen(dialog.getByRole('button', { name: text(language, 'common', 'actions.cancel') }), `${where}: Cancel`);
  await expectNoSeriousAxeViolations(page, '[role="dialog"]', where);
  await saveScreenshot(page, `lists-390-${language}-${where.replace(/\W+/g, '-')}`);
  await dialog.getByRole('button', { name: text(language, 'common', 'actions.cancel') }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** The list's sort on a phone: the column and the order, as native selects; the header row is hidden. */
async function sortBy(page: Page, language: Language, namespace: string, column: string, order: 'ascending' | 'descending'): Promise<void> {
  await page.getByRole('combobox', { name: text(language, 'common', 'sort.by'), exact: true }).selectOption({ label: column });
  await page
    .getByRole('combobox', { name: text(language, 'common', 'sort.order'), exact: true })
    .selectOption({ label: text(language, 'common', `sort.${order}`) });
}

/** The first line of each card's title cell (the projects' is their third column, the others' their first). */
const cardTitles = async (page: Page, column = 1) =>
  (await page.locator(`main tbody tr td:nth-child(${column})`).allInnerTexts()).map((cell) => cell.split('\n')[0]!.trim());

async function nextPage(page: Page, language: Language): Promise<void> {
  const next = page.getByRole('button', { name: text(language, 'common', 'pagination.next') });
  await expectOnScreen(next, 'next page');
  await next.click();
  await page.getByText(text(language, 'common', 'pagination.pageOf', { page: 2, pages: 2 })).waitFor();
}

describe('the lists on a 390 px phone', () => {
  let studio: Promise<void> | undefined;
  const studioReady = () => (studio ??= setUpStudio(journey.server));

  test.each(LANGUAGES)('projects in %s: cards, the filter, the sort, the pages, every action of a card and its dialogs', async (language) => {
    await studioReady();
    const { server } = journey;
    const page = await phonePage(server, language);
    const t = (key: string, values?: Record<string, string | number>) => text(language, 'projects', key, values);
    await page.goto(`${server.url}/projects`);
    const longCard = page.getByRole('row').filter({ hasText: LONG_TITLE });
    await longCard.waitFor();
    await expectNoHorizontalOverflow(page, 'projects');
    await expectNoSeriousAxeViolations(page, 'main', 'projects');
    await saveScreenshot(page, `lists-390-${language}-projects`);
    // On a phone the header row is not shown: the sort is the two selects.
    expect(await page.getByRole('columnheader').first().isVisible()).toBe(false);

    // Every card of the page has its menu on the screen.
    const rows = page.locator('main tbody tr');
    expect(await rows.count()).toBe(10);
    for (const title of await cardTitles(page, 3)) {
      await expectOnScreen(page.getByRole('button', { name: t('menu.open', { title }) }), `the menu of ${title}`);
    }

    // The long title's card: its menu opens on the screen with every action, and each one works.
    const menuButton = longCard.getByRole('button', { name: t('menu.open', { title: LONG_TITLE }) });
    await menuButton.click();
    const menu = page.getByRole('menu', { name: t('menu.open', { title: LONG_TITLE }) });
    const actions = ['launch', 'edit', 'assign', 'reviewLinks', 'delete'].map((action) => t(`menu.${action}`));
    expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual(actions);
    for (const action of actions) await expectOnScreen(menu.getByRole('menuitem', { name: action }), `menu item ${action}`);
    await expectNoHorizontalOverflow(page, 'projects with a menu open');
    await expectNoSeriousAxeViolations(page, 'main', 'projects with a menu open');
    await saveScreenshot(page, `lists-390-${language}-projects-menu`);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });

    // The last card's menu, at the bottom of the screen, opens upward: every item is on the screen as it is.
    const lastTitle = (await cardTitles(page, 3)).at(-1)!;
    await page.getByRole('button', { name: t('menu.open', { title: lastTitle }) }).click();
    const lastMenu = page.getByRole('menu', { name: t('menu.open', { title: lastTitle }) });
    for (const item of await lastMenu.getByRole('menuitem').all()) {
      const box = await boxOf(item, 'a menu item');
      expect(box.y, 'a menu item below the top of the screen').toBeGreaterThanOrEqual(0);
      expect(box.y + box.height, 'a menu item above the bottom of the screen').toBeLessThanOrEqual(PHONE.height);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    await page.keyboard.press('Escape');
    await lastMenu.waitFor({ state: 'hidden' });

    for (const [action, dialog] of [
      ['launch', 'launch.title'],
      ['assign', 'assign.title'],
      ['delete', 'delete.title'],
    ] as const) {
      await menuButton.click();
      await menu.getByRole('menuitem', { name: t(`menu.${action}`) }).click();
      await checkDialogAndCancel(page, language, t(dialog), `projects ${action} dialog`);
    }
    await menuButton.click();
    await menu.getByRole('menuitem', { name: t('menu.edit') }).click();
    await page.getByRole('heading', { name: t('form.editTitle') }).waitFor();
    await page.locator('input[name="title"]').waitFor();
    await expectNoHorizontalOverflow(page, 'the project form');
    await saveScreenshot(page, `lists-390-${language}-project-form`);
    await page.goBack();
    await longCard.waitFor();

    // The filter: the states present; one chosen leaves its projects, and "clean" brings back all.
    const filter = page.getByRole('combobox', { name: t('filter.label') });
    await expectOnScreen(filter, 'the state filter');
    await filter.selectOption({ label: t('states.preview') });
    await page.getByText(text(language, 'common', 'pagination.showing', { from: 1, to: 1, total: 1 })).waitFor();
    await expect.poll(() => rows.count()).toBe(1);
    await expectNoHorizontalOverflow(page, 'projects filtered');
    const clean = page.getByRole('button', { name: t('filter.clean') });
    await expectOnScreen(clean, 'clean filters');
    await clean.click();
    await page.getByText(text(language, 'common', 'pagination.showing', { from: 1, to: 10, total: 11 })).waitFor();

    // The sort: by title, A to Z; then Z to A.
    await sortBy(page, language, 'projects', t('columns.title'), 'ascending');
    await expect.poll(async () => (await cardTitles(page, 3))[0]).toBe(LONG_TITLE);
    expect(new URL(page.url()).searchParams.get('sort')).toBe('title');
    await sortBy(page, language, 'projects', t('columns.title'), 'descending');
    await expect.poll(async () => (await cardTitles(page, 3))[0]).toBe(PROJECT_TITLES[9]);

    // The second page.
    await nextPage(page, language);
    await expect.poll(() => rows.count()).toBe(1);
    await expectNoHorizontalOverflow(page, 'projects, page 2');

    expectNoUnexpectedConsoleErrors(page);
    await page.context().close();
  });

  test.each(LANGUAGES)('users in %s: cards, the sort, the pages, and the create and edit forms', async (language) => {
    await studioReady();
    const { server } = journey;
    const page = await phonePage(server, language);
    const t = (key: string) => text(language, 'users', key);
    await page.goto(`${server.url}/users`);
    const rows = page.locator('main tbody tr');
    await rows.first().waitFor();
    await expectNoHorizontalOverflow(page, 'users');
    await expectNoSeriousAxeViolations(page, 'main', 'users');
    await saveScreenshot(page, `lists-390-${language}-users`);

    // Sorted by e-mail: the customer with the longest address is a card like the others.
    // Each choice is a new address and a new page of users: the cards are looked at once the sorted page shows.
    await sortBy(page, language, 'users', t('columns.email'), 'descending');
    // Polled: the address changes in place (history), which waitForURL may miss when it has already happened.
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('email');
    const sorted = (await (await page.request.get(`${server.url}/api/users?page=1&pageSize=5&sort=email&order=desc`)).json()) as { items: { email: string }[] };
    await rows.first().filter({ hasText: sorted.items[0]!.email }).waitFor();
    const longest = page.getByRole('row').filter({ hasText: 'maria.dolors.vilanova.puigdemunt@' });
    await longest.waitFor();
    await expectNoHorizontalOverflow(page, 'users sorted by e-mail');
    for (let index = 0; index < (await rows.count()); index += 1) {
      // Retried: the page re-renders once more when the sorted address commits, and a card can be replaced mid-check.
      const edit = rows.nth(index).getByRole('button', { name: new RegExp(`^${t('edit')} `) });
      await expect
        .poll(() =>
          expectOnScreen(edit, `the edit button of card ${index + 1}`).then(
            () => 'on screen',
            (error: Error) => error.message,
          ),
        )
        .toBe('on screen');
    }

    await page.getByRole('button', { name: t('create') }).click();
    await checkDialogAndCancel(page, language, t('form.createTitle'), 'users create form');
    await longest.getByRole('button', { name: new RegExp(`^${t('edit')} `) }).click();
    await checkDialogAndCancel(page, language, t('form.editTitle'), 'users edit form');

    // Seven users, five a page.
    await nextPage(page, language);
    await expect.poll(() => rows.count()).toBe(2);
    await expectNoHorizontalOverflow(page, 'users, page 2');
    expectNoUnexpectedConsoleErrors(page);
    await page.context().close();
  });

  test.each(LANGUAGES)('My GPTs in %s: cards, the sort, the pages, and the add, edit and delete dialogs', async (language) => {
    await studioReady();
    const { server } = journey;
    const page = await phonePage(server, language);
    const t = (key: string, values?: Record<string, string>) => text(language, 'prompts', key, values);
    await page.goto(`${server.url}/my-gpts`);
    const rows = page.locator('main tbody tr');
    await rows.first().waitFor();
    await expectNoHorizontalOverflow(page, 'My GPTs');
    await expectNoSeriousAxeViolations(page, 'main', 'My GPTs');
    await saveScreenshot(page, `lists-390-${language}-prompts`);

    await sortBy(page, language, 'prompts', t('columns.title'), 'ascending');
    await expect.poll(async () => (await cardTitles(page))[0]).toBe(PROMPT_TITLES[0]);
    for (const title of PROMPT_TITLES.slice(0, 5)) {
      await expectOnScreen(page.getByRole('button', { name: t('editLabel', { title }) }), `edit ${title}`);
      await expectOnScreen(page.getByRole('button', { name: t('deleteLabel', { title }) }), `delete ${title}`);
    }

    await page.getByRole('button', { name: t('create') }).click();
    await checkDialogAndCancel(page, language, t('form.createTitle'), 'prompts add form');
    await page.getByRole('button', { name: t('editLabel', { title: PROMPT_TITLES[0]! }) }).click();
    await checkDialogAndCancel(page, language, t('form.editTitle'), 'prompts edit form');
    await page.getByRole('button', { name: t('deleteLabel', { title: PROMPT_TITLES[0]! }) }).click();
    await checkDialogAndCancel(page, language, t('deleteDialog.title'), 'prompts delete dialog');

    await nextPage(page, language);
    await expect.poll(async () => (await cardTitles(page))[0]).toBe(PROMPT_TITLES[5]);
    await expectNoHorizontalOverflow(page, 'My GPTs, page 2');
    expectNoUnexpectedConsoleErrors(page);
    await page.context().close();
  });

  test('on a desktop the same lists are tables, sorted by their headers', async () => {
    await studioReady();
    const { server } = journey;
    const page = await newPage(journey.browser);
    await signInByApi(page, server, ADMIN);
    for (const [address, namespace, column] of [
      ['/projects', 'projects', 'columns.title'],
      ['/users', 'users', 'columns.email'],
      ['/my-gpts', 'prompts', 'columns.title'],
    ] as const) {
      await page.goto(`${server.url}${address}`);
      await page.locator('main tbody tr').first().waitFor();
      const header = page.getByRole('columnheader', { name: text('es', namespace, column) });
      expect(await header.isVisible()).toBe(true);
      expect(await page.getByRole('combobox', { name: text('es', 'common', 'sort.by'), exact: true }).isVisible()).toBe(false);
      await header.getByRole('button').click();
      await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');
      // A row is one line of cells side by side, not a card. Polled: the sorted rows replace the previous
      // ones when they arrive, and a cell measured while it is being replaced has no box.
      const cells = page.locator('main tbody tr').first().locator('td');
      await expect
        .poll(async () => {
          const [first, second] = [await cells.nth(0).boundingBox(), await cells.nth(1).boundingBox()];
          if (!first || !second) return 'not measured';
          return second.x > first.x && Math.abs(second.y - first.y) < first.height ? 'one line' : 'stacked';
        })
        .toBe('one line');
    }
    expectNoUnexpectedConsoleErrors(page);
    await page.context().close();
  });
});
