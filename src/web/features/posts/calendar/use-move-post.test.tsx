import { notifications } from '@mantine/notifications';
import { act, getDefaultNormalizer, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Call, makePost, serve } from '../../../test-support/post-fixtures.ts';
import { renderWithData } from '../../../test-support/render.tsx';
import { useMovePost } from './use-move-post.ts';

const POST = makePost({
  id: 2,
  state: 'scheduled',
  publish_on: '2026-06-12',
  publish_time: '18:30',
  networks: { instagram: false, linkedin: true, facebook: false },
});
const NOW = { day: '2026-06-10', time: '10:00' };

/** The hook inside the app's providers; `mover.current` is its latest result. */
function renderMover(answer: (call: Call) => { status: number; body?: unknown }) {
  const calls = serve(answer);
  const mover = { current: undefined as unknown as ReturnType<typeof useMovePost> };
  function Probe() {
    mover.current = useMovePost(NOW);
    return null;
  }
  renderWithData(<Probe />);
  return { calls, mover };
}

describe('moving a post on the calendar', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    notifications.clean();
    notifications.cleanQueue();
  });

  it('shows it at once where it goes, sends the new day and time with its networks, and says where it went', async () => {
    const { calls, mover } = renderMover((call) => ({
      status: 200,
      body: { ...POST, ...(call.body as object), publish_on: '2026-06-13', publish_time: '18:30' },
    }));
    act(() => mover.current.move(POST, { day: '2026-06-13', time: '18:30' }));
    expect(mover.current.placeOf(POST)).toEqual({ day: '2026-06-13', time: '18:30' });
    await waitFor(() =>
      expect(calls[0]).toEqual({
        url: '/api/posts/2/schedule',
        method: 'PUT',
        body: { publish_on: '2026-06-13', publish_time: '18:30', networks: { instagram: false, linkedin: true, facebook: false } },
      }),
    );
    expect(await screen.findByText('Publicación movida: sábado, 13 de junio de 2026, 18:30')).toBeTruthy();
    await waitFor(() => expect(mover.current.moving(POST.id)).toBe(false));
  });

  it('puts a refused move back where it was, with the server’s reason', async () => {
    const { mover } = renderMover(() => ({ status: 409, body: { error: { code: 'SOCIAL_NOT_CONNECTED', message: 'Not connected' } } }));
    act(() => mover.current.move(POST, { day: '2026-06-13', time: '18:30' }));
    expect(await screen.findByText('No se ha movido la publicación')).toBeTruthy();
    expect(screen.getByText('La red social no está conectada')).toBeTruthy();
    await waitFor(() => expect(mover.current.placeOf(POST)).toEqual({ day: '2026-06-12', time: '18:30' }));
  });

  // Issue 29: two reasons read as one run-on toast ("Instagram no está conectado LinkedIn no está conectado").
  it('shows each of several reasons on its own line', async () => {
    const { mover } = renderMover(() => ({
      status: 400,
      body: { error: { code: 'VALIDATION_FAILED', message: 'Invalid', details: { instagram: 'noInstagramConnection', linkedin: 'noLinkedInConnection' } } },
    }));
    act(() => mover.current.move(POST, { day: '2026-06-13', time: '18:30' }));
    await screen.findByText('No se ha movido la publicación');
    const reasons = screen.getByText('Instagram no está conectado\nLinkedIn no está conectado', {
      normalizer: getDefaultNormalizer({ collapseWhitespace: false }),
    });
    expect(getComputedStyle(reasons).whiteSpace).toBe('pre-line');
  });

  it('refuses without asking a day before today, or a time inside the lock margin (a move never means "publish now")', async () => {
    const { calls, mover } = renderMover(() => ({ status: 500 }));
    act(() => mover.current.move(POST, { day: '2026-06-09', time: '18:30' }));
    expect(await screen.findByText('La fecha de publicación no puede ser anterior a hoy')).toBeTruthy();
    act(() => mover.current.move(POST, { day: '2026-06-10', time: '09:00' }));
    expect(await screen.findByText('La hora debe ser más de 15 minutos posterior a ahora')).toBeTruthy();
    expect(calls).toEqual([]);
    expect(mover.current.placeOf(POST)).toEqual({ day: '2026-06-12', time: '18:30' });
  });

  it('does nothing when dropped where it already is', () => {
    const { calls, mover } = renderMover(() => ({ status: 500 }));
    act(() => mover.current.move(POST, { day: '2026-06-12', time: '18:30' }));
    expect(calls).toEqual([]);
  });
});
