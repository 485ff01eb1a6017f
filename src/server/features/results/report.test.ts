import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPdf } from '../../test-support/pdf-text.ts';
import { createTestPost, createTestProject, createTestReading } from '../../test-support/posts.ts';
import { type TestApp, createTestApp, createTestUser, signIn } from '../../test-support/test-app.ts';
import { buildMonthlyReport } from './service.ts';
import { createStudioCalendar } from '../../lib/studio-calendar.ts';

/**
 * GET /api/results/report.pdf (issue 26 item 3, decision 047): a customer's month as a PDF with the same
 * figures as GET /api/results for that month, the top posts' first image, in the reader's language; who
 * may download which, and the translated 400s, on both databases.
 */
// Wednesday 2 December 2026, 11:00 in Madrid.
const NOW = new Date('2026-12-02T10:00:00Z');

describe('the monthly report PDF', () => {
  let t: TestApp;
  const ids = { admin: '', clara: '', bruno: '', pablo: '' };
  const cookies = { admin: '', clara: '', bruno: '', pablo: '' };
  let remote = 0;

  const get = (cookie: string | undefined, query: string) =>
    t.app.inject({ method: 'GET', url: `/api/results/report.pdf?${query}`, headers: cookie ? { cookie } : {} });

  const publish = async (
    projectId: number,
    ownerId: string,
    at: string,
    text: string,
    readings: { network: 'instagram' | 'linkedin'; impressions: number; reach: number; interactions: number }[],
    imageKey?: string,
  ) => {
    const published = new Date(at);
    const { id } = await createTestPost(t.database.db, {
      projectId,
      ownerId,
      state: 'published',
      publishedAt: published,
      text,
      ...(imageKey ? { images: [{ linkedinKey: imageKey }, {}] } : { images: [] }),
    });
    for (const reading of readings) {
      remote += 1;
      const { network, ...figures } = reading;
      await createTestReading(t.database.db, { postId: id, projectId, network, remoteId: `report-${remote}`, publishedAt: published, figures });
    }
    return id;
  };

  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
    for (const [name, role, language] of [
      ['admin', 'admin', 'en'],
      ['clara', 'customer', 'es'],
      ['bruno', 'customer', 'cat'],
      ['pablo', 'publisher', 'es'],
    ] as const) {
      const user = await createTestUser(t, { email: `${name}@report.test`, role, language });
      ids[name] = user.id;
      cookies[name] = await signIn(t, user.email, user.password);
    }
    const db = t.database.db;
    await db.updateTable('users').set({ company: 'Col·lectiu Àrea, S.L.' }).where('id', '=', ids.clara).execute();
    const casa = await createTestProject(db, { title: 'Casa del Mar', createdBy: ids.admin, assignedTo: ids.clara });
    const nave = await createTestProject(db, { title: 'Nave', createdBy: ids.bruno });
    // The first image of the top post, in local storage (a PNG: the report makes a small JPEG of it).
    const key = 'posts/report/first-li.png';
    await fs.mkdir(path.join(t.mediaDir, 'posts', 'report'), { recursive: true });
    await fs.writeFile(
      path.join(t.mediaDir, key),
      await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3a7' } })
        .png()
        .toBuffer(),
    );
    // November 2026 (Madrid): 1 Nov 00:30 Madrid is 31 Oct 23:30 UTC, still November.
    await publish(
      casa,
      ids.clara,
      '2026-10-31T23:30:00Z',
      'Una escalera de caracol 🌀 en el patio\nsegunda línea',
      [
        { network: 'instagram', impressions: 1200, reach: 900, interactions: 140 },
        { network: 'linkedin', impressions: 300, reach: 250, interactions: 20 },
      ],
      key,
    );
    await publish(casa, ids.clara, '2026-11-20T17:00:00Z', 'La luz de la tarde', [{ network: 'instagram', impressions: 800, reach: 500, interactions: 40 }]);
    // October: the month before (31 Oct 22:30 UTC is 23:30 in Madrid, October).
    await publish(casa, ids.clara, '2026-10-31T22:30:00Z', 'Octubre', [{ network: 'instagram', impressions: 1000, reach: 700, interactions: 100 }]);
    await publish(nave, ids.bruno, '2026-11-05T10:00:00Z', 'Nave industrial', [{ network: 'linkedin', impressions: 50, reach: 40, interactions: 4 }]);
  });
  afterAll(async () => {
    await t.close();
  });

  it("gives a customer her month as a PDF, with GET /api/results's figures for that month, the studio name, the chart and the top posts with their first image", async () => {
    const response = await get(cookies.clara, 'month=2026-11');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="alzado-report-col-lectiu-area-s-l-2026-11.pdf"');
    const pdf = readPdf(response.rawPayload);
    expect(pdf.header).toMatch(/^%PDF-1\.\d/);
    expect(pdf.pages).toBeGreaterThanOrEqual(1);
    expect(pdf.images).toBe(1);
    // In Clara's language (Spanish), accents and "l·l" through Helvetica's WinAnsi; the emoji left out.
    expect(pdf.text).toContain('Col·lectiu Àrea, S.L.');
    expect(pdf.text).toContain('Resultados de noviembre de 2026');
    expect(pdf.text).toContain('Totales por red');
    expect(pdf.text).toContain('Una escalera de caracol en el patio segunda línea');
    expect(pdf.text).not.toContain('Octubre');

    // The same figures as the Results page's API for that month.
    const results = await t.app.inject({ method: 'GET', url: '/api/results?period=month:2026-11', headers: { cookie: cookies.clara } });
    const report = await buildMonthlyReport(
      {
        db: t.database.db,
        dialect: t.database.dialect,
        calendar: createStudioCalendar({ timeZone: 'Europe/Madrid', now: () => NOW }),
        storage: { get: () => Promise.reject(new Error('none')) } as never,
      },
      ids.clara,
      '2026-11',
      'es',
    );
    expect(report.results).toEqual(results.json());
    const instagram = results
      .json<{ totals: { network: string; figures: { impressions: number }; previous: { impressions: number } }[] }>()
      .totals.find((row) => row.network === 'instagram')!;
    expect(instagram.figures.impressions).toBe(2000);
    expect(instagram.previous.impressions).toBe(1000);
    expect(pdf.text).toContain(new Intl.NumberFormat('es').format(2000));
    expect(pdf.text).toContain('+100 %');
  });

  it("gives an administrator a named customer's month in the administrator's language", async () => {
    const response = await get(cookies.admin, `month=2026-11&customer=${ids.bruno}`);
    expect(response.statusCode, response.body).toBe(200);
    const pdf = readPdf(response.rawPayload);
    expect(pdf.text).toContain('Results of November 2026');
    expect(pdf.text).toContain('Nave industrial');
    expect(pdf.text).not.toContain('Casa del Mar');
    expect(pdf.images).toBe(0);
    // The month under way is not a future one: a report so far.
    expect((await get(cookies.admin, `month=2026-12&customer=${ids.bruno}`)).statusCode).toBe(200);
  });

  it('answers who may not, or what is wrong, with a translated error and no PDF', async () => {
    expect((await get(undefined, 'month=2026-11')).statusCode).toBe(401);
    expect((await get(cookies.pablo, 'month=2026-11')).statusCode).toBe(403);
    expect((await get(cookies.clara, `month=2026-11&customer=${ids.bruno}`)).statusCode).toBe(403);
    expect((await get(cookies.admin, 'month=2026-11&customer=nobody')).statusCode).toBe(404);
    expect((await get(cookies.admin, `month=2026-11&customer=${ids.pablo}`)).statusCode).toBe(404);
    const noCustomer = await get(cookies.admin, 'month=2026-11');
    expect(noCustomer.statusCode).toBe(400);
    expect(noCustomer.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', details: { customer: 'reportCustomerRequired' } } });
    const future = await get(cookies.clara, 'month=2027-01');
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', details: { month: 'reportMonthFuture' } } });
    for (const month of ['2026-13', '2026-1', 'noviembre', '', '2026-11-01']) {
      const response = await get(cookies.clara, `month=${encodeURIComponent(month)}`);
      expect(response.statusCode, month).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    }
    expect((await get(cookies.clara, '')).statusCode).toBe(400);
  });
});
