import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Call, serve, signedIn } from '../../test-support/post-fixtures.ts';
import { renderWithData } from '../../test-support/render.tsx';
import { StudioVoiceSection } from './studio-voice-section.tsx';

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

/** Six published posts, newest first, as the server suggests them. */
const SUGGESTIONS = Array.from({ length: 6 }, (_, index) => ({
  post_id: 10 + index,
  text: `Publicación ${index + 1} #patio`,
  project_title: 'Casa del Patio',
  published_at: `2026-11-${String(20 - index).padStart(2, '0')}T10:00:00.000Z`,
}));

function renderSection({ role = 'customer', answer }: { role?: string; answer?: (call: Call) => { status: number; body?: unknown } | undefined } = {}) {
  const calls = serve((call) => {
    if (call.url === '/api/session') return { status: 200, body: signedIn(role) };
    const answered = answer?.(call);
    if (answered) return answered;
    if (call.url.startsWith('/api/studio-voice/suggestions')) return { status: 200, body: { owner_id: 'u1', items: SUGGESTIONS } };
    if (call.url.startsWith('/api/studio-voice') && call.method === 'GET')
      return { status: 200, body: { owner_id: 'u1', description: '', examples: [], updated_at: null } };
    if (call.url === '/api/studio-voice' && call.method === 'PUT') {
      const body = call.body as { description: string; examples: number[] };
      const examples = body.examples.map((id) => ({ post_id: id, text: SUGGESTIONS.find((item) => item.post_id === id)!.text }));
      return { status: 200, body: { owner_id: 'u1', description: body.description, examples, updated_at: '2026-11-28T10:00:00.000Z' } };
    }
    if (call.url.startsWith('/api/users?')) return { status: 200, body: { items: [CLARA], total: 1, page: 1, pageSize: 100 } };
    return { status: 404 };
  });
  renderWithData(<StudioVoiceSection />);
  return { calls, puts: () => calls.filter((call) => call.method === 'PUT') };
}

const save = () => screen.getByRole('button', { name: 'Guardar la voz' }) as HTMLButtonElement;
const example = (number: number) => screen.getByRole('checkbox', { name: `Publicación ${number} #patio` }) as HTMLInputElement;

describe('the studio voice in Settings', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    notifications.clean();
    notifications.cleanQueue();
  });

  it('lets a customer write the description with its counter, fill the examples with the 5 most recent, and saves them', async () => {
    const { puts } = renderSection();
    const section = await screen.findByRole('region', { name: 'Voz del estudio' });
    const description = (await within(section).findByRole('textbox', { name: 'Qué decir y qué no decir nunca' })) as HTMLTextAreaElement;
    expect(screen.getByText('0 / 1000 caracteres')).toBeTruthy();
    expect(save().disabled).toBe(true);
    fireEvent.change(description, { target: { value: 'Frases cortas. Nunca «único».' } });
    expect(screen.getByText('29 / 1000 caracteres')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Sugerir las más recientes' }));
    expect(screen.getByText('Publicaciones de ejemplo (5 de 5)')).toBeTruthy();
    expect([1, 2, 3, 4, 5].every((number) => example(number).checked)).toBe(true);
    // Five chosen: the sixth cannot be added until one goes.
    expect(example(6).checked).toBe(false);
    expect(example(6).disabled).toBe(true);
    fireEvent.click(example(2));
    fireEvent.click(example(6));
    expect(within(section).getAllByText(/Casa del Patio · publicada el/)).toHaveLength(6);

    fireEvent.click(save());
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]!.body).toEqual({ description: 'Frases cortas. Nunca «único».', examples: [10, 12, 13, 14, 15] });
    expect(await screen.findByText('Voz del estudio guardada')).toBeTruthy();
  });

  it("refuses a description over 1,000 characters before saving, and shows the server's refusal in words", async () => {
    renderSection({
      answer: (call) =>
        call.method === 'PUT'
          ? { status: 400, body: { error: { code: 'VALIDATION_FAILED', message: 'Bad', details: { 'examples.0': 'voiceExampleNotPublished' } } } }
          : undefined,
    });
    const description = await screen.findByRole('textbox', { name: 'Qué decir y qué no decir nunca' });
    fireEvent.change(description, { target: { value: 'a'.repeat(1001) } });
    expect(screen.getByText('La descripción de la voz admite como máximo 1000 caracteres')).toBeTruthy();
    expect(save().disabled).toBe(true);
    fireEvent.change(description, { target: { value: 'Cercano.' } });
    fireEvent.click(example(1));
    fireEvent.click(save());
    expect((await screen.findByText(/Solo pueden ser ejemplo las publicaciones ya publicadas de este cliente/)).closest('[role="alert"]')).toBeTruthy();
  });

  it('keeps a saved example whose post is no longer among the recent ones, chosen with its text', async () => {
    renderSection({
      answer: (call) =>
        call.method === 'GET' && call.url === '/api/studio-voice'
          ? {
              status: 200,
              body: {
                owner_id: 'u1',
                description: 'Cercano.',
                examples: [{ post_id: 3, text: 'Una publicación antigua' }],
                updated_at: '2026-11-01T10:00:00.000Z',
              },
            }
          : undefined,
    });
    const old = (await screen.findByRole('checkbox', { name: 'Una publicación antigua' })) as HTMLInputElement;
    expect(old.checked).toBe(true);
    expect(screen.getByText('Guardada en la voz')).toBeTruthy();
    expect(screen.getByText('Publicaciones de ejemplo (1 de 5)')).toBeTruthy();
  });

  it("lets an administrator choose a customer, and saves that customer's voice", async () => {
    const { calls, puts } = renderSection({ role: 'admin' });
    expect(await screen.findByText('Elige un cliente para ver y cambiar su voz.')).toBeTruthy();
    expect(calls.some((call) => call.url.startsWith('/api/studio-voice'))).toBe(false);
    fireEvent.click(screen.getByRole('combobox', { name: 'Cliente' }));
    fireEvent.click(await screen.findByText('Clara Roca · clara@roca.es'));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Publicación 3 #patio' }));
    expect(calls.some((call) => call.url === '/api/studio-voice/suggestions?owner=c1')).toBe(true);
    fireEvent.click(save());
    await waitFor(() => expect(puts()[0]?.body).toEqual({ owner_id: 'c1', description: '', examples: [12] }));
  });

  it('shows nothing to a publisher, who has no posts', async () => {
    const { calls } = renderSection({ role: 'publisher' });
    await waitFor(() => expect(calls.some((call) => call.url === '/api/session')).toBe(true));
    expect(screen.queryByRole('region', { name: 'Voz del estudio' })).toBeNull();
  });
});
