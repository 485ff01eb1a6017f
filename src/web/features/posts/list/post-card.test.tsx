import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Post } from '../../../../domain/post.ts';
import { TODAY, makePost, result, type PostOverrides } from '../../../test-support/post-fixtures.ts';
import { renderWithProviders } from '../../../test-support/render.tsx';
import { inTimeZone } from '../../../test-support/time-zone.ts';
import { PostCard } from './post-card.tsx';

function renderCard(overrides: PostOverrides = {}, language: 'es' | 'en' | 'cat' = 'es') {
  const onAction = vi.fn();
  renderWithProviders(<PostCard post={makePost(overrides)} onAction={onAction} />, language);
  return { onAction, card: screen.getByRole('article') };
}

/** The action row's buttons, by the names they are read aloud with. */
const buttons = () =>
  within(screen.getByTestId('post-actions'))
    .queryAllByRole('button')
    .map((button) => button.getAttribute('aria-label') ?? button.textContent);

describe('PostCard', () => {
  it('shows the project title in full, the post number, the date as dd-mm-yyyy with its time and the text, and is named by title and number', () => {
    const { card } = renderCard({ sequence: 3, publish_on: '2026-07-01', publish_time: '18:30', state: 'scheduled' });
    expect(screen.getByRole('heading', { level: 2, name: 'Casa Montseny en la ladera norte' })).toBeTruthy();
    expect(screen.getByText('Publicación 3')).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Casa Montseny en la ladera norte Publicación 3' })).toBe(card);
    expect(screen.getByText('Fecha de publicación: 01-07-2026 a las 18:30')).toBeTruthy();
    expect(screen.getByText(/Una casa de piedra entre robles/)).toBeTruthy();
  });

  it('shows the first selected picture, and a placeholder when it fails to load', () => {
    renderCard({ images: makePost().images.map((image) => (image.id === 11 ? { ...image, status: 'not_selected' as const } : image)) });
    const picture = screen.getByRole('article').querySelector('img')!;
    expect(picture.getAttribute('src')).toBe('/media/c.jpg');
    fireEvent.error(picture);
    expect(screen.getByRole('img', { name: 'Imagen no disponible' })).toBeTruthy();
  });

  it.each([
    ['a preview without results', { state: 'preview' }, 'Vista previa', 'gray'],
    ['a scheduled post', { state: 'scheduled', publish_on: '2026-07-01' }, 'Programada', 'blue'],
    ['a published post without results', { state: 'published' }, 'Publicada', 'green'],
    [
      'every network posted or not selected',
      { state: 'published', results: { instagram: result('posted'), linkedin: result('not_selected') } },
      'Publicada',
      'green',
    ],
    [
      'its only network failed',
      { state: 'published', results: { instagram: result('not_selected'), linkedin: result('failed') } },
      'error en publicación',
      'red',
    ],
    [
      'every chosen network failed',
      { state: 'published', results: { instagram: result('failed'), linkedin: result('unknown') } },
      'error en publicación',
      'red',
    ],
    [
      'one posted and one failed',
      { state: 'published', results: { instagram: result('posted'), linkedin: result('failed') } },
      'publicado con errores',
      'yellow',
    ],
  ] as [string, Partial<Post>, string, string][])('%s: "%s" in %s', (_case, overrides, label, color) => {
    const { card } = renderCard(overrides);
    const badge = card.querySelector('[data-state]')!;
    expect(badge.textContent).toBe(label);
    expect(badge.getAttribute('style')).toContain(`--mantine-color-${color}-`);
  });

  it('names each network with its result: posted, failed, not selected, needs review', () => {
    renderCard(
      {
        state: 'published',
        results: { instagram: result('posted', { permalink: 'https://instagram.example/p/1' }), linkedin: result('failed', { error: 'Token revoked' }) },
      },
      'en',
    );
    expect(screen.getByRole('link', { name: 'Instagram: posted' }).getAttribute('href')).toBe('https://instagram.example/p/1');
    expect(screen.getByText('LinkedIn: failed')).toBeTruthy();
  });

  /** A network's note on the card: its reason, who reviewed it, what to do. */
  const noteOf = (network: 'instagram' | 'linkedin') => screen.getByRole('article').querySelector(`[data-note="${network}"]`) as HTMLElement;

  it('tells why a network failed on the card itself, in the interface language, with what to do', () => {
    const linkedin = result('failed', {
      error_code: 'connectionRefused',
      error: 'LinkedIn no longer accepts the connection: connect it again in Settings (revoked by the user)',
    });
    renderCard({ state: 'published', results: { instagram: null, linkedin } });
    expect(noteOf('linkedin').textContent).toBe('LinkedIn ya no acepta la conexión con tu cuenta: vuelve a conectarla en Ajustes y usa «Reintentar».');
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it("adds the network's own words under a refused post, and counts the attempts of a retry given up", () => {
    const instagram = result('failed', { error_code: 'rejectedByNetwork', error: 'The media could not be processed (2207001)' });
    const linkedin = result('failed', { error_code: 'gaveUp', attempts: 5, error: 'LinkedIn failed (HTTP 500) (gave up after 5 attempts)' });
    renderCard({ state: 'published', results: { instagram, linkedin } }, 'cat');
    expect(within(noteOf('instagram')).getByText(/^Instagram ha rebutjat la publicació/)).toBeTruthy();
    expect(within(noteOf('instagram')).getByText('Resposta de Instagram: The media could not be processed (2207001)')).toBeTruthy();
    expect(noteOf('linkedin').textContent).toBe('La publicació a LinkedIn ha fallat 5 vegades: fes servir «Reintenta» més tard.');
  });

  it('says "needs review" in words, and shows an older result\'s text as it was recorded', () => {
    renderCard(
      {
        state: 'published',
        results: { instagram: result('unknown', { error: 'The outcome of the call is unknown' }), linkedin: result('failed', { error: 'Quota exceeded' }) },
      },
      'en',
    );
    expect(
      within(noteOf('instagram')).getByText(
        /^Instagram did not confirm the post, so we do not know whether it went out: check the account and mark it published or not published/,
      ),
    ).toBeTruthy();
    expect(noteOf('linkedin').textContent).toBe('Quota exceeded');
  });

  it('offers to check a "needs review" result on the account and to mark it published or not published', () => {
    const onReview = vi.fn();
    const instagram = result('unknown', { error_code: 'outcomeUnknown', account_url: 'https://www.instagram.com/estudio.ferrer/' });
    renderWithProviders(
      <PostCard
        post={makePost({ state: 'published', editable: false, results: { instagram, linkedin: result('posted') } })}
        onAction={vi.fn()}
        onReview={onReview}
      />,
      'en',
    );
    const note = within(noteOf('instagram'));
    expect(note.getByRole('link', { name: 'Check on Instagram' }).getAttribute('href')).toBe('https://www.instagram.com/estudio.ferrer/');
    fireEvent.click(note.getByRole('button', { name: 'Mark published on Instagram' }));
    fireEvent.click(note.getByRole('button', { name: 'Mark not published on Instagram' }));
    expect(onReview.mock.calls.map(([answer]) => answer)).toEqual([
      { network: 'instagram', published: true },
      { network: 'instagram', published: false },
    ]);
    // A posted network has nothing to say; nothing failed, so nothing to retry; "publish again" stays offered.
    expect(screen.getByRole('article').querySelector('[data-note="linkedin"]')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Publish again' })).toBeTruthy();
  });

  it('says who marked a result and when, and shows the post as its answer makes it', () => {
    const reviewer = { id: 'u2', first_name: 'Ana', last_name: 'Ruiz', email: 'ana@studio.es' };
    renderCard(
      {
        state: 'published',
        editable: false,
        results: {
          instagram: result('posted', { reviewed_by: reviewer, reviewed_at: '2026-06-11T08:30:00Z' }),
          linkedin: result('failed', { error_code: 'markedNotPublished', reviewed_by: null, reviewed_at: '2026-06-12T08:30:00Z' }),
        },
      },
      'en',
    );
    expect(within(noteOf('instagram')).getByTestId('reviewed').textContent).toBe('Marked published by Ana Ruiz on 11-06-2026');
    expect(within(noteOf('linkedin')).getByText('LinkedIn does not show the post (it was checked on the account): use “Retry” to try again.')).toBeTruthy();
    expect(within(noteOf('linkedin')).getByTestId('reviewed').textContent).toBe('Marked not published on 12-06-2026');
    expect(within(noteOf('instagram')).queryByRole('button')).toBeNull();
    expect(screen.getByText('published with errors')).toBeTruthy();
  });

  it('says "not selected" and "needs review"', () => {
    renderCard({ state: 'published', results: { instagram: result('unknown'), linkedin: result('not_selected') } }, 'en');
    expect(screen.getByText('Instagram: needs review')).toBeTruthy();
    expect(screen.getByText('LinkedIn: not selected')).toBeTruthy();
    // An unknown outcome counts as a failure; a network not selected is no publication (decision 028).
    expect(screen.getByText('publication error')).toBeTruthy();
  });

  it('shows no result badge while a network is still pending', () => {
    renderCard({ state: 'scheduled', results: { instagram: result('pending'), linkedin: null } }, 'en');
    expect(screen.queryByText(/^Instagram:/)).toBeNull();
  });

  it('offers the previews, edit, write again, publish, add to queue and delete on an editable preview', () => {
    const { onAction } = renderCard({}, 'en');
    expect(buttons()).toEqual([
      'Publish',
      'Edit',
      'Write again',
      'Add to queue',
      'Instagram preview',
      'LinkedIn preview',
      'Facebook preview',
      'History and comments',
      'Delete',
    ]);
    expect(screen.queryByTestId('post-lock')).toBeNull();
    for (const name of ['Instagram preview', 'LinkedIn preview', 'Facebook preview', 'Edit', 'Write again', 'Publish', 'Add to queue', 'Delete'])
      fireEvent.click(screen.getByRole('button', { name }));
    expect(onAction.mock.calls.map(([action]) => action)).toEqual([
      'instagramPreview',
      'linkedinPreview',
      'facebookPreview',
      'edit',
      'rewrite',
      'publish',
      'queue',
      'delete',
    ]);
  });

  it('names the facts its texts state that the project does not hold until someone confirms them, in the three languages (issue 24)', () => {
    const facts = {
      instagram: [{ kind: 'number' as const, text: '220 m²', start: 0, end: 6 }],
      linkedin: [{ kind: 'award' as const, text: 'Premio FAD', start: 0, end: 10 }],
    };
    for (const [language, sentence] of [
      ['es', '2 datos que no están en el proyecto: compruébalos antes de publicar'],
      ['en', '2 facts not in the project: check them before publishing'],
      ['cat', '2 dades que no són al projecte: comprova-les abans de publicar'],
    ] as const) {
      const { card } = renderCard({ unsupported_facts: facts }, language);
      expect(within(card).getByText(sentence)).toBeTruthy();
      expect([...card.querySelectorAll('[data-notice="facts"] mark')].map((mark) => mark.textContent)).toEqual(['220 m²', 'Premio FAD']);
      cleanup();
    }
    const { card } = renderCard({ unsupported_facts: facts, facts_confirmed: ['220 m²', 'premio fad'] });
    expect(card.querySelector('[data-notice="facts"]')).toBeNull();
  });

  it('writes the time in 12-hour English', () => {
    renderCard({ state: 'scheduled', publish_on: '2026-07-01', publish_time: '18:30' }, 'en');
    expect(screen.getByText('Publication date: 01-07-2026 at 6:30 PM')).toBeTruthy();
  });

  it('says "a la" for one o\'clock in Spanish and Catalan, "a las/les" for the other hours', () => {
    renderCard({ state: 'scheduled', publish_on: '2026-07-01', publish_time: '01:15' });
    expect(screen.getByText('Fecha de publicación: 01-07-2026 a la 01:15')).toBeTruthy();
    cleanup();
    renderCard({ state: 'scheduled', publish_on: '2026-07-01', publish_time: '01:45' }, 'cat');
    expect(screen.getByText('Data de publicació: 01-07-2026 a la 01:45')).toBeTruthy();
  });

  it('keeps edit and publish on a scheduled post whose time is beyond the lock margin, without "add to queue"', () => {
    renderCard({ state: 'scheduled', publish_on: TODAY, publish_time: '18:30', editable: true }, 'en');
    expect(buttons()).toEqual(['Publish', 'Edit', 'Instagram preview', 'LinkedIn preview', 'Facebook preview', 'History and comments', 'Delete']);
    expect((screen.getByRole('button', { name: 'Publish' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows a post inside the lock margin of its time as locked, saying why, with only what is still possible', () => {
    const { card } = renderCard(
      { state: 'scheduled', publish_on: TODAY, publish_time: '10:15', editable: false, networks: { instagram: true, linkedin: true, facebook: false } },
      'en',
    );
    expect(card.getAttribute('data-locked')).toBe('true');
    expect(within(card).getByRole('button', { name: 'It can no longer change: its time is less than 15 minutes away' })).toBeTruthy();
    expect(screen.getByTestId('post-locked-reason').textContent).toBe('It can no longer change: its time is less than 15 minutes away');
    expect(buttons()).toEqual(['Instagram preview', 'LinkedIn preview', 'Facebook preview', 'History and comments', 'Delete']);
  });

  it('says which networks a scheduled post goes out on, and warns of one whose account is not connected', () => {
    renderCard({
      state: 'scheduled',
      publish_on: '2026-07-01',
      publish_time: '18:30',
      networks: { instagram: true, linkedin: true, facebook: false },
      unreachable: ['instagram'],
    });
    expect(screen.getByTestId('post-goes-to').textContent).toBe('Saldrá en Instagram · LinkedIn');
    const warning = screen.getByRole('article').querySelector('[data-notice="unreachable"]')!;
    expect(warning.textContent).toBe('La cuenta de Instagram no está conectada: fallará a su hora si no se vuelve a conectar en Ajustes.');
  });

  it('offers "retry" for the networks that failed, before "publish again", and says where a post published again is still out', () => {
    const { onAction } = renderCard(
      { state: 'published', editable: false, results: { instagram: result('posted'), linkedin: result('failed', { error_code: 'gaveUp', attempts: 5 }) } },
      'en',
    );
    expect(buttons()).toEqual(['Retry', 'Publish again', 'History and comments', 'Delete']);
    const retry = screen.getByRole('button', { name: 'Retry' });
    expect(retry.title).toBe('Tries again on LinkedIn only; where it went out is left alone');
    fireEvent.click(retry);
    expect(onAction).toHaveBeenCalledWith('retry');
    cleanup();
    renderCard({
      state: 'preview',
      published_before: [
        { network: 'instagram', target_name: 'estudio.ferrer', permalink: 'https://instagram.example/p/9', published_at: '2026-06-02T09:00:00Z' },
        { network: 'instagram', target_name: 'estudio.ferrer', permalink: 'https://instagram.example/p/1', published_at: '2026-05-02T09:00:00Z' },
      ],
    });
    const earlier = screen.getAllByRole('link', { name: 'Ya publicada en Instagram el 02-06-2026' });
    expect(earlier.map((link) => link.getAttribute('href'))).toEqual(['https://instagram.example/p/9']);
  });

  it('locks a published post: the lock, publish again, its history and delete only', () => {
    const { onAction, card } = renderCard(
      { state: 'published', editable: false, results: { instagram: result('posted'), linkedin: result('not_selected') } },
      'en',
    );
    expect(card.getAttribute('data-locked')).toBe('true');
    expect(within(card).getByRole('button', { name: 'Locked: already published' })).toBeTruthy();
    expect(buttons()).toEqual(['Publish again', 'History and comments', 'Delete']);
    fireEvent.click(screen.getByRole('button', { name: 'Publish again' }));
    expect(onAction).toHaveBeenCalledWith('reset');
  });

  it('locks a post in process: no edit, no publish, no delete', () => {
    const { card } = renderCard({ state: 'scheduled', publish_on: TODAY, in_process: true, editable: false }, 'en');
    expect(card.getAttribute('data-locked')).toBe('true');
    expect(within(card).getByRole('button', { name: 'Locked: being published' })).toBeTruthy();
    expect(buttons()).not.toContain('Delete');
    expect(buttons()).not.toContain('Edit');
    expect((screen.getByRole('button', { name: 'Publish' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('PostCard awaiting approval, and back with changes asked (issue 25)', () => {
  inTimeZone('Europe/Madrid');
  const ANA = { id: 'admin-1', first_name: 'Ana', last_name: 'Roca', email: 'ana@roca.es' };
  const awaiting = (overrides: Partial<Post> = {}): Partial<Post> => ({
    state: 'awaiting_approval',
    publish_on: '2026-12-05',
    publish_time: '18:30',
    networks: { instagram: true, linkedin: false, facebook: false },
    approval: { asked_at: '2026-12-03T09:15:00Z', asked_by: ANA },
    ...overrides,
  });

  it.each([
    ['es', 'Pendiente de aprobación', 'Pedida por Ana Roca el 3 dic, 10:15'],
    ['en', 'Awaiting approval', 'Asked by Ana Roca on Dec 3, 10:15 AM'],
    ['cat', "Pendent d'aprovació", 'Demanada per Ana Roca el 3 de des., 10:15'],
  ] as const)('in %s, shows its state in words and who asked and when', (language, state, asked) => {
    renderCard(awaiting(), language);
    expect(screen.getByText(state).closest('[data-state]')?.getAttribute('data-state')).toBe('awaitingApproval');
    expect(screen.getByTestId('approval-asked').textContent).toBe(asked);
  });

  it('offers approve and ask for changes to the owner who can approve, and nothing to the others', () => {
    const { onAction } = renderCard(awaiting({ can_approve: true }), 'en');
    const actions = within(screen.getByTestId('approval-actions'));
    fireEvent.click(actions.getByRole('button', { name: 'Approve' }));
    fireEvent.click(actions.getByRole('button', { name: 'Ask for changes' }));
    expect(onAction.mock.calls).toEqual([['approve'], ['requestChanges']]);
    cleanup();
    renderCard(awaiting({ can_approve: false }), 'en');
    expect(screen.queryByTestId('approval-actions')).toBeNull();
    expect(screen.getByTestId('approval-asked')).toBeTruthy();
  });

  it('shows the changes asked, by whom, when and the comment as written, on a post back in preview', () => {
    renderCard({
      state: 'preview',
      changes_comment: {
        text: 'Otra foto de portada,\npor favor.',
        by: { ...ANA, id: 'u1', first_name: 'Lucía', last_name: 'Ferrer' },
        at: '2026-12-04T16:00:00Z',
      },
    });
    const comment = screen.getByTestId('changes-comment');
    expect(within(comment).getByText('Cambios pedidos por Lucía Ferrer el 4 dic, 17:00')).toBeTruthy();
    expect(within(comment).getByText(/Otra foto de portada,\s+por favor\./)).toBeTruthy();
    expect(screen.queryByTestId('approval-asked')).toBeNull();
  });
});
