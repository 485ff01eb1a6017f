import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inTimeZone } from '../../test-support/time-zone.ts';
import type { Home } from '../../../domain/home.ts';
import type { Role } from '../../../domain/roles.ts';
import { renderWithData } from '../../test-support/render.tsx';
import { Dashboard } from './dashboard.tsx';

const CLARA = { id: 'u-clara', first_name: 'Clara', last_name: 'Roca', email: 'clara@cliente.es' };
const empty = { count: 0, atLeast: false, items: [] };

/** An administrator's dashboard as GET /api/home answers it. */
const ADMIN_HOME: Home = {
  today: '2026-11-24',
  awaitingApproval: empty,
  failedPublications: {
    count: 99,
    atLeast: true,
    items: [
      {
        post_id: 12,
        project_id: 3,
        project_title: 'Casa del Mar',
        sequence: 2,
        owner: CLARA,
        place: { state: 'published', page: 3 },
        network: 'linkedin',
        result: { status: 'failed', error: 'revoked', error_code: 'connectionRefused', attempts: 1, finished_at: '2026-11-23T09:00:00.000Z' },
      },
      {
        post_id: 13,
        project_id: 3,
        project_title: 'Casa del Mar',
        sequence: 3,
        owner: CLARA,
        place: { state: 'published', page: 1 },
        network: 'instagram',
        result: { status: 'unknown', error: null, error_code: null, attempts: 1, finished_at: '2026-11-22T09:00:00.000Z' },
      },
    ],
  },
  connections: {
    count: 1,
    atLeast: false,
    items: [{ network: 'linkedin', problem: 'lost', account_name: 'Clara Roca', expires_at: '2026-11-20T10:00:00.000Z', user: CLARA, mine: false }],
  },
  readyDrafts: empty,
  previews: empty,
  nextScheduled: {
    count: 1,
    atLeast: false,
    items: [
      {
        post_id: 20,
        project_id: 4,
        project_title: 'Escuela',
        sequence: 1,
        owner: CLARA,
        place: { state: 'scheduled', page: 1 },
        publish_on: '2026-11-26',
        publish_time: '18:30',
        networks: { instagram: true, linkedin: true, facebook: false },
      },
    ],
  },
  projects: {
    count: 2,
    atLeast: false,
    items: [{ id: 4, title: 'Escuela', state: 'preview', created_at: '2026-11-01T10:00:00.000Z' }],
    states: [
      { state: 'draft', count: 1, atLeast: false },
      { state: 'preview', count: 1, atLeast: false },
    ],
  },
  results: null,
};

function renderDashboard(home: Home, role: Role, language: 'es' | 'en' | 'cat') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(home), { status: 200, headers: { 'content-type': 'application/json' } })),
  );
  return renderWithData(<Dashboard role={role} />, { language, path: '/' });
}

const section = (name: RegExp) => screen.findByRole('region', { name });

afterEach(() => vi.unstubAllGlobals());

describe('the dashboard', () => {
  it('shows an administrator the failures with their reason, whose they are and a link to the posts page where each is, in English', async () => {
    renderDashboard(ADMIN_HOME, 'admin', 'en');
    const failed = await section(/Posts that failed or need review/);
    expect(within(failed).getByRole('heading', { level: 3 }).textContent).toContain('99+');
    const [refused, unknown] = within(failed).getAllByRole('listitem');
    expect(within(refused!).getByRole('link', { name: 'Casa del Mar · Post 2' }).getAttribute('href')).toBe('/preview-projects?state=published&page=3');
    within(refused!).getByText('LinkedIn: failed');
    within(refused!).getByText('LinkedIn no longer accepts the connection to your account: connect it again in Settings and use “Retry”.');
    within(refused!).getByText('For Clara Roca');
    expect(within(unknown!).getByRole('link', { name: 'Casa del Mar · Post 3' }).getAttribute('href')).toBe('/preview-projects?state=published');
    within(unknown!).getByText('Instagram: needs review');
    within(unknown!).getByText(
      'Instagram did not confirm the post, so we do not know whether it went out: check the account and mark it published or not published; do not publish it again without checking, or it could go out twice.',
    );

    within(await section(/Network connections/)).getByText(
      /Clara Roca has lost their LinkedIn connection \(Clara Roca\): they need to connect it again in their Settings/,
    );
    within(await section(/Drafts ready to launch/)).getByText('No draft has everything a launch needs.');
    within(await section(/Next posts/)).getByText('On 26-11-2026 at 6:30 PM to Instagram, LinkedIn');
    within(await section(/The studio's projects/)).getByText('Draft: 1 · Preview: 1');
    const shortcuts = within(await section(/Shortcuts/))
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(shortcuts).toEqual(['New project', 'Projects', 'Posts', 'Users', 'My GPTs', 'Settings']);
  });

  it('shows a publisher their projects and no posts, in Catalan', async () => {
    renderDashboard({ ...ADMIN_HOME, failedPublications: null, previews: null, nextScheduled: null, connections: empty }, 'publisher', 'cat');
    within(await section(/Els teus projectes/)).getByText('Esborrany: 1 · Previsualització: 1');
    within(await section(/Connexions amb les xarxes/)).getByText("Cap connexió no caduca aviat ni s'ha perdut.");
    expect(screen.queryByRole('region', { name: /Publicacions amb errors/ })).toBeNull();
    expect(screen.queryByRole('region', { name: /Properes publicacions/ })).toBeNull();
    expect(
      within(await section(/Accessos directes/))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Nou projecte', 'Projectes', 'Els meus GPT', 'Configuració']);
  });

  it('tells a customer their own connection expires and sends them to Settings, in Spanish', async () => {
    const mine = {
      network: 'instagram' as const,
      problem: 'expiring' as const,
      account_name: 'soler.arquitectos',
      expires_at: '2026-11-27T10:00:00.000Z',
      user: CLARA,
      mine: true,
    };
    renderDashboard({ ...ADMIN_HOME, connections: { count: 1, atLeast: false, items: [mine] } }, 'customer', 'es');
    const connections = await section(/Conexiones con las redes/);
    within(connections).getByText(/^Tu conexión con Instagram \(soler\.arquitectos\) caduca el 27-11-2026: vuelve a conectarla en Ajustes/);
    expect(within(connections).getByRole('link', { name: 'Ir a Ajustes' }).getAttribute('href')).toBe('/settings');
    expect(within(await section(/Accesos directos/)).queryByRole('link', { name: 'Usuarios' })).toBeNull();
  });

  it('shows a basic user no connections and no shortcut to a screen the role cannot open, and says why (issue 29)', async () => {
    renderDashboard(
      { ...ADMIN_HOME, failedPublications: null, connections: null, readyDrafts: null, previews: null, nextScheduled: null, projects: null },
      'basic',
      'es',
    );
    await screen.findByText(/Tu cuenta aún no trabaja en proyectos ni publicaciones/);
    expect(screen.queryByRole('region', { name: /Conexiones con las redes/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Lo que necesita tu atención' })).toBeNull();
    const links = within(await section(/Accesos directos/)).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([['Tu perfil', '/profile']]);
  });

  it("gives today's next posts their time, as the other days' (issue 29)", async () => {
    const post = ADMIN_HOME.nextScheduled!.items[0]!;
    const items = [
      { ...post, post_id: 30, publish_on: '2026-11-24', publish_time: '18:30' },
      { ...post, post_id: 31, publish_on: '2026-11-23', publish_time: '01:15', networks: { instagram: true, linkedin: false, facebook: false } },
    ];
    renderDashboard({ ...ADMIN_HOME, nextScheduled: { count: 2, atLeast: false, items } }, 'customer', 'es');
    const next = await section(/Próximas publicaciones/);
    within(next).getByText('Hoy a las 18:30 en Instagram, LinkedIn');
    within(next).getByText('Pendiente desde el 23-11-2026 a la 01:15, en Instagram');
  });
});

describe('the dashboard: posts awaiting approval first (issue 25)', () => {
  inTimeZone('Europe/Madrid');
  const ANA = { id: 'admin-1', first_name: 'Ana', last_name: 'Roca', email: 'ana@studio.es' };
  const awaiting: Home['awaitingApproval'] = {
    count: 7,
    atLeast: false,
    items: [
      {
        post_id: 40,
        project_id: 3,
        project_title: 'Casa del Mar',
        sequence: 2,
        owner: CLARA,
        place: { state: 'awaiting_approval', page: 1 },
        publish_on: '2026-12-05',
        publish_time: '18:30',
        asked_at: '2026-12-03T09:15:00.000Z',
        asked_by: ANA,
      },
    ],
  };

  it.each([
    ['es', 'Pendiente de tu aprobación', 'Para el 05-12-2026 a las 18:30', 'Pedida por Ana Roca el 3 dic, 10:15', 'Ver todas en Publicaciones'],
    ['en', 'Awaiting your approval', 'For 05-12-2026 at 6:30 PM', 'Asked by Ana Roca on Dec 3, 10:15 AM', 'See them all in Posts'],
    ['cat', 'Pendent de la teva aprovació', 'Per al 05-12-2026 a les 18:30', 'Demanada per Ana Roca el 3 de des., 10:15', 'Veure-les totes a Publicacions'],
  ] as const)(
    'in %s, shows a customer their posts awaiting approval as the first section, with the count and who asked',
    async (language, title, day, asked, all) => {
      renderDashboard({ ...ADMIN_HOME, awaitingApproval: awaiting }, 'customer', language);
      const approval = await section(new RegExp(title));
      expect(screen.getAllByRole('region')[0]).toBe(approval);
      expect(within(approval).getByRole('heading', { level: 2 }).textContent).toContain('7');
      const [item] = within(approval).getAllByRole('listitem');
      expect(
        within(item!)
          .getByRole('link', { name: /Casa del Mar/ })
          .getAttribute('href'),
      ).toBe('/preview-projects?state=awaiting_approval');
      within(item!).getByText(day);
      within(item!).getByText(asked);
      expect(within(approval).getByRole('link', { name: all }).getAttribute('href')).toBe('/preview-projects?state=awaiting_approval');
    },
  );

  it("shows an administrator their customers' posts awaiting approval, whose they are, to follow only", async () => {
    renderDashboard({ ...ADMIN_HOME, awaitingApproval: awaiting }, 'admin', 'en');
    const approval = await section(/Awaiting your customers' approval/);
    within(approval).getByText('For Clara Roca');
    within(approval).getByText("Only each post's customer can approve it or ask for changes.");
    expect(within(approval).queryByRole('button')).toBeNull();
  });

  it('shows no such section when nothing awaits approval', async () => {
    renderDashboard(ADMIN_HOME, 'customer', 'en');
    await section(/Next posts/);
    expect(screen.queryByRole('region', { name: /Awaiting your approval/ })).toBeNull();
  });
});

describe('the dashboard: the results line (issue 26)', () => {
  const results = { month: '2026-11', reach: 1250, interactions: 90, previous_reach: 1000, previous_interactions: 120 };

  it.each([
    [
      'en',
      'customer',
      /Your results this month/,
      'Reach 1,250 (▲ up 25 %; last month 1,000) · interactions 90 (▼ down 25 %; last month 120).',
      'See the results',
    ],
    [
      'es',
      'admin',
      /Los resultados del estudio este mes/,
      'Alcance 1250 (▲ sube un 25 %; el mes pasado 1000) · interacciones 90 (▼ baja un 25 %; el mes pasado 120).',
      'Ver los resultados',
    ],
    [
      'cat',
      'customer',
      /Els teus resultats aquest mes/,
      'Abast 1.250 (▲ puja un 25 %; el mes passat 1.000) · interaccions 90 (▼ baixa un 25 %; el mes passat 120).',
      'Veure els resultats',
    ],
  ] as const)('in %s, shows a %s this month against last month with a link to Results', async (language, role, title, line, link) => {
    renderDashboard({ ...ADMIN_HOME, results }, role, language);
    const region = await section(title);
    within(region).getByText((_, element) => element?.tagName === 'P' && element.textContent === `${line} ${link}`);
    expect(within(region).getByRole('link', { name: link }).getAttribute('href')).toBe('/results');
  });

  it('says a month is new when last month had none', async () => {
    renderDashboard({ ...ADMIN_HOME, results: { ...results, previous_reach: 0, previous_interactions: 0 } }, 'customer', 'en');
    within(await section(/Your results this month/)).getByText(/Reach 1,250 \(▲ new; last month 0\)/);
  });

  it('says when figures come, rather than zeros against zeros, before there are any', async () => {
    renderDashboard({ ...ADMIN_HOME, results: { month: '2026-11', reach: 0, interactions: 0, previous_reach: 0, previous_interactions: 0 } }, 'customer', 'es');
    const region = await section(/Tus resultados este mes/);
    within(region).getByText(/Aún no hay cifras de este mes ni del pasado: llegan entre una hora y dos días después de publicar\./);
    expect(within(region).queryByText(/Alcance/)).toBeNull();
  });

  it('shows nothing when the answer has no results (a publisher)', async () => {
    renderDashboard(ADMIN_HOME, 'publisher', 'en');
    await section(/Shortcuts/);
    expect(screen.queryByRole('region', { name: /results this month/ })).toBeNull();
  });
});
