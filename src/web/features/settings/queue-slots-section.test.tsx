import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Call, serve, signedIn } from '../../test-support/post-fixtures.ts';
import { renderWithData } from '../../test-support/render.tsx';
import { QueueSlotsSection } from './queue-slots-section.tsx';

const CLARA = {
  id: 'c1',
  email: 'clara@roca.es',
  role: 'customer',
  language: 'es',
  first_name: 'Clara',
  last_name: 'Roca',
  active: true,
  avatar_url: null,
  phone: '',
  company: '',
  vat: '',
  description: '',
  created_at: '',
  updated_at: '',
};

function renderSection({ role = 'customer', answer }: { role?: string; answer?: (call: Call) => { status: number; body?: unknown } | undefined } = {}) {
  const calls = serve((call) => {
    if (call.url === '/api/session') return { status: 200, body: signedIn(role) };
    const answered = answer?.(call);
    if (answered) return answered;
    if (call.url.startsWith('/api/queue-slots/suggestions')) return { status: 200, body: { owner_id: 'u1', since: '2026-08-26', suggestions: [] } };
    if (call.url.startsWith('/api/queue-slots') && call.method === 'GET') return { status: 200, body: { owner_id: 'u1', slots: [] } };
    if (call.url === '/api/queue-slots' && call.method === 'PUT') return { status: 200, body: { owner_id: 'u1', ...(call.body as object) } };
    if (call.url.startsWith('/api/users?')) return { status: 200, body: { items: [CLARA], total: 1, page: 1, pageSize: 100 } };
    return { status: 404 };
  });
  renderWithData(<QueueSlotsSection />);
  return { calls, puts: () => calls.filter((call) => call.method === 'PUT') };
}

const setTime = (number: number, hours: string, minutes: string) => {
  fireEvent.change(screen.getByLabelText(`Horas de la franja ${number}`), { target: { value: hours } });
  fireEvent.change(screen.getByLabelText(`Minutos de la franja ${number}`), { target: { value: minutes } });
};
const save = () => screen.getByRole('button', { name: 'Guardar la cola' }) as HTMLButtonElement;

describe('the weekly queue in Settings', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    notifications.clean();
    notifications.cleanQueue();
  });

  it('lets a customer add her slots (Monday 09:00 first, then the next day) and saves the whole list', async () => {
    const { puts } = renderSection();
    const section = await screen.findByRole('region', { name: 'Cola de publicación semanal' });
    expect(await within(section).findByText(/No hay franjas: «Añadir a la cola» no puede programar nada/)).toBeTruthy();
    expect(save().disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Añadir franja' }));
    fireEvent.click(screen.getByRole('button', { name: 'Añadir franja' }));
    expect((screen.getByRole('combobox', { name: 'Día de la franja 1' }) as HTMLInputElement).value).toBe('lunes');
    expect((screen.getByRole('combobox', { name: 'Día de la franja 2' }) as HTMLInputElement).value).toBe('martes');
    setTime(2, '18', '00');
    fireEvent.click(save());
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]!.body).toEqual({
      slots: [
        { weekday: 1, time: '09:00' },
        { weekday: 2, time: '18:00' },
      ],
    });
    expect(await screen.findByText('Cola guardada')).toBeTruthy();
  });

  it('refuses the same slot twice before saving, and removes a slot by its name', async () => {
    renderSection({
      answer: (call) =>
        call.method === 'GET' && call.url === '/api/queue-slots'
          ? {
              status: 200,
              body: {
                owner_id: 'u1',
                slots: [
                  { weekday: 2, time: '09:30' },
                  { weekday: 2, time: '18:00' },
                ],
              },
            }
          : undefined,
    });
    await screen.findByRole('combobox', { name: 'Día de la franja 2' });
    expect(save().disabled).toBe(true);
    setTime(2, '09', '30');
    expect(await screen.findByText('Esa franja ya está en la cola')).toBeTruthy();
    expect(save().disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Quitar la franja 2: martes a las 09:30' }));
    expect(screen.queryByText('Esa franja ya está en la cola')).toBeNull();
  });

  it("shows the server's refusal in words", async () => {
    renderSection({
      answer: (call) =>
        call.method === 'PUT'
          ? { status: 400, body: { error: { code: 'VALIDATION_FAILED', message: 'Bad', details: { slots: 'queueSlotsTooMany' } } } }
          : undefined,
    });
    await screen.findByRole('button', { name: 'Añadir franja' });
    fireEvent.click(screen.getByRole('button', { name: 'Añadir franja' }));
    fireEvent.click(save());
    expect((await screen.findByText('La cola admite como máximo 28 franjas')).closest('[role="alert"]')).toBeTruthy();
  });

  it("lets an administrator choose a customer, and saves that customer's queue", async () => {
    const { calls, puts } = renderSection({
      role: 'admin',
      answer: (call) =>
        call.method === 'GET' && call.url === '/api/queue-slots?owner=c1'
          ? { status: 200, body: { owner_id: 'c1', slots: [{ weekday: 5, time: '10:00' }] } }
          : undefined,
    });
    expect(await screen.findByText('Elige un cliente para ver y cambiar su cola.')).toBeTruthy();
    expect(calls.some((call) => call.url.startsWith('/api/queue-slots'))).toBe(false);
    fireEvent.click(screen.getByRole('combobox', { name: 'Cliente' }));
    fireEvent.click(await screen.findByText('Clara Roca · clara@roca.es'));
    expect(((await screen.findByRole('combobox', { name: 'Día de la franja 1' })) as HTMLInputElement).value).toBe('viernes');
    fireEvent.click(screen.getByRole('button', { name: 'Añadir franja' }));
    fireEvent.click(save());
    await waitFor(() =>
      expect(puts()[0]?.body).toEqual({
        owner_id: 'c1',
        slots: [
          { weekday: 5, time: '10:00' },
          { weekday: 6, time: '10:00' },
        ],
      }),
    );
  });

  it('shows nothing to a publisher, who has no posts', async () => {
    const { calls } = renderSection({ role: 'publisher' });
    await waitFor(() => expect(calls.some((call) => call.url === '/api/session')).toBe(true));
    expect(screen.queryByRole('region', { name: 'Cola de publicación semanal' })).toBeNull();
  });
});

describe('best time to post in the weekly queue (issue 26)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    notifications.clean();
    notifications.cleanQueue();
  });
  const suggestions = {
    owner_id: 'u1',
    since: '2026-08-26',
    suggestions: [
      { network: 'linkedin', weekday: 2, time: '10:00', reason: 'own', ratio: 2.5, posts: 4, added: true },
      { network: 'instagram', weekday: 7, time: '20:00', reason: 'general', ratio: null, posts: null, added: false },
    ],
  };
  const withSuggestions = (slots: { weekday: number; time: string }[]) => (call: Call) =>
    call.method === 'GET' && call.url === '/api/queue-slots'
      ? { status: 200, body: { owner_id: 'u1', slots } }
      : call.url === '/api/queue-slots/suggestions'
        ? { status: 200, body: suggestions }
        : undefined;

  it('lists each suggestion with its reason, shows the one the queue has as added, and adds another with one click', async () => {
    const { puts } = renderSection({ answer: withSuggestions([{ weekday: 2, time: '10:00' }]) });
    const region = await screen.findByRole('region', { name: 'Mejores momentos para publicar' });
    const [own, general] = within(region).getAllByRole('listitem');
    within(own!).getByText('LinkedIn: martes a las 10:00');
    within(own!).getByText(
      'Tus publicaciones en LinkedIn a esta hora consiguieron 2,5 veces tus interacciones medias (4 publicaciones en los últimos 90 días).',
    );
    within(own!).getByText('En la cola');
    expect(within(own!).queryByRole('button')).toBeNull();
    within(general!).getByText('Consejo general para Instagram: aún no hay bastantes publicaciones con cifras allí para juzgar por las tuyas.');
    fireEvent.click(within(general!).getByRole('button', { name: 'Añadir domingo a las 20:00 a la cola' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]!.body).toEqual({
      slots: [
        { weekday: 2, time: '10:00' },
        { weekday: 7, time: '20:00' },
      ],
    });
    expect(await screen.findByText('domingo a las 20:00 añadida a la cola')).toBeTruthy();
    // The saved queue now has it: shown as added, in the list of slots too.
    await waitFor(() => expect(screen.getAllByText('En la cola')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: /a la cola$/ })).toBeNull();
    expect((screen.getByRole('combobox', { name: 'Día de la franja 2' }) as HTMLInputElement).value).toBe('domingo');
  });

  it('waits for the changes to the slots to be saved or undone before adding a suggestion', async () => {
    renderSection({ answer: withSuggestions([]) });
    const add = await screen.findByRole('button', { name: 'Añadir domingo a las 20:00 a la cola' });
    expect((add as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Añadir franja' }));
    expect((add as HTMLButtonElement).disabled).toBe(true);
    screen.getByText('Guarda o deshaz tus cambios en las franjas antes de añadir una sugerencia.');
  });

  it("asks for an administrator the chosen customer's suggestions", async () => {
    const { calls } = renderSection({
      role: 'admin',
      answer: (call) =>
        call.url === '/api/queue-slots?owner=c1'
          ? { status: 200, body: { owner_id: 'c1', slots: [] } }
          : call.url === '/api/queue-slots/suggestions?owner=c1'
            ? { status: 200, body: { ...suggestions, owner_id: 'c1' } }
            : undefined,
    });
    fireEvent.click(await screen.findByRole('combobox', { name: 'Cliente' }));
    fireEvent.click(await screen.findByText('Clara Roca · clara@roca.es'));
    await screen.findByRole('button', { name: 'Añadir domingo a las 20:00 a la cola' });
    expect(calls.some((call) => call.url === '/api/queue-slots/suggestions')).toBe(false);
  });
});
