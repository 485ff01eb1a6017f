import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Post } from '../../../domain/post.ts';
import { type Call, makePage, makePost, result, serve, signedIn } from '../../test-support/post-fixtures.ts';
import { stubEventSource } from '../../test-support/event-source.ts';
import { renderWithData } from '../../test-support/render.tsx';
import { PostsPage } from './posts-page.tsx';

const posts = (count: number, from = 1): Post[] => Array.from({ length: count }, (_, index) => makePost({ id: from + index, sequence: from + index }));

function renderPage({
  role = 'customer',
  answer,
  path = '/preview-projects',
}: { role?: string; answer?: (call: Call) => { status: number; body?: unknown } | undefined; path?: string } = {}) {
  const calls = serve((call) => {
    if (call.url === '/api/session') return { status: 200, body: signedIn(role) };
    return answer?.(call) ?? { status: 200, body: makePage(posts(6)) };
  });
  renderWithData(<PostsPage />, { path });
  return { calls, listCalls: () => calls.filter((call) => call.url.startsWith('/api/posts?')) };
}

describe('PostsPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('explains to a publisher that posts are not for their role, and asks the server nothing', async () => {
    const { listCalls } = renderPage({ role: 'publisher' });
    expect(await screen.findByText('Las publicaciones no están disponibles para tu rol')).toBeTruthy();
    expect(listCalls()).toEqual([]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the chips with their counts and six cards, six at a time', async () => {
    const { listCalls } = renderPage({
      answer: () => ({
        status: 200,
        body: makePage(posts(6), { total: 14, counts: { all: 14, preview: 8, awaiting_approval: 0, scheduled: 4, published: 2 } }),
      }),
    });
    // The first three paint first, the rest a task later (posts-list.tsx).
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(6));
    const chips = within(screen.getByRole('group', { name: 'Filtrar por estado' }));
    expect(chips.getByText('Todas (14)')).toBeTruthy();
    expect(chips.getByText('Vista previa (8)')).toBeTruthy();
    expect(chips.getByText('Programadas (4)')).toBeTruthy();
    expect(chips.getByText('Publicadas (2)')).toBeTruthy();
    expect(listCalls()[0]!.url).toBe('/api/posts?page=1&pageSize=6');

    fireEvent.click(screen.getByRole('button', { name: 'Página 3' }));
    await waitFor(() => expect(listCalls().at(-1)!.url).toBe('/api/posts?page=3&pageSize=6'));
  });

  it('filters by state from the first page', async () => {
    const { listCalls } = renderPage({ path: '/preview-projects?page=2', answer: () => ({ status: 200, body: makePage(posts(6), { total: 14, page: 2 }) }) });
    await screen.findAllByRole('article');
    fireEvent.click(screen.getByLabelText(/^Programadas/));
    await waitFor(() => expect(listCalls().at(-1)!.url).toBe('/api/posts?page=1&pageSize=6&state=scheduled'));
  });

  it('hides the pagination when everything fits on one page', async () => {
    renderPage();
    await screen.findAllByRole('article');
    expect(screen.queryByRole('navigation', { name: 'Paginación' })).toBeNull();
  });

  it('says there are no posts', async () => {
    renderPage({ answer: () => ({ status: 200, body: makePage([]) }) });
    expect(await screen.findByText('No hay publicaciones')).toBeTruthy();
  });

  it('shows an administrator whose each post is and a customer filter the address keeps (issue 29)', async () => {
    const items = [makePost({ id: 1 }), makePost({ id: 2, sequence: 2, owner: null })];
    const { listCalls } = renderPage({
      role: 'admin',
      path: '/preview-projects?owner=u1&state=preview',
      answer: (call) =>
        call.url.startsWith('/api/users') ? { status: 200, body: { items: [], total: 0, page: 1, pageSize: 20 } } : { status: 200, body: makePage(items) },
    });
    await screen.findAllByRole('article');
    expect(new URL(listCalls()[0]!.url, 'http://localhost').searchParams.get('owner')).toBe('u1');
    expect(screen.getByText('De Lucía Ferrer')).toBeTruthy();
    expect(screen.getByText('Sin cliente')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Cliente' })).toBeTruthy();
  });

  it('gives a customer neither the filter nor the owner lines, and sends no owner', async () => {
    const { listCalls } = renderPage({ path: '/preview-projects?owner=someone-else' });
    await screen.findAllByRole('article');
    expect(listCalls()[0]!.url).toBe('/api/posts?page=1&pageSize=6');
    expect(screen.queryByText('De Lucía Ferrer')).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Cliente' })).toBeNull();
  });

  it('shows a failed list in the error dialog', async () => {
    renderPage({ answer: () => ({ status: 500, body: { error: { code: 'UNKNOWN', message: 'boom' } } }) });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Error al obtener las publicaciones: Error desconocido')).toBeTruthy();
  });

  it('deletes a post after the confirmation, and reads the list again', async () => {
    const { calls, listCalls } = renderPage({ answer: (call) => (call.method === 'DELETE' ? { status: 204 } : undefined) });
    const [first] = await screen.findAllByRole('article');
    fireEvent.click(within(first!).getByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar publicación' });
    expect(within(dialog).getByText('¿Seguro que quieres eliminar la publicación 1 de «Casa Montseny en la ladera norte»? No se puede deshacer.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE' && call.url === '/api/posts/1')).toBe(true));
    await waitFor(() => expect(listCalls()).toHaveLength(2));
    expect(await screen.findByText('Publicación eliminada correctamente')).toBeTruthy();
  });

  it('says, before deleting a post that went out, that it stays on the network and Alzado only forgets it (issue 29)', async () => {
    const partly = makePost({
      state: 'published',
      editable: false,
      results: { instagram: result('failed', { error_code: 'gaveUp', attempts: 5 }), linkedin: result('posted') },
    });
    renderPage({ answer: () => ({ status: 200, body: makePage([partly]) }) });
    const [card] = await screen.findAllByRole('article');
    fireEvent.click(within(card!).getByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar publicación' });
    within(dialog).getByText(
      '¿Seguro que quieres eliminar la publicación 1 de «Casa Montseny en la ladera norte»? Seguirá en LinkedIn: Alzado solo la olvida, no la borra de allí. No se puede deshacer.',
    );
  });

  it('publishes again after a confirmation that says what is cleared', async () => {
    const published = makePost({ state: 'published', editable: false });
    const { calls } = renderPage({
      answer: (call) => (call.method === 'POST' ? { status: 200, body: makePost() } : { status: 200, body: makePage([published]) }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Publicar de nuevo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publicar de nuevo' });
    expect(within(dialog).getByText(/se borrarán su fecha de publicación, las redes elegidas y los resultados de cada red/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publicar de nuevo' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.url === '/api/posts/1/reset')).toBe(true));
  });

  it('retries the failed network at a click, naming it, and reads the list again', async () => {
    const partly = makePost({
      state: 'published',
      editable: false,
      results: { instagram: result('posted'), linkedin: result('failed', { error_code: 'gaveUp', attempts: 5 }) },
    });
    const { calls, listCalls } = renderPage({
      answer: (call) => (call.method === 'POST' ? { status: 200, body: makePost({ state: 'scheduled' }) } : { status: 200, body: makePage([partly]) }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual(['/api/posts/1/retry']));
    expect(await screen.findByText('Se vuelve a intentar en LinkedIn')).toBeTruthy();
    await waitFor(() => expect(listCalls()).toHaveLength(2));
  });

  it('says, before publishing again, where the post stays out and that a failure is retried instead', async () => {
    const partly = makePost({
      state: 'published',
      editable: false,
      results: { instagram: result('posted'), linkedin: result('failed', { error_code: 'gaveUp', attempts: 5 }) },
    });
    renderPage({ answer: () => ({ status: 200, body: makePage([partly]) }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Publicar de nuevo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publicar de nuevo' });
    expect(
      within(dialog).getByText(
        /Sigue publicada en Instagram: si la vuelves a elegir allí, saldrá dos veces, y Alzado te pedirá que lo confirmes\. Para volver a intentar solo las redes que fallaron, usa «Reintentar»\.$/,
      ),
    ).toBeTruthy();
  });

  const needingReview = () =>
    makePost({
      state: 'published',
      editable: false,
      results: { instagram: null, linkedin: result('unknown', { error_code: 'outcomeUnknown', account_url: '/sandbox' }) },
    });

  it('marks a "needs review" result after a confirmation that says what it means, and reads the list again', async () => {
    const { calls, listCalls } = renderPage({
      answer: (call) => (call.method === 'POST' ? { status: 200, body: makePost() } : { status: 200, body: makePage([needingReview()]) }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Marcar no publicada en LinkedIn' }));
    const dialog = await screen.findByRole('dialog', { name: 'Marcar como no publicada' });
    expect(
      within(dialog).getByText(
        '¿La publicación 1 de «Casa Montseny en la ladera norte» no está en LinkedIn? Contará como un fallo, con tu nombre y la fecha, y podrás usar «Reintentar».',
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Marcar no publicada' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST')).toEqual([
        { url: '/api/posts/1/results/linkedin/review', method: 'POST', body: { published: false } },
      ]),
    );
    expect(await screen.findByText('Marcada como no publicada en LinkedIn: usa «Reintentar» para volver a intentarlo')).toBeTruthy();
    await waitFor(() => expect(listCalls()).toHaveLength(2));
  });

  it('says so when the result was marked meanwhile, and shows the list as it is now', async () => {
    const conflict = {
      status: 409,
      body: { error: { code: 'CONFLICT', message: 'Only a result that needs review can be marked', details: { result: 'notNeedsReview' } } },
    };
    const { listCalls } = renderPage({ answer: (call) => (call.method === 'POST' ? conflict : { status: 200, body: makePage([needingReview()]) }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Marcar publicada en LinkedIn' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Marcar como publicada' })).getByRole('button', { name: 'Marcar publicada' }));
    expect(await screen.findByText(/^Este resultado ya no está pendiente de revisión/)).toBeTruthy();
    await waitFor(() => expect(listCalls()).toHaveLength(2));
  });

  it('reads the list again when a post changes on the server', async () => {
    const server = stubEventSource();
    const { listCalls } = renderPage();
    await screen.findAllByRole('article');
    expect(listCalls()).toHaveLength(1);
    server.send('post', { type: 'post', postId: 1, projectId: 7, state: 'published' });
    // The first event waits for the events' schema, loaded on first use: on a busy machine, more than a second.
    await waitFor(() => expect(listCalls()).toHaveLength(2), { timeout: 8_000 });
  });
});
