import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Calendar } from '../../../domain/calendar.ts';
import type { Post } from '../../../domain/post.ts';
import { CLOCK, CONNECTED_ACCOUNTS, type Call, TODAY, makePost, result, serve, signedIn } from '../../test-support/post-fixtures.ts';
import { stubEventSource } from '../../test-support/event-source.ts';
import { renderWithData } from '../../test-support/render.tsx';
import { CalendarPage } from './calendar-page.tsx';

/** TODAY is Wednesday 10 June 2026; post 2 goes out on Friday the 12th at 18:30, post 3 went out on the 8th. */
const SCHEDULED = makePost({
  id: 2,
  sequence: 2,
  state: 'scheduled',
  publish_on: '2026-06-12',
  publish_time: '18:30',
  networks: { instagram: true, linkedin: true, facebook: false },
});
const PUBLISHED = makePost({
  id: 3,
  sequence: 3,
  state: 'published',
  publish_on: '2026-06-08',
  publish_time: '09:00',
  editable: false,
  networks: { instagram: false, linkedin: true, facebook: false },
});
const calendar = (posts: Post[] = [SCHEDULED, PUBLISHED], slots: Calendar['slots'] = [{ day: '2026-06-16', time: '09:30', owner_id: 'u1' }]): Calendar => ({
  posts,
  slots,
  clock: CLOCK,
});

function renderPage({
  role = 'customer',
  path = `/calendar?day=${TODAY}`,
  answer,
  small = false,
}: { role?: string; path?: string; answer?: (call: Call) => { status: number; body?: unknown } | undefined; small?: boolean } = {}) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: small && query.includes('max-width'),
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  }));
  const calls = serve((call) => {
    if (call.url === '/api/session') return { status: 200, body: signedIn(role) };
    const answered = answer?.(call);
    if (answered) return answered;
    if (call.url.startsWith('/api/calendar?')) return { status: 200, body: calendar() };
    if (call.url.endsWith('/accounts')) return { status: 200, body: CONNECTED_ACCOUNTS };
    if (call.url.startsWith('/api/users?'))
      return {
        status: 200,
        body: {
          items: [
            {
              ...signedIn('customer'),
              id: 'c1',
              first_name: 'Clara',
              last_name: 'Roca',
              email: 'clara@roca.es',
              phone: '',
              company: '',
              vat: '',
              description: '',
              created_at: '',
              updated_at: '',
            },
          ],
          total: 1,
          page: 1,
          pageSize: 100,
        },
      };
    return { status: 404 };
  });
  renderWithData(<CalendarPage />, { path });
  return { calls, calendarCalls: () => calls.filter((call) => call.url.startsWith('/api/calendar?')) };
}

const postButton = (number: number) =>
  screen.findByRole('button', { name: new RegExp(`Casa Montseny en la ladera norte, publicación ${number},`) }, { timeout: 5_000 });
/** A post's name, as a screen reader hears it. */
const nameOf = (element: HTMLElement) => element.querySelector('.mantine-VisuallyHidden-root, [class*=VisuallyHidden]')?.textContent ?? '';
const cellOf = (day: string) => document.querySelector(`[data-day="${day}"]`) as HTMLElement;

describe('CalendarPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    notifications.clean();
    notifications.cleanQueue();
  });

  it('asks for the whole weeks of the month, and shows each post at its day with its time, networks and state', async () => {
    const { calendarCalls } = renderPage();
    const scheduled = await postButton(2);
    // June 2026 runs from Monday the 1st to Tuesday the 30th: the view ends on Sunday 5 July.
    expect(calendarCalls()[0]!.url).toBe('/api/calendar?from=2026-06-01&to=2026-07-05');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Junio de 2026');
    expect(
      screen.getByRole('button', {
        name: '18:30, Casa Montseny en la ladera norte, publicación 2, viernes, 12 de junio de 2026; Instagram, LinkedIn; Programada',
      }),
    ).toBe(scheduled);
    expect(cellOf('2026-06-12').contains(scheduled)).toBe(true);
    expect(scheduled.getAttribute('aria-roledescription')).toBe('publicación que se puede mover');
    // Published: it opens, it does not move.
    const published = await postButton(3);
    expect(cellOf('2026-06-08').contains(published)).toBe(true);
    expect(nameOf(published)).toMatch(/; LinkedIn; Publicada$/);
    expect(published.getAttribute('aria-roledescription')).toBeNull();
    // The free slot of the customer's queue, on its day; days before today look past.
    expect(within(cellOf('2026-06-16')).getByText('09:30 libre')).toBeTruthy();
    expect(cellOf('2026-06-09').getAttribute('data-past')).toBe('true');
    expect(cellOf(TODAY).getAttribute('data-past')).toBeNull();
    expect(screen.getByText('Una publicación se puede mover o editar hasta 15 minutos antes de su hora; después queda bloqueada.')).toBeTruthy();
  });

  it('writes a state on its own as the cards do, with a capital: "Publicado con errores" (issue 29)', async () => {
    const partly = {
      ...PUBLISHED,
      networks: { instagram: true, linkedin: true, facebook: false },
      results: { instagram: result('posted'), linkedin: result('failed', { error_code: 'gaveUp', attempts: 5 }), facebook: null },
    };
    renderPage({ answer: (call) => (call.url.startsWith('/api/calendar?') ? { status: 200, body: calendar([SCHEDULED, partly]) } : undefined) });
    const published = await postButton(3);
    expect(within(published).getByText('Publicado con errores', { ignore: '.mantine-VisuallyHidden-root' }).getAttribute('data-state')).toBe(
      'publishedWithErrors',
    );
    expect(within(await postButton(2)).getByText('Programada', { ignore: '.mantine-VisuallyHidden-root' })).toBeTruthy();
  });

  it('goes to the next month and to the week view, each asking for its own days', async () => {
    const { calendarCalls } = renderPage();
    await postButton(2);
    fireEvent.click(screen.getByRole('button', { name: 'Mes siguiente' }));
    await waitFor(() => expect(calendarCalls().at(-1)!.url).toBe('/api/calendar?from=2026-06-29&to=2026-08-02'));
    fireEvent.click(screen.getByRole('radio', { name: 'Semana' }));
    await waitFor(() => expect(calendarCalls().at(-1)!.url).toBe('/api/calendar?from=2026-07-06&to=2026-07-12'));
    fireEvent.click(screen.getByRole('button', { name: 'Hoy' }));
    await waitFor(() => expect(calendarCalls().at(-1)!.url).toBe('/api/calendar?from=2026-06-08&to=2026-06-14'));
  });

  it('puts a post in its quarter hour in the week view', async () => {
    renderPage({ path: `/calendar?view=week&day=${TODAY}` });
    const scheduled = await postButton(2);
    expect((document.querySelector('[data-slot="2026-06-12T18:30"]') as HTMLElement).contains(scheduled)).toBe(true);
    expect(document.querySelectorAll('[data-slot^="2026-06-12T"]')).toHaveLength(96);
  });

  it('lists the days with something on a phone', async () => {
    renderPage({ small: true });
    await postButton(2);
    const list = document.querySelector('[data-view="list"]') as HTMLElement;
    expect([...list.querySelectorAll('[data-day]')].map((day) => day.getAttribute('data-day'))).toEqual(['2026-06-08', '2026-06-12', '2026-06-16']);
    expect(within(list).getByRole('heading', { name: 'Viernes, 12 de junio de 2026' })).toBeTruthy();
  });

  it('opens a post in its card with the posts page’s actions, and its publish dialog from there', async () => {
    renderPage();
    fireEvent.click(await postButton(2));
    const card = await screen.findByRole('dialog', { name: 'Casa Montseny en la ladera norte: publicación 2' });
    expect(within(card).getByText('Fecha de publicación: 12-06-2026 a las 18:30')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Publicar' }));
    const publish = await screen.findByRole('dialog', { name: 'Configurar publicación' });
    expect((within(publish).getByLabelText('Fecha de publicación') as HTMLInputElement).value).toBe('12-06-2026');
    expect((publish.querySelector('input[name="publish_time"]') as HTMLInputElement).value).toBe('18:30');
  });

  it('lets an administrator filter by customer, and shows free slots only for one customer', async () => {
    const { calendarCalls } = renderPage({ role: 'admin' });
    await postButton(2);
    expect(screen.getByText('Elige un cliente para ver las franjas libres de su cola semanal.')).toBeTruthy();
    expect(screen.queryByText('09:30 libre')).toBeNull();
    fireEvent.click(screen.getByRole('combobox', { name: 'Cliente' }));
    // The dropdown is still fading in (hidden to role queries): its option by its text.
    fireEvent.click(await screen.findByText('Clara Roca · clara@roca.es'));
    await waitFor(() => expect(calendarCalls().at(-1)!.url).toBe('/api/calendar?from=2026-06-01&to=2026-07-05&owner=c1'));
    expect(await screen.findByText('09:30 libre')).toBeTruthy();
  });

  it('reads the calendar again when a post changes on the server', async () => {
    const server = stubEventSource();
    let published = false;
    const { calendarCalls } = renderPage({
      answer: (call) =>
        call.url.startsWith('/api/calendar?')
          ? { status: 200, body: calendar(published ? [{ ...SCHEDULED, state: 'published', editable: false }] : [SCHEDULED]) }
          : undefined,
    });
    expect(nameOf(await postButton(2))).toMatch(/Programada$/);
    published = true;
    server.send('post', { type: 'post', postId: 2, projectId: 7, state: 'published' });
    // The first event waits for the events' schema, loaded on first use: on a busy machine, more than a second.
    await waitFor(() => expect(calendarCalls()).toHaveLength(2), { timeout: 8_000 });
    await waitFor(async () => expect(nameOf(await postButton(2))).toMatch(/Publicada$/));
  });

  it('explains to a publisher that posts are not for their role, and asks nothing', async () => {
    const { calendarCalls } = renderPage({ role: 'publisher' });
    expect(await screen.findByText('Las publicaciones no están disponibles para tu rol')).toBeTruthy();
    expect(calendarCalls()).toEqual([]);
  });
});
