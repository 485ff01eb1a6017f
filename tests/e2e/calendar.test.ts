import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { Post, PostPage } from '../../src/domain/post.ts';
import { addDays, isoWeekdayOf } from '../../src/domain/studio-time.ts';
import { rangeOf } from '../../src/web/features/posts/calendar/calendar-days.ts';
import { seriousAxeFindings } from './support/axe.ts';
import { expectNoUnexpectedConsoleErrors, newPage, saveScreenshot } from './support/browser.ts';
import { runSql } from './support/database.ts';
import { useServerAndBrowser } from './support/journey.ts';
import { type NewProject, createProject, launchProject } from './support/projects.ts';
import { ADMIN, type RunningServer } from './support/server.ts';
import { signIn } from './support/sign-in.ts';
import { networkTile, sandboxControl } from './support/social.ts';

/**
 * Issue 16 in Chromium, as a customer lives it in Spanish: a post scheduled at 10:15 on a day, found in
 * the month view; dragged to the next day and moved back with the keyboard; a move the server refuses
 * (her LinkedIn was disconnected meanwhile) goes back with the reason; then the app's clock (the
 * sandbox's clock control) reaches 10:14, nothing goes out, 10:16, and the post turns published in
 * place. Then her weekly queue: two slots in Settings, a post added to the queue from its card and
 * another from the publish dialog, each at the next free slot, and the free slots on the calendar. An
 * administrator filters the calendar by a customer; on a phone the calendar is a list of days.
 */
const journey = useServerAndBrowser();

const CLARA = {
  first_name: 'Clara',
  last_name: 'Roca',
  email: 'clara@calendario-e2e.test',
  phone: '600 111 222',
  password: 'cliente-1',
  role: 'customer',
  language: 'es',
} as const;
// Each test has its own customer, so each runs alone too.
const MARTA = { ...CLARA, first_name: 'Marta', last_name: 'Vidal', email: 'marta@calendario-e2e.test', phone: '600 111 333' } as const;
const JORDI = { ...CLARA, first_name: 'Jordi', last_name: 'Pons', email: 'jordi@calendario-e2e.test', phone: '600 111 444' } as const;
const HOUSE: NewProject = {
  title: 'Casa del calendario',
  description: 'Una casa de piedra seca entre olivos, abierta al valle.',
  keywords: 'piedra,olivos',
  category: 'residencial',
  location: 'Bunyola',
  year: 2024,
  publications: 3,
  colours: ['#8a6f4d', '#4d6f8a', '#6f8a4d'],
};

const asShown = (day: string) => day.split('-').reverse().join('-');
const cardOf = (page: Page, number: number) => page.getByRole('article').filter({ hasText: `Publicación ${number}` });
const dayCell = (page: Page, day: string) => page.locator(`[data-day="${day}"]`);
/** A post on the calendar, by its accessible name (project, number, day, time, networks, state). */
const calendarPost = (scope: Page | Locator, number: number) => scope.getByRole('button', { name: new RegExp(`Casa del calendario, publicación ${number},`) });

async function signedIn(
  server: RunningServer,
  credentials: { email: string; password: string },
  options: { locale?: string; width?: number } = {},
): Promise<Page> {
  const page = await newPage(journey.browser, { locale: options.locale ?? 'es-ES' });
  if (options.width) await page.setViewportSize({ width: options.width, height: 844 });
  await signIn(page, server.url, credentials);
  await page.waitForURL(`${server.url}/home`);
  return page;
}

async function connectLinkedIn(page: Page, server: RunningServer): Promise<void> {
  await page.goto(`${server.url}/settings`);
  await networkTile(page, 'LinkedIn').getByRole('button', { name: 'Conectar' }).click();
  await page.waitForURL((url) => url.pathname === '/sandbox/linkedin/oauth/v2/authorization');
  await page.getByRole('button', { name: 'Allow' }).click();
  await page.waitForURL(`${server.url}/settings`);
  await networkTile(page, 'LinkedIn').getByText('Conectado', { exact: true }).waitFor();
}

/** A new customer, signed in, with the house's three posts and LinkedIn connected. */
async function newStudio(server: RunningServer, customer: { email: string; password: string }): Promise<{ page: Page; id: string; posts: Post[] }> {
  const admin = await signedIn(server, ADMIN);
  const created = await admin.request.post(`${server.url}/api/users`, { data: customer });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await admin.context().close();

  const page = await signedIn(server, customer);
  const projectId = await createProject(page, server, HOUSE);
  await launchProject(page, server, projectId);
  await connectLinkedIn(page, server);
  return { page, id, posts: await postsOf(page, server, projectId) };
}

async function postsOf(page: Page, server: RunningServer, projectId: number): Promise<Post[]> {
  const listed = (await (await page.request.get(`${server.url}/api/posts?pageSize=60`)).json()) as PostPage;
  return listed.items.filter((post) => post.project_id === projectId).sort((a, b) => a.sequence - b.sequence);
}

async function postById(page: Page, server: RunningServer, id: number): Promise<Post> {
  return (await (await page.request.get(`${server.url}/api/posts/${id}`)).json()) as Post;
}

/** The studio's clock as the app reads it now (it follows the sandbox's). */
async function studioClock(page: Page, server: RunningServer): Promise<PostPage['clock']> {
  const listed = (await (await page.request.get(`${server.url}/api/posts?pageSize=1`)).json()) as PostPage;
  return listed.clock;
}

/** Moves the app's clock so that it reads `secondsBefore` seconds before `instant` (ISO). */
async function advanceAppClockTo(server: RunningServer, instant: string, secondsBefore: number): Promise<void> {
  const control = (await (await fetch(`${server.url}/sandbox/control`)).json()) as { clockOffsetSeconds: number };
  const appNow = Date.now() + control.clockOffsetSeconds * 1000;
  const seconds = Math.floor((Date.parse(instant) - appNow) / 1000) - secondsBefore;
  expect(seconds, 'the post is ahead of the app clock').toBeGreaterThan(0);
  await sandboxControl(server, 'advance-time', { seconds });
}

/** Drags with the mouse from the middle of one element to the middle of another, in steps (dnd-kit starts after a few pixels); no screenshot in between (a full-page one resizes the window, which cancels a drag). */
/** What dnd-kit's live region tells a screen reader once the dragged post is over a day (in Spanish). */
function toldOverDay(page: Page, date: string): Promise<void> {
  return page
    .locator('[id^="DndLiveRegion"]')
    .getByText(new RegExp(`^Sobre [a-zé]+, ${Number(date.slice(8))} de `))
    .waitFor({ state: 'attached' });
}

/** The same over a quarter hour of the week. */
function toldOverTime(page: Page, time: string): Promise<void> {
  return page
    .locator('[id^="DndLiveRegion"]')
    .getByText(new RegExp(`^Sobre .* a las ${time}\\.$`))
    .waitFor({ state: 'attached' });
}

/**
 * Drags with the mouse and lets go once the calendar says the post is over the target, as a person
 * waits for the highlight: on a busy machine a button released before dnd-kit has measured the last
 * pointer move drops the post on a cell it crossed on the way.
 */
async function drag(page: Page, from: Locator, to: Locator, over: () => Promise<void>): Promise<void> {
  // In the middle of the screen: near its edges dnd-kit scrolls the page under the pointer.
  await from.evaluate((node) => node.scrollIntoView({ block: 'center' }));
  const source = (await from.boundingBox())!;
  const target = (await to.boundingBox())!;
  await page.mouse.move(source.x + source.width / 2, source.y + source.height / 2);
  await page.mouse.down();
  await page.mouse.move(source.x + source.width / 2 + 10, source.y + source.height / 2 + 4, { steps: 4 });
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 12 });
  await over();
  await page.mouse.up();
}

describe('the calendar', () => {
  test(
    'schedule at 10:15, see it in the month, drag it, move it back with the keyboard, a refused move goes back, move it by quarter hours in the week, and it publishes live at its minute',
    { timeout: 240_000 },
    async () => {
      const { server } = journey;
      const { page, posts } = await newStudio(server, CLARA);
      const clock = await studioClock(page, server);
      // A day from tomorrow whose next day is in the same month view, so both are on screen.
      const tomorrow = addDays(clock.today, 1);
      const day = rangeOf('month', tomorrow).to === tomorrow ? addDays(tomorrow, 1) : tomorrow;
      const nextDay = addDays(day, 1);

      // 1. The publish dialog: the day typed as dd-mm-yyyy, the time typed as 10:15 (24 h in Spanish).
      await page.goto(`${server.url}/preview-projects`);
      await cardOf(page, 1).getByRole('button', { name: 'Publicar' }).click();
      const dialog = page.getByRole('dialog', { name: 'Configurar publicación' });
      await dialog.getByText('Hasta 15 minutos antes de su hora podrás editarla o cambiarla de fecha; después queda bloqueada.').waitFor();
      const dateField = dialog.getByLabel('Fecha de publicación');
      await dateField.fill(asShown(day));
      await dateField.press('Tab');
      expect(await dialog.locator('input[name="publish_time"]').inputValue()).toBe('09:00');
      await dialog.getByLabel('Hora de publicación: horas').click();
      await page.keyboard.type('1015');
      expect(await dialog.locator('input[name="publish_time"]').inputValue()).toBe('10:15');
      // On to the networks: the time's list closes.
      await page.keyboard.press('Tab');
      const linkedin = dialog.getByRole('checkbox', { name: 'LinkedIn' });
      await expect.poll(() => linkedin.isDisabled()).toBe(false);
      await linkedin.check();
      await saveScreenshot(page, 'calendar-publish-dialog-time');
      await expect.poll(() => seriousAxeFindings(page, '[role="dialog"]'), { timeout: 5_000 }).toEqual([]);
      await dialog.getByRole('button', { name: 'Confirmar' }).click();
      await page.getByText(`Publicación programada para el ${asShown(day)} a las 10:15`).waitFor();
      await cardOf(page, 1)
        .getByText(`Fecha de publicación: ${asShown(day)} a las 10:15`)
        .waitFor();

      // 2. The calendar, from the navigation: the post at its day, with its time, network and state.
      // The header's navigation (the phone's menu holds the same links).
      await page.getByRole('navigation', { name: 'Navegación principal' }).first().getByRole('link', { name: 'Calendario' }).click();
      await page.getByRole('heading', { name: 'Calendario', level: 1 }).waitFor();
      if (day.slice(0, 7) !== clock.today.slice(0, 7)) await page.getByRole('button', { name: 'Mes siguiente' }).click();
      const post = calendarPost(dayCell(page, day), 1);
      await post.waitFor();
      await page.getByRole('button', { name: new RegExp(`^10:15, Casa del calendario, publicación 1, .*; LinkedIn; Programada$`) }).waitFor();
      await page.evaluate(() => Reflect.set(window, 'sameDocument', true));
      await saveScreenshot(page, 'calendar-month');
      expect(await seriousAxeFindings(page, 'main')).toEqual([]);

      // 3. Dragged to the next day with the mouse: it keeps its time.
      await drag(page, post, dayCell(page, nextDay), () => toldOverDay(page, nextDay));
      await page.getByText(/^Publicación movida: /).waitFor();
      await calendarPost(dayCell(page, nextDay), 1).waitFor();
      expect(await postById(page, server, posts[0]!.id)).toMatchObject({ state: 'scheduled', publish_on: nextDay, publish_time: '10:15' });

      // 4. Back with the keyboard: Space lifts it, the left arrow goes to the day before, Space drops it.
      // Each step waits for what a screen reader is told (dnd-kit's live region, in Spanish): over its own day, then the day before.
      const toldOver = (date: string) => toldOverDay(page, date);
      await calendarPost(dayCell(page, nextDay), 1).focus();
      await page.keyboard.press('Space');
      await toldOver(nextDay);
      await page.keyboard.press('ArrowLeft');
      await toldOver(day);
      await page.keyboard.press('Space');
      await calendarPost(dayCell(page, day), 1).waitFor();
      await expect.poll(async () => (await postById(page, server, posts[0]!.id)).publish_on).toBe(day);

      // 5. LinkedIn disconnected meanwhile (another tab): the server refuses the move, the post goes back with the reason.
      expect((await page.request.delete(`${server.url}/api/social/linkedin`)).status()).toBe(200);
      await drag(page, calendarPost(dayCell(page, day), 1), dayCell(page, nextDay), () => toldOverDay(page, nextDay));
      await page.getByText('No se ha movido la publicación').waitFor();
      await page.getByText('LinkedIn no está conectado').waitFor();
      await calendarPost(dayCell(page, day), 1).waitFor();
      expect(await calendarPost(dayCell(page, nextDay), 1).count()).toBe(0);
      await saveScreenshot(page, 'calendar-move-refused');
      expectNoUnexpectedConsoleErrors(page, [{ status: 409, path: `/api/posts/${posts[0]!.id}/schedule` }]);
      await connectLinkedIn(page, server);

      // 6. The week view of that day: the post in its quarter hour.
      await page.goto(`${server.url}/calendar?view=week&day=${day}`);
      const slot = page.locator(`[data-slot="${day}T10:15"]`);
      await calendarPost(slot, 1).waitFor();
      await page.evaluate(() => Reflect.set(window, 'sameDocument', true));
      await saveScreenshot(page, 'calendar-week');
      expect(await seriousAxeFindings(page, 'main')).toEqual([]);
      // A quarter hour is a target: dragged to 10:45, then back up two quarters with the keyboard.
      const quarter = (time: string) => page.locator(`[data-slot="${day}T${time}"]`);
      await drag(page, calendarPost(slot, 1), quarter('10:45'), () => toldOverTime(page, '10:45'));
      await page.getByText(/^Publicación movida: .*, 10:45$/).waitFor();
      await calendarPost(quarter('10:45'), 1).focus();
      const toldAt = (time: string) => toldOverTime(page, time);
      await page.keyboard.press('Space');
      await toldAt('10:45');
      await page.keyboard.press('ArrowUp');
      await toldAt('10:30');
      await page.keyboard.press('ArrowUp');
      await toldAt('10:15');
      await page.keyboard.press('Space');
      await calendarPost(slot, 1).waitFor();
      await expect.poll(async () => (await postById(page, server, posts[0]!.id)).publish_time).toBe('10:15');

      // 7. The app's clock to 10:14 of that day: nothing goes out. To 10:16: it is published, and the calendar says so in place.
      const scheduled = await postById(page, server, posts[0]!.id);
      await advanceAppClockTo(server, scheduled.publish_at!, 60);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect((await postById(page, server, scheduled.id)).state).toBe('scheduled');
      expect(await runSql(server, 'select status from post_results where post_id = $1 and status = $2', [scheduled.id, 'posted'])).toEqual([]);
      await sandboxControl(server, 'advance-time', { seconds: 120 });
      await page.getByRole('button', { name: /^10:15, Casa del calendario, publicación 1, .*; LinkedIn; Publicada$/ }).waitFor({ timeout: 20_000 });
      expect(await page.evaluate(() => Reflect.get(window, 'sameDocument'))).toBe(true);
      // Published: it can no longer be dragged.
      expect(await calendarPost(slot, 1).getAttribute('data-movable')).toBeNull();
      const [result] = await runSql<{ status: string }>(server, "select status from post_results where post_id = $1 and network = 'linkedin'", [scheduled.id]);
      expect(result?.status).toBe('posted');
      await saveScreenshot(page, 'calendar-published-live');

      expectNoUnexpectedConsoleErrors(page, [{ status: 409, path: `/api/posts/${posts[0]!.id}/schedule` }]);
      await page.context().close();
    },
  );

  test(
    'weekly queue slots in Settings; add to queue from a card and from the dialog, each at the next free slot; the calendar shows the free ones',
    { timeout: 120_000 },
    async () => {
      const { server } = journey;
      const { page, posts } = await newStudio(server, MARTA);
      await page.goto(`${server.url}/settings`);
      const queue = page.getByRole('region', { name: 'Cola de publicación semanal' });
      await queue.getByText(/No hay franjas/).waitFor();
      // Monday 09:00 (the first slot's default), then Thursday 18:00.
      await queue.getByRole('button', { name: 'Añadir franja' }).click();
      await queue.getByRole('button', { name: 'Añadir franja' }).click();
      await queue.getByLabel('Día de la franja 2').click();
      await page.getByRole('option', { name: 'jueves' }).click();
      await queue.getByLabel('Horas de la franja 2').click();
      await page.keyboard.type('1800');
      await saveScreenshot(page, 'calendar-queue-slots');
      await queue.getByRole('button', { name: 'Guardar la cola' }).click();
      await page.getByText('Cola guardada').waitFor();
      // The queue's section (the network tiles above it are another issue's).
      expect(await seriousAxeFindings(page, 'section[aria-labelledby="queue-slots-title"]')).toEqual([]);
      const saved = (await (await page.request.get(`${server.url}/api/queue-slots`)).json()) as { slots: { weekday: number; time: string }[] };
      expect(saved.slots).toEqual([
        { weekday: 1, time: '09:00' },
        { weekday: 4, time: '18:00' },
      ]);

      // Post 2 from its card, post 3 from the publish dialog: two different slots, each free.
      await page.goto(`${server.url}/preview-projects`);
      await cardOf(page, 2).getByRole('button', { name: 'Añadir a la cola' }).click();
      const queueDialog = page.getByRole('dialog', { name: 'Añadir a la cola' });
      const linkedin = queueDialog.getByRole('checkbox', { name: 'LinkedIn' });
      await expect.poll(() => linkedin.isDisabled()).toBe(false);
      await linkedin.check();
      await queueDialog.getByRole('button', { name: 'Añadir a la cola' }).click();
      await page
        .getByText(/^Añadida a la cola: /)
        .first()
        .waitFor();

      await cardOf(page, 3).getByRole('button', { name: 'Publicar' }).click();
      const publish = page.getByRole('dialog', { name: 'Configurar publicación' });
      const linkedinToo = publish.getByRole('checkbox', { name: 'LinkedIn' });
      await expect.poll(() => linkedinToo.isDisabled()).toBe(false);
      await linkedinToo.check();
      await publish.getByRole('button', { name: 'Añadir a la cola' }).click();
      await expect.poll(async () => (await postById(page, server, posts[2]!.id)).state).toBe('scheduled');

      const [second, third] = [await postById(page, server, posts[1]!.id), await postById(page, server, posts[2]!.id)];
      for (const queued of [second, third]) {
        const slotOf = { 1: '09:00', 4: '18:00' }[isoWeekdayOf(queued.publish_on!)];
        expect(queued.publish_time, `${queued.publish_on} is a slot's day`).toBe(slotOf);
      }
      expect(`${second.publish_on} ${second.publish_time}`).not.toBe(`${third.publish_on} ${third.publish_time}`);
      expect(second.publish_at! < third.publish_at!, 'the card took the first free slot, the dialog the next').toBe(true);

      // The calendar of the first queued post's month: the post at its day. Free slots follow the queued
      // ones; the month of a day a week after the last has that whole week, all of its slots free (the
      // first queued post's own month may end before the next free slot, as at the end of November).
      await page.goto(`${server.url}/calendar?day=${second.publish_on}`);
      await calendarPost(dayCell(page, second.publish_on!), 2).waitFor();
      await saveScreenshot(page, 'calendar-queue-month');
      await page.goto(`${server.url}/calendar?day=${addDays(third.publish_on!, 7)}`);
      await expect.poll(() => page.locator('[data-free-slot]').count()).toBeGreaterThan(0);

      expectNoUnexpectedConsoleErrors(page);
      await page.context().close();
    },
  );

  test(
    'an administrator filters the calendar by customer; on a phone the calendar is a list of days without sideways scrolling',
    { timeout: 120_000 },
    async () => {
      const { server } = journey;
      // Jordi's weekly queue (the queue's own test does this on screen) and his post 2 in it.
      const jordi = await newStudio(server, JORDI);
      const slots = [
        { weekday: 1, time: '09:00' },
        { weekday: 4, time: '18:00' },
      ];
      expect((await jordi.page.request.put(`${server.url}/api/queue-slots`, { data: { slots } })).status()).toBe(200);
      const queued = await jordi.page.request.post(`${server.url}/api/posts/${jordi.posts[1]!.id}/queue`, {
        data: { networks: { instagram: false, linkedin: true } },
      });
      expect(queued.status(), await queued.text()).toBe(200);
      await jordi.page.context().close();

      const admin = await signedIn(server, ADMIN);
      const second = await postById(admin, server, jordi.posts[1]!.id);
      await admin.goto(`${server.url}/calendar?day=${second.publish_on}`);
      await admin.getByText('Elige un cliente para ver las franjas libres de su cola semanal.').waitFor();
      expect(await admin.locator('[data-free-slot]').count()).toBe(0);
      await admin.getByRole('combobox', { name: 'Cliente' }).click();
      await admin.keyboard.type('Jordi');
      await admin.getByRole('option', { name: /Jordi Pons/ }).click();
      await admin.waitForURL((url) => url.searchParams.get('owner') === jordi.id);
      // Marta's post 2 may share his slot: filtered, only his is left.
      await expect.poll(() => calendarPost(dayCell(admin, second.publish_on!), 2).count()).toBe(1);
      expect(await admin.locator(`[data-post-id="${second.id}"]`).count()).toBe(1);
      await admin.locator('[aria-busy]').waitFor({ state: 'detached' });
      await saveScreenshot(admin, 'calendar-admin-filtered');
      // His free slots, two weeks on from his queued post: the filter stays.
      await admin.goto(`${server.url}/calendar?day=${addDays(second.publish_on!, 14)}&owner=${jordi.id}`);
      await expect.poll(() => admin.locator('[data-free-slot]').count()).toBeGreaterThan(0);
      expectNoUnexpectedConsoleErrors(admin);
      await admin.context().close();

      const phone = await signedIn(server, JORDI, { width: 390 });
      await phone.goto(`${server.url}/calendar?day=${second.publish_on}`);
      await phone.locator('[data-view="list"]').waitFor();
      await calendarPost(phone, 2).waitFor();
      const { scrollWidth, clientWidth } = await phone.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      expect(scrollWidth, 'page width at 390 px').toBeLessThanOrEqual(clientWidth);
      expect(await seriousAxeFindings(phone, 'main')).toEqual([]);
      await saveScreenshot(phone, 'calendar-phone');
      // A post opens in its card, with the posts page's actions.
      await calendarPost(phone, 2).click();
      const opened = phone.getByRole('dialog', { name: 'Casa del calendario: publicación 2' });
      await opened.getByRole('button', { name: 'Vista LinkedIn' }).waitFor();
      // Polled: while the modal fades in, its half-transparent texts read as low contrast.
      await expect.poll(() => seriousAxeFindings(phone, '[role="dialog"]'), { timeout: 5_000 }).toEqual([]);
      await saveScreenshot(phone, 'calendar-phone-post');
      expectNoUnexpectedConsoleErrors(phone);
      await phone.context().close();
    },
  );
});
