import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../adapters/storage/local-storage.ts';
import { createStudioCalendar } from '../../lib/studio-calendar.ts';
import { readPdf } from '../../test-support/pdf-text.ts';
import { createTestPost, createTestProject, createTestReading } from '../../test-support/posts.ts';
import { type TestSmtpServer, startTestSmtpServer } from '../../test-support/smtp-server.ts';
import { storedFlag, storedInstant } from '../../test-support/stored-values.ts';
import { TEST_PUBLIC_URL, type TestApp, createTestApp, createTestUser } from '../../test-support/test-app.ts';
import { type MonthlyReportsDependencies, enqueueMonthlyReports, reportMonthDueOn, sendMonthlyReports } from './service.ts';

/**
 * The monthly report e-mails (issue 26 item 3, decision 047), through the app's SMTP mailer to a real SMTP
 * server: on the first days of a studio month, one e-mail per customer who published the month before, in
 * their language, with the totals and the PDF attached; none for a customer who did not publish; once per
 * customer and month with two runs at once, a run again, a mail server that refused first or a run that died.
 */
// 1 December 2026, 00:30 in Madrid (UTC+1): still 30 November in UTC.
const FIRST_OF_DECEMBER = new Date('2026-11-30T23:30:00Z');
const MINUTE = 60_000;
const silent = { info: () => {}, warn: () => {}, error: () => {} };

describe('monthly report e-mails', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let clock = FIRST_OF_DECEMBER;
  const ids = { admin: '', clara: '', laia: '', marc: '', nora: '' };
  let remote = 0;

  const calendar = createStudioCalendar({ timeZone: 'Europe/Madrid', now: () => clock });
  const deps = (): MonthlyReportsDependencies => ({
    db: t.database.db,
    dialect: t.database.dialect,
    calendar,
    storage: createLocalStorage({ root: t.mediaDir, publicUrl: `${TEST_PUBLIC_URL}/media` }),
    mailer: smtp.mailer,
    publicUrl: TEST_PUBLIC_URL,
    log: silent as never,
    now: () => clock,
    leaseClock: () => clock,
  });
  /** What main.ts does every hour, and the worker. */
  const run = async () => {
    const queued = await enqueueMonthlyReports(t.database.db, t.database.dialect, calendar, clock);
    await t.worker.runDueJobs();
    return queued;
  };
  const publish = async (
    projectId: number,
    ownerId: string,
    at: string,
    text: string,
    figures?: { impressions: number; reach: number; interactions: number },
    imageKey?: string,
  ) => {
    const published = new Date(at);
    const { id } = await createTestPost(t.database.db, {
      projectId,
      ownerId,
      state: 'published',
      publishedAt: published,
      text,
      images: imageKey ? [{ linkedinKey: imageKey }] : [],
    });
    if (!figures) return;
    remote += 1;
    await createTestReading(t.database.db, { postId: id, projectId, network: 'instagram', remoteId: `monthly-${remote}`, publishedAt: published, figures });
  };
  const mailTo = (who: keyof typeof ids) => smtp.received.filter((mail) => mail.to.includes(`${who}@monthly.test`));

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await createTestApp({ mailer: smtp.mailer, now: () => clock });
    for (const [name, role, language] of [
      ['admin', 'admin', 'es'],
      ['clara', 'customer', 'es'],
      ['laia', 'customer', 'cat'],
      ['marc', 'customer', 'en'],
      ['nora', 'customer', 'en'],
    ] as const) {
      ids[name] = (await createTestUser(t, { email: `${name}@monthly.test`, role, language, firstName: name[0]!.toUpperCase() + name.slice(1) })).id;
    }
    const db = t.database.db;
    await db.updateTable('users').set({ company: 'Estudi Col·lectiu' }).where('id', '=', ids.laia).execute();
    const project = async (owner: string) => createTestProject(db, { title: `Casa ${owner}`, createdBy: ids.admin, assignedTo: owner });
    const key = 'posts/monthly/clara-li.png';
    await fs.mkdir(path.join(t.mediaDir, 'posts', 'monthly'), { recursive: true });
    await fs.writeFile(
      path.join(t.mediaDir, key),
      await sharp({ create: { width: 400, height: 300, channels: 3, background: '#845' } })
        .png()
        .toBuffer(),
    );
    // November (Madrid): Clara with figures and an image; Laia published without figures yet.
    await publish(
      await project(ids.clara),
      ids.clara,
      '2026-11-10T10:00:00Z',
      'La casa del acantilado',
      { impressions: 1500, reach: 1100, interactions: 120 },
      key,
    );
    await publish(await project(ids.laia), ids.laia, '2026-11-30T22:30:00Z', 'La llum de la tarda');
    // Marc published only in October; the 31 Oct 23:30 UTC post is Nora's 1 November 00:30 in Madrid... and she is deactivated.
    await publish(await project(ids.marc), ids.marc, '2026-10-15T10:00:00Z', 'Octubre', { impressions: 10, reach: 5, interactions: 1 });
    await publish(await project(ids.nora), ids.nora, '2026-10-31T23:30:00Z', 'Novembre', { impressions: 10, reach: 5, interactions: 1 });
    await db
      .updateTable('users')
      .set({ active: storedFlag(false) })
      .where('id', '=', ids.nora)
      .execute();
  });
  beforeEach(() => {
    smtp.received = [];
    smtp.refuse = false;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('is due on the first three days of a studio month, for the month before', () => {
    expect(reportMonthDueOn('2026-12-01')).toBe('2026-11');
    expect(reportMonthDueOn('2027-01-03')).toBe('2026-12');
    expect(reportMonthDueOn('2026-12-04')).toBeNull();
    expect(reportMonthDueOn('2026-11-30')).toBeNull();
  });

  it('sends nothing on a day that is not the first of a month in the studio, though it is in UTC elsewhere', async () => {
    clock = new Date('2026-11-30T22:30:00Z'); // 23:30 on 30 November in Madrid
    expect(await run()).toBe(false);
    expect(await sendMonthlyReports(deps())).toEqual({ month: null, sent: 0, failures: 0 });
    expect(smtp.received).toEqual([]);
  });

  it('sends each customer who published the month before one e-mail in their language with the totals and the PDF, once, with two runs at once', async () => {
    clock = FIRST_OF_DECEMBER;
    const outcomes = await Promise.all([sendMonthlyReports(deps()), sendMonthlyReports(deps())]);
    expect(outcomes.map((outcome) => outcome.sent).reduce((a, b) => a + b)).toBe(2);
    expect(smtp.received).toHaveLength(2);

    const [clara] = mailTo('clara');
    expect(clara!.subject).toBe('Tus resultados de noviembre de 2026');
    expect(clara!.text).toContain('Hola Clara');
    expect(clara!.text).toContain('- Instagram — publicaciones: 1, impresiones: 1500 (ninguna el mes anterior), alcance: 1100, interacciones: 120');
    expect(clara!.text).toContain(`${TEST_PUBLIC_URL}/results`);
    expect(clara!.attachments).toHaveLength(1);
    expect(clara!.attachments[0]).toMatchObject({ contentType: 'application/pdf', filename: 'alzado-report-clara-2026-11.pdf' });
    const pdf = readPdf(clara!.attachments[0]!.content);
    expect(pdf.header).toMatch(/^%PDF-/);
    expect(pdf.pages).toBeGreaterThanOrEqual(1);
    expect(pdf.text).toContain('Resultados de noviembre de 2026');
    expect(pdf.text).toContain('La casa del acantilado');

    const [laia] = mailTo('laia');
    expect(laia!.subject).toBe('Els teus resultats de novembre del 2026');
    expect(laia!.text).toContain('Les xarxes encara no ens han donat xifres');
    const laiaPdf = readPdf(laia!.attachments[0]!.content);
    expect(laiaPdf.text).toContain('Estudi Col·lectiu');
    expect(laiaPdf.text).toContain('Resultats de novembre del 2026');
    // Marc published in October only, Nora is deactivated: none.
    expect(mailTo('marc')).toEqual([]);
    expect(mailTo('nora')).toEqual([]);

    // The hourly job later that day, and on the 2nd: nothing more.
    clock = new Date(FIRST_OF_DECEMBER.getTime() + 60 * MINUTE);
    expect(await run()).toBe(true);
    clock = new Date('2026-12-02T09:00:00Z');
    await run();
    expect(smtp.received).toHaveLength(2);
    const rows = await t.database.db.selectFrom('monthly_report_emails').select(['owner_id', 'month', 'sent_at']).orderBy('owner_id').execute();
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.month === '2026-11' && row.sent_at !== null)).toBe(true);
  });

  it("through the worker's job, with the top post's first image in the PDF; a refusing mail server's e-mail goes at the next run", async () => {
    // January: December's posts. Clara published in December.
    await publish(
      await createTestProject(t.database.db, { title: 'Casa nueva', createdBy: ids.admin, assignedTo: ids.clara }),
      ids.clara,
      '2026-12-15T10:00:00Z',
      'Diciembre',
      { impressions: 3000, reach: 2000, interactions: 300 },
      'posts/monthly/clara-li.png',
    );
    clock = new Date('2026-12-31T23:10:00Z'); // 1 January 2027, 00:10 in Madrid
    smtp.refuse = true;
    expect(await run()).toBe(true);
    expect(smtp.received).toEqual([]);
    expect(await t.database.db.selectFrom('monthly_report_emails').select('id').where('month', '=', '2026-12').execute()).toEqual([]);

    smtp.refuse = false;
    clock = new Date(clock.getTime() + 60 * MINUTE);
    await run();
    expect(smtp.received).toHaveLength(1);
    const [mail] = mailTo('clara');
    expect(mail!.subject).toBe('Tus resultados de diciembre de 2026');
    expect(mail!.text).toContain('impresiones: 3000 (+100 % respecto al mes anterior)');
    const pdf = readPdf(mail!.attachments[0]!.content);
    expect(pdf.images).toBe(1);
    expect(pdf.text).toContain('Diciembre');
  });

  it('leaves a claim of a run under way alone, and sends once the claim of a run that died is old', async () => {
    clock = new Date('2027-01-31T23:30:00Z'); // 1 February in Madrid: January's reports
    await publish(
      await createTestProject(t.database.db, { title: 'Casa de enero', createdBy: ids.admin, assignedTo: ids.marc }),
      ids.marc,
      '2027-01-20T10:00:00Z',
      'January',
      {
        impressions: 5,
        reach: 4,
        interactions: 1,
      },
    );
    // A run claimed Marc's January e-mail a minute ago and stopped before sending it.
    await t.database.db
      .insertInto('monthly_report_emails')
      .values({ owner_id: ids.marc, month: '2027-01', claimed_at: storedInstant(new Date(clock.getTime() - MINUTE)) as string, sent_at: null })
      .execute();
    expect(await sendMonthlyReports(deps())).toEqual({ month: '2027-01', sent: 0, failures: 0 });
    expect(smtp.received).toEqual([]);
    clock = new Date(clock.getTime() + 20 * MINUTE);
    expect(await sendMonthlyReports(deps())).toEqual({ month: '2027-01', sent: 1, failures: 0 });
    expect(await sendMonthlyReports(deps())).toEqual({ month: '2027-01', sent: 0, failures: 0 });
    expect(mailTo('marc').map((mail) => mail.subject)).toEqual(['Your results for January 2027']);
  });
});
