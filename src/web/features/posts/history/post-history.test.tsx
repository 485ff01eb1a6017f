import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PostHistory as History, PostEvent } from '../../../../domain/history.ts';
import { makePost, serve } from '../../../test-support/post-fixtures.ts';
import { renderWithData } from '../../../test-support/render.tsx';
import { EditPostModal } from '../edit/edit-post-modal.tsx';
import { PostCard } from '../list/post-card.tsx';
import { PostHistory } from './post-history.tsx';

const ana = { id: 'a1', first_name: 'Ana', last_name: 'Roca', email: 'ana@studio.es' };
const REJECTED =
  'LinkedIn ha rechazado la publicación: revisa el texto y las imágenes según su respuesta; para cambiarlos, usa «Publicar de nuevo» y elige solo LinkedIn.';
const lucia = { id: 'u1', first_name: 'Lucía', last_name: 'Ferrer', email: 'lucia@ferrer.es' };

const event = (overrides: Partial<PostEvent>): PostEvent => ({
  id: 1,
  kind: 'generated',
  via: 'system',
  at: '2026-06-01T10:00:00Z',
  actor: null,
  name: null,
  network: null,
  reason: null,
  comment: null,
  publish_on: null,
  publish_time: null,
  diff: null,
  replaced_by: null,
  networks: null,
  from_customer: null,
  to_customer: null,
  ...overrides,
});

const history: History = {
  events: [
    event({ id: 1 }),
    event({ id: 2, kind: 'approval_asked', via: 'app', actor: ana, publish_on: '2026-06-10', publish_time: '10:00' }),
    event({ id: 3, kind: 'changes_asked', via: 'link', name: 'Jordi Puig', comment: 'Más luz, por favor' }),
    event({
      id: 4,
      kind: 'edited',
      via: 'app',
      actor: ana,
      diff: {
        against: 'approval',
        instagram: [
          { op: 'same', text: 'Una casa junto al ' },
          { op: 'del', text: 'mar' },
          { op: 'ins', text: 'río' },
        ],
        linkedin: null,
      },
    }),
    event({ id: 5, kind: 'published', network: 'linkedin' }),
    event({ id: 6, kind: 'publish_failed', network: 'instagram', reason: 'outcomeUnknown' }),
    event({ id: 7, kind: 'comment', via: 'app', actor: ana }),
    event({ id: 8, kind: 'publish_failed', network: 'linkedin', reason: 'rejectedByNetwork' }),
  ],
  comments: [{ id: 1, visibility: 'team', text: 'Revisar el hashtag', at: '2026-06-01T11:00:00Z', author: ana }],
};

function serveHistory(role: 'admin' | 'customer') {
  return serve((call) => {
    if (call.url === '/api/session') return { status: 200, body: { ...(role === 'admin' ? ana : lucia), role, language: 'es' } };
    if (call.url.endsWith('/comments')) {
      const body = call.body as { text: string; visibility: string };
      if (body.text === 'x') return { status: 403, body: { error: { code: 'FORBIDDEN', message: 'no', details: { visibility: 'commentTeamAdminsOnly' } } } };
      return { status: 201, body: { id: 2, visibility: body.visibility, text: body.text, at: '2026-06-01T12:00:00Z', author: lucia } };
    }
    return { status: 200, body: history };
  });
}

/** A post's history and comments (issue 25 item 5). */
describe('a post’s history', () => {
  it('tells who did what, how and when, the edit’s words inserted and deleted (not by colour alone), and leaves comments to their thread', async () => {
    serveHistory('admin');
    renderWithData(<PostHistory postId={1} />, { language: 'es' });
    const items = await screen.findAllByTestId('history-event');
    // The comment's event is the thread's own.
    expect(items.map((item) => item.getAttribute('data-kind'))).toEqual([
      'generated',
      'approval_asked',
      'changes_asked',
      'edited',
      'published',
      'publish_failed',
      'publish_failed',
    ]);
    expect(within(items[0]!).getByText(/Alzado · automáticamente/)).toBeTruthy();
    expect(within(items[1]!).getByText('Aprobación pedida')).toBeTruthy();
    expect(within(items[1]!).getByText(/Ana Roca · desde la app/)).toBeTruthy();
    expect(within(items[1]!).getByText(/Para el 10-06-2026 a las 10:00/)).toBeTruthy();
    expect(within(items[2]!).getByText(/Jordi Puig · desde un enlace de revisión/)).toBeTruthy();
    expect(within(items[2]!).getByText('Más luz, por favor')).toBeTruthy();
    expect(within(items[4]!).getByText('Publicada en LinkedIn')).toBeTruthy();
    expect(within(items[5]!).getByText('Pendiente de revisión en Instagram')).toBeTruthy();
    // A failure's reason in the card's words.
    expect(within(items[6]!).getByText('No se publicó en LinkedIn')).toBeTruthy();
    expect(within(items[6]!).getByText(REJECTED)).toBeTruthy();

    const diff = within(items[3]!).getByTestId('history-diff');
    expect(within(items[3]!).getByText(/Cambios respecto a la versión que vio el cliente/)).toBeTruthy();
    expect(diff.querySelector('del')?.textContent).toBe('[quitado] mar');
    expect(diff.querySelector('ins')?.textContent).toBe('[añadido] río');
    expect(diff.textContent).toBe('Una casa junto al [quitado] mar[añadido] río');
  });

  it('words a reset, a retry, a reassignment, a rewrite and a version brought back, in es, en and cat', async () => {
    const clara = { id: 'c1', name: 'Clara Soler' };
    const bruno = { id: 'c2', name: 'Bruno Vidal' };
    const changes = {
      events: [
        event({ id: 1, kind: 'reset', via: 'app', actor: ana }),
        event({ id: 2, kind: 'retried', via: 'app', actor: ana, networks: ['instagram', 'linkedin'] }),
        event({ id: 3, kind: 'reassigned', via: 'app', actor: ana, from_customer: clara, to_customer: bruno }),
        event({ id: 4, kind: 'reassigned', via: 'app', actor: ana, from_customer: null, to_customer: bruno }),
        event({ id: 5, kind: 'edited', via: 'app', actor: ana, replaced_by: 'rewrite' }),
        event({ id: 6, kind: 'edited', via: 'app', actor: ana, replaced_by: 'restore' }),
        event({ id: 7, kind: 'retried', via: 'app', actor: ana, networks: ['linkedin'] }),
      ],
      comments: [],
    } satisfies History;
    const expected = {
      es: [
        'Reiniciada: vuelve a vista previa para publicarla de nuevo',
        'Reintento en Instagram y LinkedIn',
        'Reasignada de Clara Soler a Bruno Vidal',
        'Asignada a Bruno Vidal',
        'Escrita de nuevo',
        'Recuperado un texto anterior',
        'Reintento en LinkedIn',
      ],
      en: [
        'Reset: back to preview to publish it again',
        'Retry on Instagram and LinkedIn',
        'Reassigned from Clara Soler to Bruno Vidal',
        'Assigned to Bruno Vidal',
        'Written again',
        'An earlier text brought back',
        'Retry on LinkedIn',
      ],
      cat: [
        'Reiniciada: torna a vista prèvia per publicar-la de nou',
        'Reintent a Instagram i LinkedIn',
        'Reassignada de Clara Soler a Bruno Vidal',
        'Assignada a Bruno Vidal',
        'Escrita de nou',
        'Recuperat un text anterior',
        'Reintent a LinkedIn',
      ],
    } as const;
    for (const language of ['es', 'en', 'cat'] as const) {
      serve((call) => (call.url === '/api/session' ? { status: 200, body: { ...ana, role: 'admin', language } } : { status: 200, body: changes }));
      const { unmount } = renderWithData(<PostHistory postId={1} />, { language });
      const items = await screen.findAllByTestId('history-event');
      expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual(expected[language]);
      unmount();
    }
  });

  it('lets an administrator choose a team note or a shared comment, and sends it', async () => {
    const calls = serveHistory('admin');
    renderWithData(<PostHistory postId={1} />, { language: 'en' });
    expect(await screen.findByText('Revisar el hashtag')).toBeTruthy();
    await screen.findByRole('radio', { name: 'Shared with the customer' });
    // The note's badge, and the choice's label.
    expect(screen.getAllByText('Team only (internal note)')).toHaveLength(2);
    fireEvent.click(screen.getByRole('radio', { name: 'Shared with the customer' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'New comment' }), { target: { value: 'Looks good' } });
    fireEvent.click(screen.getByRole('button', { name: 'Comment' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      url: '/api/posts/1/comments',
      method: 'POST',
      body: { text: 'Looks good', visibility: 'shared' },
    });
    expect(await screen.findByText('Comment added')).toBeTruthy();
  });

  it('gives a customer no choice (shared), refuses an empty comment, and words the server’s refusal', async () => {
    const calls = serveHistory('customer');
    renderWithData(<PostHistory postId={1} />, { language: 'cat' });
    await screen.findByText('Comentaris');
    await screen.findByText("El veurà l'estudi.");
    expect(screen.queryByRole('radio')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Comenta' }));
    expect(await screen.findByText('Escriu un comentari')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Comentari nou' }), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Comenta' }));
    expect(await screen.findByText("Només els administradors escriuen notes internes de l'equip")).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([{ text: 'x', visibility: 'shared' }]);
  });

  it('opens from the card, for a published post too', async () => {
    serveHistory('customer');
    renderWithData(<PostCard post={makePost({ state: 'published', editable: false })} onAction={() => {}} />, { language: 'es' });
    fireEvent.click(screen.getByRole('button', { name: 'Historial y comentarios' }));
    expect(await screen.findByText('Historial de la publicación 1 · Casa Montseny en la ladera norte')).toBeTruthy();
    expect(await screen.findAllByTestId('history-event')).toHaveLength(7);
  });

  it('opens in the editor, beside the earlier texts, only when asked', async () => {
    const calls = serveHistory('admin');
    renderWithData(<EditPostModal opened post={makePost()} onClose={() => {}} />, { language: 'en' });
    const toggle = await screen.findByRole('button', { name: 'History and comments' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(calls.some((call) => call.url.endsWith('/history'))).toBe(false);
    fireEvent.click(toggle);
    expect(await screen.findAllByTestId('history-event')).toHaveLength(7);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
  });
});
