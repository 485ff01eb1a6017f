import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { Post, PostPage } from '../../src/domain/post.ts';
import { seriousAxeFindings } from './support/axe.ts';
import { expectNoUnexpectedConsoleErrors, newPage } from './support/browser.ts';
import { useServerAndBrowser } from './support/journey.ts';
import { createProject, launchProject } from './support/projects.ts';
import { ADMIN, type RunningServer } from './support/server.ts';
import { signIn } from './support/sign-in.ts';
import { connectSandboxNetwork } from './support/social.ts';
import { text } from './support/texts.ts';

/**
 * Issue 15, "every role and screen size": every screen of the product, public and signed in, as each
 * role whose screen differs, in Spanish, English and Catalan, on a desktop (1440 px) and a phone
 * (390 px). On each: axe-core finds no serious or critical WCAG 2.1 A/AA violation, and on the phone
 * nothing is wider than the screen (no horizontal scrolling). One browser; one page per language and
 * role, navigated from screen to screen. With SHOTS_DIR set, each screen in each language is saved
 * there as a PNG for a person to look at.
 *
 * Issue 25's approval screens too: the customer approves what the studio schedules, so her home leads
 * with what awaits her, the posts page has the awaiting chip and cards with Approve and Ask for changes
 * (both dialogs opened), a post's history (on its card and in the editor), a project's review links, and
 * the public review page a link opens, in the link's language, before and after its buttons are pressed.
 */
const journey = useServerAndBrowser();

const CUSTOMER = {
  first_name: 'Clara',
  last_name: 'Roca',
  email: 'clara@roca-screens.test',
  phone: '600 111 222',
  password: 'cliente-1',
  role: 'customer',
  language: 'es',
  // What the studio schedules awaits her approval (issue 25 item 1).
  approval: 'studio',
} as const;
const BASIC = {
  first_name: 'Berta',
  last_name: 'Puig',
  email: 'berta@puig-screens.test',
  phone: '600 999 000',
  password: 'basica-1',
  role: 'basic',
  language: 'es',
} as const;

const LOCALES = { es: 'es-ES', en: 'en-US', cat: 'ca-ES' } as const;
type Language = keyof typeof LOCALES;
const WIDTHS = [1440, 390] as const;
const SHOTS_DIR = process.env.SHOTS_DIR;

/** One screen: its address, and what shows it is ready beyond its level-1 heading. */
interface Screen {
  /**
   * States reached on the screen by pressing its buttons (a dialog opened, a decision made), each checked
   * as a screen of its own (`<screen>-<step>`): the screen is opened again before each.
   */
  steps?: Step[];
  name: string;
  path: string;
  /** Where the app lands when it is not `path` (a screen the role cannot use sends it home). */
  landsOn?: string;
  /** A locator (CSS or Playwright's text=) that is there once the data has arrived. */
  ready?: string;
}

interface Step {
  name: string;
  act: (page: Page, language: Language) => Promise<void>;
}

const PUBLIC_SCREENS: Screen[] = [
  { name: 'landing', path: '/' },
  { name: 'privacy', path: '/privacy' },
  { name: 'legal', path: '/legal' },
  { name: 'documentation', path: '/documentation' },
  { name: 'login', path: '/login', ready: 'input[name="password"]' },
  { name: 'reset-password', path: '/reset-password?token=screens-test-token', ready: 'input[type="password"]' },
  { name: 'reset-password-no-token', path: '/reset-password' },
];

/** Filled in by the studio's set-up: a launched project (posts in preview) and a draft. */
const ids = { launched: 0, draft: 0 };

/**
 * The customer's projects whose every post awaits her approval, one per language with a review link in
 * that language (its path, /review/<token>). That language's visitor approves one post through the link
 * at each width, so each has more posts than those two decisions.
 */
const REVIEWED_TITLES: Record<Language, string> = { es: 'Casa del patio de naranjos', en: 'Casa de la pérgola', cat: 'Casa del pou' };
const REVIEWED = {
  description: 'Una casa entre medianeras con un patio de naranjos.',
  keywords: 'patio,naranjos',
  category: 'residencial',
  location: 'Sóller',
  year: 2025,
  publications: 3,
  colours: ['#b5651d', '#6d8a4d', '#4d6d8a'],
};
const reviewPaths = {} as Record<Language, string>;
/** The post of the first project the studio edited and sent for approval, with a comment: a history with a difference. */
const EDITED_TEXT = 'Piedra seca, olivos y el valle entero desde la terraza. ¿Qué muro os gusta más? #arquitectura #mallorca';

const postsText = (language: Language, key: string, values: Record<string, string | number> = {}) => text(language, 'posts', key, values);

/** The card of the first project's post awaiting approval: the one with a history. */
const awaitingCard = (page: Page) => page.getByRole('article').filter({ hasText: 'Casa entre bancales' }).first();

/** Waits for a dialog by its name, and for what shows its content has arrived. */
async function dialogShows(page: Page, name: string, ready: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name });
  await dialog.locator(ready).first().waitFor();
  await page.waitForLoadState('networkidle');
}

const APPROVAL_STEPS: Step[] = [
  {
    name: 'approve-dialog',
    act: async (page, language) => {
      await awaitingCard(page)
        .getByRole('button', { name: postsText(language, 'approval.approve'), exact: true })
        .click();
      await dialogShows(page, postsText(language, 'approval.approveTitle'), 'button');
    },
  },
  {
    name: 'changes-dialog',
    act: async (page, language) => {
      await awaitingCard(page)
        .getByRole('button', { name: postsText(language, 'approval.requestChanges'), exact: true })
        .click();
      const dialog = page.getByRole('dialog', { name: postsText(language, 'approval.changesTitle') });
      // Sent without a comment: the dialog says what is missing.
      await dialog.getByRole('button', { name: postsText(language, 'approval.changesSend'), exact: true }).click();
      await dialog.getByText(postsText(language, 'approval.commentRequired')).waitFor();
    },
  },
  {
    name: 'history',
    act: async (page, language) => {
      await awaitingCard(page)
        .getByRole('button', { name: postsText(language, 'historyAction'), exact: true })
        .click();
      await page.getByRole('dialog').getByTestId('history-diff').first().waitFor();
      await page.getByRole('dialog').getByTestId('history-comment').first().waitFor();
    },
  },
  {
    name: 'editor-history',
    act: async (page, language) => {
      await awaitingCard(page)
        .getByRole('button', { name: postsText(language, 'actions.edit'), exact: true })
        .click();
      const editor = page.getByRole('dialog', { name: postsText(language, 'edit.title') });
      await editor.getByRole('button', { name: postsText(language, 'historyAction'), exact: true }).click();
      await editor.getByTestId('history-diff').first().waitFor();
      // Below the texts and previews: brought into view for the screen's picture.
      await editor.getByTestId('post-history').scrollIntoViewIfNeeded();
      await page.waitForLoadState('networkidle');
    },
  },
];

const REVIEW_LINKS_STEP: Step = {
  name: 'review-links',
  act: async (page, language) => {
    await page.getByRole('button', { name: text(language, 'projects', 'menu.open', { title: REVIEWED_TITLES.es }) }).click();
    await page.getByRole('menuitem', { name: text(language, 'projects', 'menu.reviewLinks') }).click();
    await dialogShows(page, text(language, 'projects', 'reviewLinks.title'), 'ul li');
  },
};

/** The link's page: a decision without a name is refused, then one post approved and another's changes being written. */
const REVIEW_STEPS: Step[] = [
  {
    name: 'name-required',
    act: async (page, language) => {
      // The name is remembered from the decision at the other width: cleared, the page asks for it.
      await page.getByRole('textbox', { name: new RegExp(text(language, 'review', 'name.label')) }).fill('');
      await page
        .getByRole('button', { name: text(language, 'review', 'actions.approve'), exact: true })
        .first()
        .click();
      await page.getByText(text(language, 'review', 'name.required')).waitFor();
    },
  },
  {
    name: 'decided',
    act: async (page, language) => {
      const approve = text(language, 'review', 'actions.approve');
      await page.getByRole('textbox', { name: new RegExp(text(language, 'review', 'name.label')) }).fill('Pere Vidal');
      const sections = page.locator('section[aria-labelledby]');
      const awaiting: number[] = [];
      for (let index = 0; index < (await sections.count()); index++) {
        if ((await sections.nth(index).getByRole('button', { name: approve, exact: true }).count()) > 0) awaiting.push(index);
      }
      expect(awaiting.length, 'posts left to decide on the review page').toBeGreaterThanOrEqual(2);
      const approved = sections.nth(awaiting[0]!);
      await approved.getByRole('button', { name: approve, exact: true }).click();
      // "Approved: it will be published on <when>": its words before the day.
      await approved.getByText(text(language, 'review', 'state.approved', { when: '' }).trim()).waitFor();
      const asking = sections.nth(awaiting[1]!);
      await asking.getByRole('button', { name: text(language, 'review', 'actions.askChanges'), exact: true }).click();
      await asking.getByRole('textbox').waitFor();
    },
  },
];

const reviewScreen = (language: Language): Screen => ({
  name: 'review',
  path: reviewPaths[language],
  ready: 'section[aria-labelledby] article',
  steps: REVIEW_STEPS,
});

const adminScreens = (): Screen[] => [
  { name: 'home', path: '/home', ready: 'role=region' },
  { name: 'projects', path: '/projects', ready: 'text=Casa entre bancales' },
  { name: 'project-new', path: '/projects?project=new', ready: 'input' },
  { name: 'project-edit', path: `/projects?project=${ids.launched}`, ready: 'input' },
  { name: 'posts', path: '/preview-projects', ready: 'article' },
  { name: 'calendar', path: '/calendar', ready: '[data-day]' },
  { name: 'results', path: '/results', ready: '[data-empty-state], [data-results]' },
  { name: 'my-gpts', path: '/my-gpts', ready: 'text=Tono cercano' },
  { name: 'users', path: '/users', ready: `text=${CUSTOMER.email}` },
  { name: 'profile', path: '/profile', ready: 'main img, main .mantine-Avatar-root' },
  { name: 'settings', path: '/settings', ready: 'role=region' },
  { name: 'networks-check', path: '/networks-check', ready: 'role=listitem' },
];

const CUSTOMER_SCREENS: Screen[] = [
  // Her home leads with what awaits her approval.
  { name: 'home', path: '/home', ready: '[data-section="home-approval"]' },
  { name: 'projects', path: '/projects', ready: `text=${REVIEWED_TITLES.es}`, steps: [REVIEW_LINKS_STEP] },
  { name: 'posts', path: '/preview-projects', ready: 'article' },
  { name: 'posts-awaiting', path: '/preview-projects?state=awaiting_approval', ready: '[data-testid="approval-actions"]', steps: APPROVAL_STEPS },
  { name: 'calendar', path: '/calendar', ready: '[data-day]' },
  { name: 'results', path: '/results', ready: '[data-empty-state], [data-results]' },
  { name: 'settings', path: '/settings', ready: 'role=region' },
];

/** A basic user has home and profile only: any other screen (here Projects) sends them home. */
const BASIC_SCREENS: Screen[] = [{ name: 'not-available', path: '/projects', landsOn: '/home' }];

async function setUpStudio(server: RunningServer): Promise<void> {
  const page = await newPage(journey.browser);
  await signIn(page, server.url, ADMIN);
  await page.waitForURL(`${server.url}/home`);
  for (const user of [CUSTOMER, BASIC]) {
    const created = await page.request.post(`${server.url}/api/users`, { data: user });
    expect(created.status(), await created.text()).toBe(201);
  }
  const prompt = await page.request.post(`${server.url}/api/prompts`, { data: { title: 'Tono cercano', description: 'Frases cortas y una pregunta final.' } });
  expect(prompt.status(), await prompt.text()).toBe(201);
  ids.draft = await createProject(page, server, {
    title: 'Pabellón de madera',
    description: 'Un pabellón de madera laminada junto al lago.',
    keywords: 'madera,lago',
    category: 'cultural',
    location: 'Banyoles',
    year: 2023,
    publications: 1,
    colours: ['#6f4d8a'],
  });

  const customer = await newPage(journey.browser);
  await signIn(customer, server.url, CUSTOMER);
  await customer.waitForURL(`${server.url}/home`);
  // Three projects whose posts will all await her approval (issue 25), made first so that the first
  // project's posts lead the lists.
  const reviewed = {} as Record<Language, number>;
  for (const language of Object.keys(LOCALES) as Language[]) {
    reviewed[language] = await createProject(customer, server, { ...REVIEWED, title: REVIEWED_TITLES[language] });
    await launchProject(customer, server, reviewed[language]);
  }
  ids.launched = await createProject(customer, server, {
    title: 'Casa entre bancales',
    description: 'Una casa de piedra seca entre olivos, abierta al valle.',
    keywords: 'piedra,olivos',
    category: 'residencial',
    location: 'Bunyola',
    year: 2024,
    publications: 3,
    colours: ['#8a6f4d', '#4d6f8a', '#6f8a4d'],
  });
  await launchProject(customer, server, ids.launched);
  // LinkedIn connected and one post scheduled for tomorrow, so the screens show more than one state.
  await connectSandboxNetwork(customer, server.url, 'LinkedIn');
  const listed = (await (await customer.request.get(`${server.url}/api/posts?pageSize=60`)).json()) as PostPage;
  const launchedPosts = listed.items.filter((post) => post.project_id === ids.launched);
  const tomorrow = new Date(Date.parse(`${listed.today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const scheduled = await customer.request.put(`${server.url}/api/posts/${launchedPosts[1]!.id}/schedule`, {
    data: { publish_on: tomorrow, networks: { instagram: false, linkedin: true } },
  });
  expect(scheduled.status(), await scheduled.text()).toBe(200);

  // Issue 25: the studio edits one of her posts and schedules it, with a note for her; it awaits her
  // approval, with a history. Every post of her three other projects awaits her too, each with a review link.
  const schedule = async (postId: number, day: string) => {
    const answer = await page.request.put(`${server.url}/api/posts/${postId}/schedule`, {
      data: { publish_on: day, publish_time: '10:30', networks: { instagram: false, linkedin: true } },
    });
    expect(answer.status(), await answer.text()).toBe(200);
    expect(((await answer.json()) as Post).state).toBe('awaiting_approval');
  };
  const edited = launchedPosts[0]!;
  const edit = await page.request.patch(`${server.url}/api/posts/${edited.id}`, { data: { text: EDITED_TEXT } });
  expect(edit.status(), await edit.text()).toBe(200);
  await schedule(edited.id, daysAfter(listed.today, 3));
  for (const comment of [
    { text: 'Hemos cambiado el texto: ahora termina con una pregunta.', visibility: 'shared' },
    { text: 'Si no contesta antes del viernes, la llamamos.', visibility: 'team' },
  ]) {
    const written = await page.request.post(`${server.url}/api/posts/${edited.id}/comments`, { data: comment });
    expect(written.status(), await written.text()).toBe(201);
  }
  for (const language of Object.keys(LOCALES) as Language[]) {
    const posts = listed.items.filter((post) => post.project_id === reviewed[language]);
    expect(posts).toHaveLength(REVIEWED.publications);
    for (const [index, post] of posts.entries()) await schedule(post.id, daysAfter(listed.today, 2 + index));
    const made = await customer.request.post(`${server.url}/api/projects/${reviewed[language]}/review-links`, { data: { language } });
    expect(made.status(), await made.text()).toBe(201);
    reviewPaths[language] = new URL(((await made.json()) as { url: string }).url).pathname;
  }
  // The Spanish project has a second link, made by the studio, in the list its menu opens.
  const second = await page.request.post(`${server.url}/api/projects/${reviewed.es}/review-links`, {
    data: { language: 'cat', email: 'pere@vidal-screens.test' },
  });
  expect(second.status(), await second.text()).toBe(201);
  await customer.context().close();
  await page.context().close();
}

const daysAfter = (day: string, days: number) => new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

let dictionaryKeys: Set<string> | undefined;

/**
 * The app's keys that show on the page as they are, which is what i18next shows for a text missing from
 * the dictionaries: those with a dot or a capital inside (`approval.approve`, `historyAction`), which no
 * word of a sentence is.
 */
async function untranslatedKeys(page: Page): Promise<string[]> {
  if (!dictionaryKeys) {
    const keys = new Set<string>();
    const collect = (node: unknown, prefix: string) => {
      for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
        const name = `${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, '')}`;
        if (typeof value === 'string') keys.add(name);
        else collect(value, `${name}.`);
      }
    };
    const folder = path.resolve('src/web/i18n/locales/es');
    for (const file of fs.readdirSync(folder).filter((name) => name.endsWith('.json')))
      collect(JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8')), '');
    dictionaryKeys = new Set([...keys].filter((key) => /\.|[a-z][A-Z]/.test(key)));
  }
  const words = (await page.evaluate(() => document.body.innerText)).match(/[A-Za-z_]+(?:\.[A-Za-z_]+)*/g) ?? [];
  return [...new Set(words.filter((word) => dictionaryKeys!.has(word)))];
}

/** The elements that stick out to the right of the viewport, to say what makes the page scroll sideways. */
async function horizontalOverflow(page: Page): Promise<string | undefined> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    if (document.documentElement.scrollWidth <= width) return undefined;
    const wide = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => element.getBoundingClientRect().right > width + 1 && element.getClientRects().length > 0)
      // The innermost ones: an element whose children do not stick out themselves.
      .filter((element) => ![...element.children].some((child) => child.getBoundingClientRect().right > width + 1))
      .slice(0, 4)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/)[0]}` : ''} "${(element.textContent ?? '').trim().slice(0, 30)}"`,
      );
    return `scrollWidth ${document.documentElement.scrollWidth} > ${width}: ${wide.join('; ')}`;
  });
}

/** Opens the screen and waits until it is drawn: its level-1 heading, its data, fonts and images. */
async function open(page: Page, server: RunningServer, screen: Screen): Promise<void> {
  await page.goto(`${server.url}${screen.path}`);
  await page.waitForURL(`${server.url}${screen.landsOn ?? screen.path}`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  if (screen.ready) await page.locator(screen.ready).first().waitFor();
  // No spinner left, and nothing still moving (a transition's colours are not the ones that stay).
  await page
    .locator('.mantine-Loader-root')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** Every screen of the list at both widths; what fails, as readable lines. */
async function checkScreens(page: Page, server: RunningServer, screens: Screen[], label: string, language: Language): Promise<string[]> {
  const failures: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    for (const screen of screens) {
      await open(page, server, screen);
      failures.push(...(await checkScreen(page, `${label}-${screen.name}`, language, width)));
      for (const step of screen.steps ?? []) {
        await open(page, server, screen);
        await step.act(page, language);
        failures.push(...(await checkScreen(page, `${label}-${screen.name}-${step.name}`, language, width)));
      }
    }
  }
  return failures;
}

/** What fails on the page as it is now, as readable lines; with SHOTS_DIR, its picture. */
async function checkScreen(page: Page, name: string, language: Language, width: number): Promise<string[]> {
  const where = `${name} ${language} ${width}px`;
  const failures: string[] = [];
  if (SHOTS_DIR) {
    fs.mkdirSync(SHOTS_DIR, { recursive: true });
    // A dialog is drawn over the screen as the phone shows it: the whole page's picture would move it.
    const fullPage = (await page.getByRole('dialog').count()) === 0;
    await page.screenshot({ path: path.join(SHOTS_DIR, `${language}-${name}-${width}.png`), fullPage, animations: 'disabled' });
  }
  // The pointer rests where the last step clicked: a hint (Tooltip) it opened would be scanned half faded in,
  // with a contrast of its own (a CI run saw it on the history button). Moved away, the hints close first.
  await page.mouse.move(0, 0);
  await expect.poll(() => page.getByRole('tooltip').count()).toBe(0);
  for (const violation of await seriousAxeFindings(page)) failures.push(`${where}: axe ${violation}`);
  const keys = await untranslatedKeys(page);
  if (keys.length > 0) failures.push(`${where}: texts shown as their keys: ${keys.join(', ')}`);
  if (width === 390) {
    const overflow = await horizontalOverflow(page);
    if (overflow) failures.push(`${where}: ${overflow}`);
  }
  return failures;
}

async function signedInAs(context: BrowserContext, server: RunningServer, credentials: { email: string; password: string }, language: Language): Promise<Page> {
  await context.clearCookies();
  const page = context.pages()[0]!;
  await signIn(page, server.url, credentials);
  await page.waitForURL(`${server.url}/home`);
  // The interface follows the user's saved language (SPEC §1): save the one under test.
  const saved = await page.request.patch(`${server.url}/api/me`, { data: { language } });
  expect(saved.status(), await saved.text()).toBe(200);
  return page;
}

describe('every screen, every language, desktop and phone', () => {
  let studio: Promise<void> | undefined;

  test.each(Object.keys(LOCALES) as Language[])(
    'in %s: no serious or critical axe finding, nothing wider than a 390 px phone',
    { timeout: 600_000 },
    async (language) => {
      const { server } = journey;
      await (studio ??= setUpStudio(server));
      const page = await newPage(journey.browser, { locale: LOCALES[language] });
      const failures = await checkScreens(page, server, [...PUBLIC_SCREENS, reviewScreen(language)], 'visitor', language);
      await signedInAs(page.context(), server, ADMIN, language);
      failures.push(...(await checkScreens(page, server, adminScreens(), 'admin', language)));
      await signedInAs(page.context(), server, CUSTOMER, language);
      failures.push(...(await checkScreens(page, server, CUSTOMER_SCREENS, 'customer', language)));
      await signedInAs(page.context(), server, BASIC, language);
      failures.push(...(await checkScreens(page, server, BASIC_SCREENS, 'basic', language)));
      expect(failures).toEqual([]);
      expectNoUnexpectedConsoleErrors(page);
      await page.context().close();
    },
  );
});
