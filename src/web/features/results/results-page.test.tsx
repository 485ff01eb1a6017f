import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Results } from '../../../domain/results.ts';
import { renderWithData } from '../../test-support/render.tsx';
import { pastMonths } from './report-download.tsx';
import { ResultsPage } from './results-page.tsx';

const ZERO = { impressions: 0, reach: 0, reactions: 0, comments: 0, shares: 0, saves: 0, clicks: 0, interactions: 0 };
const CUSTOMER = { id: 'u-clara', email: 'clara@cliente.es', role: 'customer', first_name: 'Clara', last_name: 'Roca', language: 'en' };

const EMPTY: Results = {
  period: '30d',
  range: { from: '2026-10-25', to: '2026-11-23' },
  previous_range: { from: '2026-09-25', to: '2026-10-24' },
  totals: [],
  series: [{ day: '2026-11-23', impressions: 0, reach: 0, interactions: 0 }],
  top_posts: [],
  top_projects: [],
  grid: [],
  time_zone: 'Europe/Madrid',
};

const WITH_DATA: Results = {
  ...EMPTY,
  totals: [
    {
      network: 'instagram',
      posts: 2,
      figures: { ...ZERO, impressions: 1500, reach: 1200, interactions: 140 },
      previous_posts: 1,
      previous: { ...ZERO, impressions: 1000, reach: 1500, interactions: 140 },
    },
    { network: 'linkedin', posts: 1, figures: { ...ZERO, impressions: 300, reach: 200, interactions: 30 }, previous_posts: 0, previous: ZERO },
  ],
  series: [
    { day: '2026-11-22', impressions: 1300, reach: 1000, interactions: 80 },
    { day: '2026-11-23', impressions: 500, reach: 400, interactions: 90 },
  ],
  top_posts: [
    {
      post_id: 7,
      project_id: 3,
      project_title: 'Torre',
      text: 'Una torre, "alta"',
      published_at: '2026-11-23T08:15:00.000Z',
      networks: ['instagram'],
      interactions: 90,
      impressions: 500,
    },
  ],
  top_projects: [{ project_id: 3, title: 'Torre', posts: 1, interactions: 90, impressions: 500 }],
  grid: [{ weekday: 2, hour: 18, posts: 1, interactions: 80 }],
};

function renderPage(results: Results, language: 'es' | 'en' | 'cat' = 'en', user: object = CUSTOMER) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    const body = url.includes('/api/session') ? user : url.includes('/api/users') ? { items: [], total: 0 } : results;
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  renderWithData(<ResultsPage />, { language, path: '/results' });
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('the Results page', () => {
  it('says when nothing published in the period has figures yet, and still offers the CSV', async () => {
    const fetch = renderPage(EMPTY);
    await screen.findByText(/Nothing published in this period has figures yet/);
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe('/api/results/export.csv?period=30d');
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/api/results?period=30d'))).toBe(true);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the totals per network with their change in words, not by colour alone', async () => {
    renderPage(WITH_DATA);
    const instagram = await screen.findByRole('region', { name: /Instagram/ });
    within(instagram).getByText('2 posts with figures');
    within(instagram).getByText('1,500');
    within(instagram).getByText('up 50 % on the period before');
    within(instagram).getByText('down 20 % on the period before');
    within(instagram).getByText('the same as the period before');
    const linkedin = screen.getByRole('region', { name: /LinkedIn/ });
    expect(within(linkedin).getAllByText('new: none in the period before')).toHaveLength(3);
  });

  it('gives Facebook its own card: interactions, reactions and comments, no reach nor views it does not give (decision 056)', async () => {
    const facebook = {
      network: 'facebook' as const,
      posts: 3,
      figures: { ...ZERO, reactions: 42, comments: 7, shares: 2, interactions: 51 },
      previous_posts: 0,
      previous: ZERO,
    };
    for (const [language, labels] of [
      ['en', ['Interactions', 'Reactions', 'Comments']],
      ['es', ['Interacciones', 'Reacciones', 'Comentarios']],
      ['cat', ['Interaccions', 'Reaccions', 'Comentaris']],
    ] as const) {
      renderPage({ ...WITH_DATA, totals: [...WITH_DATA.totals, facebook] }, language);
      const card = await screen.findByRole('region', { name: /Facebook/ });
      for (const label of labels) within(card).getByText(label);
      for (const value of ['51', '42', '7']) within(card).getByText(value);
      expect(within(card).queryByText(language === 'en' ? 'Reach' : language === 'es' ? 'Alcance' : 'Abast')).toBeNull();
      cleanup();
      vi.unstubAllGlobals();
    }
  });

  it('describes the chart, and lists the top posts and projects', async () => {
    renderPage(WITH_DATA);
    await screen.findByRole('img', { name: '170 interactions in the period; the best day Nov 23 with 90.' });
    const posts = screen.getByRole('region', { name: 'Top posts' });
    within(posts).getByText('Una torre, "alta"');
    within(posts).getByText('Torre · Nov 23 · Instagram');
    const projects = screen.getByRole('region', { name: 'Top projects' });
    expect(within(projects).getAllByRole('row')).toHaveLength(2);
  });

  it('gives the weekday × hour grid as a table with headers and values', async () => {
    renderPage(WITH_DATA);
    const region = await screen.findByRole('region', { name: 'When your audience reacts' });
    const table = within(region).getByRole('table', { name: /Interactions of the posts published on each weekday and hour/ });
    expect(within(table).getAllByRole('columnheader')).toHaveLength(24);
    const tuesday = within(table).getByRole('rowheader', { name: 'Tuesday' });
    const row = tuesday.closest('tr')!;
    const cells = within(row).getAllByRole('cell');
    expect(cells[18]!.textContent).toBe('80 interactions, 1 post');
    expect(cells[18]!.getAttribute('data-level')).toBe('4');
    expect(cells[17]!.textContent).toBe('');
  });

  it('speaks Spanish', async () => {
    renderPage(WITH_DATA, 'es');
    await screen.findByRole('heading', { name: 'Resultados', level: 1 });
    screen.getByRole('link', { name: 'Descargar CSV' });
    await screen.findByRole('region', { name: 'Cuándo reacciona tu público' });
  });

  it('speaks Catalan', async () => {
    renderPage(WITH_DATA, 'cat');
    await screen.findByRole('region', { name: 'Quan reacciona el teu públic' });
    screen.getByRole('link', { name: 'Descarregar CSV' });
  });

  it('downloads the monthly report (PDF) of any past month, last month first', async () => {
    renderPage(WITH_DATA);
    const [lastMonth, monthBefore] = pastMonths(new Date());
    const link = await screen.findByRole('link', { name: 'Download report (PDF)' });
    expect(link.getAttribute('href')).toBe(`/api/results/report.pdf?month=${lastMonth}`);
    const picker = screen.getByRole('combobox', { name: 'Report month' });
    expect(within(picker).getAllByRole('option')).toHaveLength(24);
    fireEvent.change(picker, { target: { value: monthBefore } });
    expect(screen.getByRole('link', { name: 'Download report (PDF)' }).getAttribute('href')).toBe(`/api/results/report.pdf?month=${monthBefore}`);
  });

  it("asks an administrator to choose a customer before the monthly report's download", async () => {
    renderPage(WITH_DATA, 'en', { ...CUSTOMER, id: 'u-admin', role: 'admin' });
    const button = await screen.findByRole('button', { name: 'Download report (PDF)' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBe('report-needs-customer');
    screen.getByText('Choose a customer above to download their monthly report.');
    expect(screen.queryByRole('link', { name: 'Download report (PDF)' })).toBeNull();
  });

  it('offers the monthly report in Spanish and Catalan', async () => {
    renderPage(WITH_DATA, 'es');
    await screen.findByRole('link', { name: 'Descargar informe (PDF)' });
    screen.getByRole('combobox', { name: 'Mes del informe' });
  });
});
