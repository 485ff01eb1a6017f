import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../lib/clock.ts';
import { createTestPost, createTestProject } from '../../test-support/posts.ts';
import { type TestSandbox, connect, sandboxAdapters, startTestSandbox } from '../../test-support/social-sandbox.ts';
import { type TestSmtpServer, startTestSmtpServer } from '../../test-support/smtp-server.ts';
import { TEST_PUBLIC_URL, type TestApp, createTestApp, createTestUser, signIn } from '../../test-support/test-app.ts';
import { type ApprovalEmailsDependencies, DEFAULT_APPROVAL_EMAILS, enqueueApprovalEmails, sendDueApprovalEmails } from './service.ts';

/**
 * The approval e-mails (issue 25 item 3, decision 042), through the app's SMTP mailer to a real SMTP
 * server: one e-mail per customer's batch once it is quiet, reminders 24 h and 72 h after it, none for a
 * post decided, a new start for a post asked again, the author's e-mail on each decision (with the
 * comment, per author, naming a review link's reviewer), in each recipient's language, and once only
 * with two runs at once or a mail server that refused first.
 */

const START = new Date('2025-06-10T08:00:00Z'); // 10:00 in Madrid
const DAY = '2025-09-30';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const AWAITING_URL = `${TEST_PUBLIC_URL}/preview-projects?state=awaiting_approval`;

describe('approval e-mails', () => {
  let sandbox: TestSandbox;
  let smtp: TestSmtpServer;
  let t: TestApp;
  let clock = START;
  let admin: string;
  let adminId: string;
  const customers: Record<'clara' | 'marc' | 'laia', { id: string; cookie: string; project: number; email: string }> = {} as never;

  const at = (ms: number) => {
    clock = new Date(START.getTime() + ms);
  };
  const inject = (cookie: string | undefined, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
  /** A post of the customer's, which the administrator schedules: awaiting the customer's approval. */
  const awaitingPost = async (who: keyof typeof customers, text = 'Una casa junto al mar #arquitectura', time = '12:00', day = DAY) => {
    const customer = customers[who];
    const { id } = await createTestPost(t.database.db, { projectId: customer.project, ownerId: customer.id, text });
    const response = await inject(admin, 'PUT', `/api/posts/${id}/schedule`, {
      publish_on: day,
      publish_time: time,
      networks: { instagram: false, linkedin: true },
    });
    expect(response.json(), response.body).toMatchObject({ state: 'awaiting_approval' });
    return response.json<{ id: number; updated_at: string }>();
  };
  /** What main.ts does every minute, and the worker: the approval-emails job and the jobs it leaves (none) or decisions queued. */
  const run = async () => {
    await enqueueApprovalEmails(t.database.db, t.database.dialect, clock);
    await t.worker.runDueJobs();
  };
  const mailTo = (email: string) => smtp.received.filter((mail) => mail.to.includes(email));

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    smtp = await startTestSmtpServer();
    t = await createTestApp({ social: sandboxAdapters(sandbox), mailer: smtp.mailer, now: () => clock });
    const a = await createTestUser(t, { email: 'admin@studio.es', role: 'admin', firstName: 'Alba', language: 'es' });
    adminId = a.id;
    admin = await signIn(t, a.email, a.password);
    for (const [key, language, firstName] of [
      ['clara', 'en', 'Clara'],
      ['marc', 'es', 'Marc'],
      ['laia', 'cat', 'Laia'],
    ] as const) {
      const email = `${key}@cliente.es`;
      const user = await createTestUser(t, { email, role: 'customer', language, firstName });
      const cookie = await signIn(t, email, user.password);
      const project = await createTestProject(t.database.db, { title: `Casa de ${firstName}`, createdBy: adminId, assignedTo: user.id });
      customers[key] = { id: user.id, cookie, project, email };
      expect((await inject(admin, 'PATCH', `/api/users/${user.id}`, { approval: 'studio' })).statusCode).toBe(200);
      expect((await connect(t, cookie, 'linkedin')).statusCode).toBe(200);
    }
  });
  beforeEach(() => {
    smtp.received = [];
    smtp.refuse = false;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    await sandbox.close();
  });

  it('sends one e-mail for a batch once none joined for the quiet period, then reminders 24 h and 72 h after it, none for a post decided', async () => {
    at(0);
    // Nothing awaits approval yet: main.ts's minute queues no job.
    expect(await enqueueApprovalEmails(t.database.db, t.database.dialect, clock)).toBe(false);
    const first = await awaitingPost('clara', 'A house by the sea\nwith a second line');
    at(3 * MINUTE);
    const second = await awaitingPost('clara', 'Light through the <patio> & the garden');
    at(6 * MINUTE);
    const third = await awaitingPost('clara', 'The stair', '18:30');

    // Ten minutes after the first, but the third joined four minutes ago: quiet until 16 minutes.
    at(10 * MINUTE);
    await run();
    at(15 * MINUTE);
    await run();
    expect(smtp.received).toEqual([]);

    at(16 * MINUTE);
    await run();
    await run();
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.to).toEqual(['clara@cliente.es']);
    expect(mail!.subject).toBe('3 posts await your approval');
    expect(mail!.text).toContain('Hello Clara,');
    expect(mail!.text).toContain('- Casa de Clara: “A house by the sea”, 30-09-2025 at 12:00');
    expect(mail!.text).toContain('- Casa de Clara: “Light through the <patio> & the garden”, 30-09-2025 at 12:00');
    expect(mail!.text).toContain('- Casa de Clara: “The stair”, 30-09-2025 at 18:30');
    expect(mail!.text).not.toContain('second line');
    expect(mail!.text).toContain(AWAITING_URL);
    expect(mail!.html).toContain('Light through the &lt;patio&gt; &amp; the garden');
    expect(mail!.html).toContain(`<a href="${AWAITING_URL.replace('&', '&amp;')}">Review the posts</a>`);

    // The reminders count from that e-mail (16 minutes).
    at(16 * MINUTE + 23 * HOUR);
    await run();
    expect(smtp.received).toHaveLength(1);
    at(16 * MINUTE + 24 * HOUR);
    await run();
    await run();
    expect(smtp.received).toHaveLength(2);
    expect(smtp.received[1]!.subject).toBe('Reminder: 3 posts still await your approval');
    expect(smtp.received[1]!.text).toContain('We told you about these 3 posts 24 hours ago and they still await your approval:');

    // Clara approves one and asks for changes to another: the 72 h reminder lists the third alone.
    at(30 * HOUR);
    const approved = await inject(customers.clara.cookie, 'POST', `/api/posts/${first.id}/approve`, { updated_at: first.updated_at });
    expect(approved.statusCode, approved.body).toBe(200);
    const asked = await inject(customers.clara.cookie, 'POST', `/api/posts/${second.id}/request-changes`, {
      updated_at: second.updated_at,
      comment: 'Without the <patio>, please.\nAnd a warmer tone.',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    await t.worker.runDueJobs();
    const toAuthor = mailTo('admin@studio.es');
    expect(toAuthor.map((mail) => mail.subject).sort()).toEqual(['Clara ha aprobado tu publicación', 'Clara pide cambios en tu publicación']);
    const approval = toAuthor.find((mail) => mail.subject.includes('aprobado'))!;
    expect(approval.text).toContain('Hola Alba:');
    expect(approval.text).toContain('- Casa de Clara: «A house by the sea», 30-09-2025 a las 12:00');
    expect(approval.text).toContain(`${TEST_PUBLIC_URL}/preview-projects?state=scheduled`);
    const changes = toAuthor.find((mail) => mail.subject.includes('cambios'))!;
    expect(changes.text).toContain('- Casa de Clara: «Light through the <patio> & the garden»');
    expect(changes.text).toContain('Su comentario:\nWithout the <patio>, please.\nAnd a warmer tone.');
    expect(changes.html).toContain('<p>Su comentario:<br>Without the &lt;patio&gt;, please.<br>And a warmer tone.</p>');

    smtp.received = [];
    at(16 * MINUTE + 72 * HOUR);
    await run();
    await run();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.subject).toBe('Reminder: 1 post still awaits your approval');
    expect(smtp.received[0]!.text).toContain('- Casa de Clara: “The stair”, 30-09-2025 at 18:30');
    expect(smtp.received[0]!.text).not.toContain('A house by the sea');
    expect(smtp.received[0]!.text).not.toContain('patio');

    // No threshold is left: nothing more, however long it waits.
    at(200 * HOUR);
    await run();
    expect(smtp.received).toHaveLength(1);
    await inject(customers.clara.cookie, 'POST', `/api/posts/${third.id}/request-changes`, { updated_at: third.updated_at, comment: 'No.' });
    await t.worker.runDueJobs();
  });

  it('a post asked again after an edit starts over: announced again, its reminders counted from that e-mail', async () => {
    at(300 * HOUR);
    const post = await awaitingPost('marc', 'Casa de piedra');
    at(300 * HOUR + 10 * MINUTE);
    await run();
    expect(mailTo('marc@cliente.es').map((mail) => mail.subject)).toEqual(['1 publicación espera tu aprobación']);

    // Twenty hours later the administrator edits it: asked again, a new episode.
    at(320 * HOUR);
    const edited = await inject(admin, 'PATCH', `/api/posts/${post.id}`, { text: 'Casa de piedra y madera' });
    expect(edited.json()).toMatchObject({ state: 'awaiting_approval' });
    at(320 * HOUR + 5 * MINUTE);
    await run();
    expect(mailTo('marc@cliente.es')).toHaveLength(1);
    at(320 * HOUR + 10 * MINUTE);
    await run();
    const announced = mailTo('marc@cliente.es');
    expect(announced).toHaveLength(2);
    expect(announced[1]!.text).toContain('- Casa de Marc: «Casa de piedra y madera», 30-09-2025 a las 12:00');

    // 24 h after the first e-mail is only 4 h after the second: no reminder yet.
    at(300 * HOUR + 10 * MINUTE + 24 * HOUR);
    await run();
    expect(mailTo('marc@cliente.es')).toHaveLength(2);
    at(320 * HOUR + 10 * MINUTE + 24 * HOUR);
    await run();
    const reminders = mailTo('marc@cliente.es').slice(2);
    expect(reminders.map((mail) => mail.subject)).toEqual(['Recordatorio: 1 publicación sigue esperando tu aprobación']);
    expect(reminders[0]!.text).toContain('Te avisamos de esta publicación hace 24 horas y sigue esperando tu aprobación:');
    // Its day (30 September) is still ahead: no word about a new time.
    expect(reminders[0]!.text).not.toContain('ya han pasado');
    const latest = edited.json<{ updated_at: string }>();
    expect(
      (await inject(customers.marc.cookie, 'POST', `/api/posts/${post.id}/request-changes`, { updated_at: latest.updated_at, comment: 'No.' })).statusCode,
    ).toBe(200);
    await t.worker.runDueJobs();
  });

  it("writes to each customer in their language, and each author once for a project's posts decided at once", async () => {
    at(400 * HOUR);
    const laias = [await awaitingPost('laia', 'Primera'), await awaitingPost('laia', 'Segona')];
    const marcs = await awaitingPost('marc', 'Otra');
    at(400 * HOUR + 10 * MINUTE);
    await run();
    expect(mailTo('laia@cliente.es').map((mail) => mail.subject)).toEqual(['2 publicacions esperen la teva aprovació']);
    expect(mailTo('laia@cliente.es')[0]!.text).toContain("L'estudi t'ha enviat 2 publicacions perquè les aprovis abans que surtin:");
    expect(mailTo('marc@cliente.es').map((mail) => mail.subject)).toEqual(['1 publicación espera tu aprobación']);

    smtp.received = [];
    const decided = await inject(customers.laia.cookie, 'POST', `/api/projects/${customers.laia.project}/request-changes`, {
      posts: laias.map((post) => ({ id: post.id, updated_at: post.updated_at })),
      comment: 'Més llum, si us plau.',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    await t.worker.runDueJobs();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(['admin@studio.es']);
    expect(smtp.received[0]!.subject).toBe('Laia pide cambios en 2 de tus publicaciones');
    expect(smtp.received[0]!.text).toContain('- Casa de Laia: «Primera»\n- Casa de Laia: «Segona»');
    expect(smtp.received[0]!.text).toContain('Més llum, si us plau.');
    expect(
      (await inject(customers.marc.cookie, 'POST', `/api/posts/${marcs.id}/request-changes`, { updated_at: marcs.updated_at, comment: 'No.' })).statusCode,
    ).toBe(200);
    await t.worker.runDueJobs();
  });

  it("names a review link's reviewer in the author's e-mail", async () => {
    at(500 * HOUR);
    const post = await awaitingPost('marc', 'Por enlace');
    const link = await inject(admin, 'POST', `/api/projects/${customers.marc.project}/review-links`, { language: 'es' });
    expect(link.statusCode, link.body).toBeLessThan(300);
    const token = link.json<{ url: string }>().url.split('/').pop()!;
    smtp.received = [];
    const approved = await inject(undefined, 'POST', `/api/review/${token}/posts/${post.id}/approve`, { name: 'Jordi Puig', updated_at: post.updated_at });
    expect(approved.statusCode, approved.body).toBe(200);
    await t.worker.runDueJobs();
    const [mail] = mailTo('admin@studio.es');
    expect(mail!.subject).toBe('Jordi Puig (desde un enlace de revisión) ha aprobado tu publicación');
  });

  it("the author's e-mail is tried again when the mail server refused it, and sent once", async () => {
    at(550 * HOUR);
    const post = await awaitingPost('laia', 'Tercera');
    smtp.refuse = true;
    const approved = await inject(customers.laia.cookie, 'POST', `/api/posts/${post.id}/approve`, { updated_at: post.updated_at });
    expect(approved.statusCode, approved.body).toBe(200);
    await t.worker.runDueJobs();
    expect(smtp.received).toEqual([]);
    const [job] = await t.database.db
      .selectFrom('jobs')
      .select(['state', 'attempts'])
      .where('kind', '=', 'send-approval-decision')
      .orderBy('id', 'desc')
      .limit(1)
      .execute();
    expect(job).toMatchObject({ state: 'queued', attempts: 1 });

    smtp.refuse = false;
    at(550 * HOUR + 10 * MINUTE);
    await t.worker.runDueJobs();
    await t.worker.runDueJobs();
    expect(smtp.received.map((mail) => mail.subject)).toEqual(['Laia ha aprobado tu publicación']);
  });

  it('sends once with two runs at once, and a mail server that refused gets the same e-mail at the next run, once', async () => {
    // 10:00 in Madrid on 5 July 2025; the posts go out at 20:00 that day.
    at(600 * HOUR);
    await awaitingPost('clara', 'Twice?', '20:00', '2025-07-05');
    await awaitingPost('clara', 'Twice, again?', '20:00', '2025-07-05');
    at(600 * HOUR + 10 * MINUTE);
    const deps: ApprovalEmailsDependencies = {
      db: t.database.db,
      mailer: smtp.mailer,
      publicUrl: TEST_PUBLIC_URL,
      settings: DEFAULT_APPROVAL_EMAILS,
      log: { info: () => {}, warn: () => {}, error: () => {} },
      now: () => clock,
      leaseClock: systemClock,
    };

    // The mail server refuses: the claim is given back, nothing is marked sent.
    smtp.refuse = true;
    expect(await sendDueApprovalEmails(deps)).toMatchObject({ awaiting: 0, failures: 1 });
    expect(smtp.received).toEqual([]);
    smtp.refuse = false;

    const outcomes = await Promise.all([sendDueApprovalEmails(deps), sendDueApprovalEmails(deps), sendDueApprovalEmails(deps)]);
    expect(outcomes.reduce((sum, outcome) => sum + outcome.awaiting, 0)).toBe(1);
    expect(mailTo('clara@cliente.es').map((mail) => mail.subject)).toEqual(['2 posts await your approval']);

    // The reminder too.
    at(600 * HOUR + 10 * MINUTE + 24 * HOUR);
    const reminders = await Promise.all([sendDueApprovalEmails(deps), sendDueApprovalEmails(deps)]);
    expect(reminders.reduce((sum, outcome) => sum + outcome.reminders, 0)).toBe(1);
    expect(mailTo('clara@cliente.es').map((mail) => mail.subject)).toEqual(['2 posts await your approval', 'Reminder: 2 posts still await your approval']);
    // Their time (5 July, 20:00) has passed by now: the reminder says a new time will be asked.
    expect(mailTo('clara@cliente.es')[1]!.text).toContain('A post whose day and time have passed will ask you for a new one when you approve it.');
  });

  it('a claim another run holds is left to it; one left unsent for 15 minutes (its run died) is taken over', async () => {
    at(700 * HOUR);
    const post = await awaitingPost('laia', 'Quarta');
    at(700 * HOUR + 10 * MINUTE);
    const deps: ApprovalEmailsDependencies = {
      db: t.database.db,
      mailer: smtp.mailer,
      publicUrl: TEST_PUBLIC_URL,
      settings: DEFAULT_APPROVAL_EMAILS,
      log: { info: () => {}, warn: () => {}, error: () => {} },
      now: () => clock,
      leaseClock: systemClock,
    };
    const [row] = await t.database.db.selectFrom('posts').select('approval_asked_at').where('id', '=', post.id).execute();
    const claimedAt = (minutesAgo: number) => new Date(systemClock().getTime() - minutesAgo * MINUTE).toISOString();
    const { id } = await t.database.db
      .insertInto('approval_emails')
      .values({
        post_id: post.id,
        owner_id: customers.laia.id,
        asked_at: row!.approval_asked_at!,
        kind: 'awaiting',
        after_hours: 0,
        claimed_at: claimedAt(1),
        sent_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // (Clara's posts of the test before get their 72 h reminder meanwhile.)
    expect(await sendDueApprovalEmails(deps)).toMatchObject({ awaiting: 0, failures: 0 });
    expect(mailTo('laia@cliente.es')).toEqual([]);

    await t.database.db
      .updateTable('approval_emails')
      .set({ claimed_at: claimedAt(16) })
      .where('id', '=', id)
      .execute();
    expect(await sendDueApprovalEmails(deps)).toMatchObject({ awaiting: 1 });
    expect(await sendDueApprovalEmails(deps)).toMatchObject({ awaiting: 0 });
    expect(mailTo('laia@cliente.es').map((mail) => mail.subject)).toEqual(['1 publicació espera la teva aprovació']);
  });
});
