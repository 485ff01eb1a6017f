import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { Post, PostPage } from '../../src/domain/post.ts';
import { runSql } from './support/database.ts';
import { expectNoUnexpectedConsoleErrors, newPage, saveScreenshot } from './support/browser.ts';
import { useServerAndBrowser } from './support/journey.ts';
import { createProject, launchProject } from './support/projects.ts';
import { ADMIN, type OutboxMessage, type RunningServer } from './support/server.ts';
import { signIn } from './support/sign-in.ts';
import { sandboxControl } from './support/social.ts';
import { LANGUAGES, LOCALES, type Language, emailPattern, text } from './support/texts.ts';

/**
 * Issue 25's journey, in Spanish, English and Catalan, each with its own administrator and customer
 * speaking that language: the administrator schedules the customer's post in the publish dialog; the
 * customer is e-mailed that it awaits her, asks for changes with a comment on a 390 px phone; the
 * administrator is e-mailed the comment, edits the text, schedules it again and sends a review link;
 * the link, opened from its e-mail on a phone, approves it with a name; the administrator is e-mailed
 * the yes; the app's clock reaches its time and it is published to the sandbox; its history tells all.
 */
const journey = useServerAndBrowser({ APPROVAL_EMAIL_QUIET_MINUTES: '0' });

const PHONE = { width: 390, height: 844 };

interface Cast {
  admin: { first_name: string; last_name: string; email: string; password: string };
  customer: { first_name: string; last_name: string; email: string; password: string };
  title: string;
  description: string;
  comment: string;
  edited: string;
  reviewer: string;
}

const CASTS: Record<Language, Cast> = {
  es: {
    admin: { first_name: 'Elena', last_name: 'Puig', email: 'elena@aprobacion-es.test', password: 'admin-es-1' },
    customer: { first_name: 'Marta', last_name: 'Soler', email: 'marta@aprobacion-es.test', password: 'cliente-es-1' },
    title: 'Casa del Patio en Gràcia',
    description: 'Una casa entre medianeras con un patio de naranjos.',
    comment: 'Nombrad el patio de naranjos, por favor.',
    edited: 'Una casa entre medianeras con un patio de naranjos.',
    reviewer: 'Pere Vidal',
  },
  en: {
    admin: { first_name: 'Ada', last_name: 'Moss', email: 'ada@approval-en.test', password: 'admin-en-1' },
    customer: { first_name: 'Grace', last_name: 'Hill', email: 'grace@approval-en.test', password: 'customer-en-1' },
    title: 'Courtyard House in Gràcia',
    description: 'A terraced house with a courtyard of orange trees.',
    comment: 'Please mention the courtyard of orange trees.',
    edited: 'A terraced house with a courtyard of orange trees.',
    reviewer: 'Sam Lee',
  },
  cat: {
    admin: { first_name: 'Joan', last_name: 'Ferrer', email: 'joan@aprovacio-cat.test', password: 'admin-cat-1' },
    customer: { first_name: 'Núria', last_name: 'Vila', email: 'nuria@aprovacio-cat.test', password: 'client-cat-1' },
    title: 'Casa del Pati a Gràcia',
    description: 'Una casa entre mitgeres amb un pati de tarongers.',
    comment: 'Anomeneu el pati de tarongers, si us plau.',
    edited: 'Una casa entre mitgeres amb un pati de tarongers.',
    reviewer: 'Pere Vidal',
  },
};

const asShown = (day: string) => day.split('-').reverse().join('-');
const daysAfter = (day: string, days: number) => new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function signedIn(server: RunningServer, credentials: { email: string; password: string }, language: Language, width: number): Promise<Page> {
  const page = await newPage(journey.browser, { locale: LOCALES[language] });
  await page.setViewportSize(width < 600 ? PHONE : { width, height: 900 });
  await signIn(page, server.url, credentials);
  await page.waitForURL(`${server.url}/home`);
  return page;
}

/** The first e-mail to `to` after `since` (outbox entries) whose subject matches, waiting for the jobs that send it. */
async function emailTo(server: RunningServer, to: string, since: number, subject: RegExp, timeout = 30_000): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        found = (await server.outbox()).slice(since).find((message) => message.to === to && subject.test(message.subject));
        return found !== undefined;
      },
      { timeout, interval: 250 },
    )
    .toBe(true);
  return found!;
}

/** The one address the e-mail links to on this server. */
function linkIn(server: RunningServer, message: OutboxMessage, path: RegExp): string {
  const link = [...message.text.matchAll(/https?:\/\/\S+/g)].map(([url]) => url).find((url) => url.startsWith(server.url) && path.test(new URL(url).pathname));
  expect(link, `a link to ${path} in “${message.subject}”`).toBeDefined();
  return link!;
}

/** Moves the app's clock (the sandbox's clock control) to `seconds` past `instant`. */
async function advanceAppClockPast(server: RunningServer, instant: string, seconds: number): Promise<void> {
  const control = (await (await fetch(`${server.url}/sandbox/control`)).json()) as { clockOffsetSeconds: number };
  const appNow = Date.now() + control.clockOffsetSeconds * 1000;
  await sandboxControl(server, 'advance-time', { seconds: Math.ceil((Date.parse(instant) - appNow) / 1000) + seconds });
}

/** The publish dialog of the card: the day typed, LinkedIn chosen, confirmed; the post awaits approval. */
async function scheduleInDialog(page: Page, language: Language, card: ReturnType<Page['getByRole']>, day: string): Promise<void> {
  const t = (key: string, values?: Record<string, string | number>) => text(language, 'posts', key, values);
  await card.getByRole('button', { name: t('actions.publish'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: t('publish.title') });
  const dateField = dialog.getByLabel(t('publish.date'));
  await dateField.fill(asShown(day));
  await dateField.press('Tab');
  const linkedin = dialog.getByRole('checkbox', { name: 'LinkedIn' });
  await expect.poll(() => linkedin.isDisabled(), { timeout: 10_000 }).toBe(false);
  await linkedin.check();
  await dialog.getByRole('button', { name: text(language, 'common', 'actions.confirm') }).click();
  await dialog.waitFor({ state: 'hidden' });
  await card.getByText(t('states.awaitingApproval')).first().waitFor();
}

describe('approval from the first schedule to the publication', () => {
  test.each(LANGUAGES)('in %s', { timeout: 300_000 }, async (language) => {
    const { server } = journey;
    const cast = CASTS[language];
    const posts = (key: string, values?: Record<string, string | number>) => text(language, 'posts', key, values);

    // Set-up, as the studio's first administrator: this language's administrator and customer, her
    // LinkedIn connected at the sandbox, her project written.
    const seed = await signedIn(server, ADMIN, 'es', 1280);
    const make = async (person: Cast['admin'], role: 'admin' | 'customer') => {
      const made = await seed.request.post(`${server.url}/api/users`, {
        data: { ...person, phone: '600 000 000', role, language, ...(role === 'customer' ? { approval: 'studio' } : {}) },
      });
      expect(made.status(), await made.text()).toBe(201);
      return ((await made.json()) as { id: string }).id;
    };
    await make(cast.admin, 'admin');
    const customerId = await make(cast.customer, 'customer');
    const owner = await signedIn(server, cast.customer, language, 1280);
    await owner.goto(`${server.url}/settings`);
    const tile = owner.getByRole('region', { name: 'LinkedIn' });
    await tile.getByRole('button', { name: text(language, 'social', 'tile.connect'), exact: true }).click();
    await owner.getByRole('button', { name: 'Allow' }).click();
    await tile.getByText(text(language, 'social', 'tile.connected'), { exact: true }).waitFor();
    await owner.context().close();
    const projectId = await createProject(seed, server, {
      title: cast.title,
      description: cast.description,
      keywords: 'patio',
      category: 'residencial',
      location: 'Barcelona',
      year: 2025,
      publications: 1,
      colours: ['#b5651d'],
    });
    expect((await seed.request.post(`${server.url}/api/projects/${projectId}/assign`, { data: { userId: customerId } })).status()).toBe(200);
    await launchProject(seed, server, projectId);
    await seed.context().close();

    // 1. The administrator schedules her post in the publish dialog, three days ahead: it awaits her approval.
    const admin = await signedIn(server, cast.admin, language, 1280);
    const listed = (await (await admin.request.get(`${server.url}/api/posts?pageSize=60`)).json()) as PostPage;
    const postId = listed.items.find((item) => item.project_id === projectId)!.id;
    const day = daysAfter(listed.today, 3);
    const getPost = async () => (await (await admin.request.get(`${server.url}/api/posts/${postId}`)).json()) as Post;
    await admin.goto(`${server.url}/preview-projects`);
    const adminCard = admin.getByRole('article', { name: `${cast.title} ${posts('card.number', { number: 1 })}` });
    let mails = (await server.outbox()).length;
    await scheduleInDialog(admin, language, adminCard, day);
    expect((await getPost()).state).toBe('awaiting_approval');

    // 2. She is e-mailed, in her language, and follows the e-mail to the posts awaiting her, on her phone.
    // The approval-emails job runs every minute (docs/decisions/042); the quiet period is 0 here.
    const asked = await emailTo(server, cast.customer.email, mails, emailPattern(language, 'approvalAwaiting.subject_one'), 90_000);
    expect(asked.text).toContain(cast.title);
    const phone = await signedIn(server, cast.customer, language, 390);
    await phone.goto(linkIn(server, asked, /^\/preview-projects/));
    const card = phone.getByRole('article', { name: `${cast.title} ${posts('card.number', { number: 1 })}` });
    await card.getByText(posts('states.awaitingApproval')).first().waitFor();
    await card.getByRole('button', { name: posts('approval.requestChanges') }).click();
    const changes = phone.getByRole('dialog', { name: posts('approval.changesTitle') });
    await changes.getByRole('textbox').fill(cast.comment);
    mails = (await server.outbox()).length;
    await changes.getByRole('button', { name: posts('approval.changesSend') }).click();
    await changes.waitFor({ state: 'hidden' });
    expect((await getPost()).state).toBe('preview');
    expectNoUnexpectedConsoleErrors(phone);
    await phone.context().close();

    // 3. The administrator is e-mailed her comment, reads it on the card, edits the text and schedules again.
    const commented = await emailTo(server, cast.admin.email, mails, emailPattern(language, 'approvalDecision.subject_changes_one'));
    expect(commented.text).toContain(cast.comment);
    await admin.reload();
    await adminCard.getByTestId('changes-comment').getByText(cast.comment).waitFor();
    await adminCard.getByRole('button', { name: posts('actions.edit'), exact: true }).click();
    const editor = admin.getByRole('dialog', { name: posts('edit.title') });
    await editor.getByRole('textbox', { name: posts('edit.text'), exact: true }).fill(cast.edited);
    await editor.getByRole('button', { name: posts('edit.save') }).click();
    await editor.waitFor({ state: 'hidden' });
    await scheduleInDialog(admin, language, adminCard, day);

    // 4. A review link for the project, sent to her address in her language.
    const projects = (key: string, values?: Record<string, string | number>) => text(language, 'projects', key, values);
    await admin.goto(`${server.url}/projects`);
    await admin.getByRole('button', { name: projects('menu.open', { title: cast.title }) }).click();
    await admin.getByRole('menuitem', { name: projects('menu.reviewLinks') }).click();
    const links = admin.getByRole('dialog', { name: projects('reviewLinks.title') });
    await links.getByLabel(projects('reviewLinks.email')).fill(cast.customer.email);
    mails = (await server.outbox()).length;
    await links.getByRole('button', { name: projects('reviewLinks.create') }).click();
    await links.getByText(projects('reviewLinks.emailed', { email: cast.customer.email })).waitFor();
    await saveScreenshot(admin, `approval-journey-${language}-review-link-made`);
    await admin.keyboard.press('Escape');

    // 5. The link, from its e-mail, on a phone with no session: a name, and Approve.
    const linked = await emailTo(server, cast.customer.email, mails, emailPattern(language, 'reviewLink.subject'));
    const review = await newPage(journey.browser, { locale: LOCALES[language] });
    await review.setViewportSize(PHONE);
    await review.goto(linkIn(server, linked, /^\/review\//));
    const reviewed = review.getByRole('region', { name: text(language, 'review', 'post.heading', { sequence: 1 }) });
    await reviewed.getByRole('article', { name: posts('preview.linkedinTitle') }).waitFor();
    await review.getByRole('textbox', { name: new RegExp(text(language, 'review', 'name.label')) }).fill(cast.reviewer);
    mails = (await server.outbox()).length;
    await reviewed.getByRole('button', { name: text(language, 'review', 'actions.approve') }).click();
    const approvedSaid = text(language, 'review', 'state.approved', { when: '' }).trim();
    await reviewed.getByText(approvedSaid, { exact: false }).waitFor();
    await saveScreenshot(review, `approval-journey-${language}-approved-390`);
    expectNoUnexpectedConsoleErrors(review);
    await review.context().close();
    const approvedPost = await getPost();
    expect(approvedPost.state).toBe('scheduled');

    // 6. The administrator is told the yes, with the reviewer's name.
    const yes = await emailTo(server, cast.admin.email, mails, emailPattern(language, 'approvalDecision.subject_approved_one'));
    expect(yes.text).toContain(cast.reviewer);

    // 7. The app's clock passes its time: it is published to the sandbox.
    await advanceAppClockPast(server, approvedPost.publish_at!, 60);
    await expect.poll(async () => (await getPost()).state, { timeout: 30_000, interval: 500 }).toBe('published');
    const [result] = await runSql<{ status: string }>(server, "select status from post_results where post_id = $1 and network = 'linkedin'", [postId]);
    expect(result?.status).toBe('posted');

    // 8. Its history tells all of it, in order.
    const history = (key: string, values?: Record<string, string | number>) => text(language, 'history', key, values);
    await admin.goto(`${server.url}/preview-projects`);
    await adminCard.getByRole('button', { name: posts('historyAction') }).click();
    const panel = admin.getByRole('dialog', { name: history('dialogTitle', { number: 1, title: cast.title }) });
    await panel.getByText(history('kinds.published', { network: 'LinkedIn' })).waitFor();
    const told = await panel.getByTestId('history-event').evaluateAll((events) => events.map((event) => event.getAttribute('data-kind')));
    const expected = ['generated', 'approval_asked', 'changes_asked', 'edited', 'approval_asked', 'approved', 'published'];
    expect(told.filter((kind) => expected.includes(kind!))).toEqual(expected);
    await panel.getByText(cast.comment).waitFor();
    await panel.getByText(`${history('who.reviewer', { name: cast.reviewer })} · ${history('via.link')}`).waitFor();
    await saveScreenshot(admin, `approval-journey-${language}-history`);
    expectNoUnexpectedConsoleErrors(admin);
    await admin.context().close();
  });
});
