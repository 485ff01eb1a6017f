import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Post } from '../../../../domain/post.ts';
import { TODAY, makePost, result } from '../../../test-support/post-fixtures.ts';
import { renderWithProviders } from '../../../test-support/render.tsx';
import { PostCard } from './post-card.tsx';

function renderCard(overrides: Partial<Post> = {}, language: 'es' | 'en' | 'cat' = 'es') {
  const onAction = vi.fn();
  renderWithProviders(<PostCard post={makePost(overrides)} today={TODAY} onAction={onAction} />, language);
  return { onAction, card: screen.getByRole('article') };
}

const buttons = () => screen.queryAllByRole('button').map((button) => button.textContent).filter(Boolean);

describe('PostCard', () => {
  it('shows the project title cut at 20 characters, the post number, the date as dd-mm-yyyy and the text', () => {
    renderCard({ sequence: 3, publish_on: '2026-07-01', state: 'scheduled' });
    expect(screen.getByText('Casa Montseny en la…')).toBeTruthy();
    expect(screen.getByText('Publicación 3')).toBeTruthy();
    expect(screen.getByText('Fecha de publicación: 01-07-2026')).toBeTruthy();
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
    ['a published post without results', { state: 'published' }, 'Publicado', 'green'],
    ['every network posted or not selected', { state: 'published', results: { instagram: result('posted'), linkedin: result('not_selected') } }, 'Publicado', 'green'],
    ['every chosen network failed', { state: 'published', results: { instagram: result('failed'), linkedin: result('unknown') } }, 'error en publicación', 'red'],
    ['one posted and one failed', { state: 'published', results: { instagram: result('posted'), linkedin: result('failed') } }, 'publicado con errores', 'yellow'],
  ] as [string, Partial<Post>, string, string][])('%s: "%s" in %s', (_case, overrides, label, color) => {
    const { card } = renderCard(overrides);
    const badge = card.querySelector('[data-state]')!;
    expect(badge.textContent).toBe(label);
    expect(badge.getAttribute('style')).toContain(`--mantine-color-${color}-`);
  });

  it('names each network with its result: posted, failed, not selected, needs review', () => {
    renderCard({ state: 'published', results: { instagram: result('posted', { permalink: 'https://instagram.example/p/1' }), linkedin: result('failed', { error: 'Token revoked' }) } }, 'en');
    expect(screen.getByRole('link', { name: 'Instagram: posted' }).getAttribute('href')).toBe('https://instagram.example/p/1');
    expect(screen.getByText('LinkedIn: failed')).toBeTruthy();
  });

  /** The reason on hover: the sentence of its code in the interface language, the network's words below only when they help. */
  const hoverReason = async (badge: string) => {
    fireEvent.mouseEnter(screen.getByText(badge).closest('[data-result]')!);
    return screen.findByRole('tooltip');
  };

  it('tells why a network failed in the interface language, with what to do', async () => {
    const linkedin = result('failed', { error_code: 'connectionRefused', error: 'LinkedIn no longer accepts the connection: connect it again in Settings (revoked by the user)' });
    renderCard({ state: 'published', results: { instagram: null, linkedin } });
    const tooltip = await hoverReason('LinkedIn: fallido');
    expect(tooltip.textContent).toBe('LinkedIn ya no acepta la conexión con tu cuenta: vuelve a conectarla en Ajustes y usa «Publicar de nuevo».');
  });

  it("adds the network's own words under a refused post, and counts the attempts of a retry given up", async () => {
    const instagram = result('failed', { error_code: 'rejectedByNetwork', error: 'The media could not be processed (2207001)' });
    const linkedin = result('failed', { error_code: 'gaveUp', attempts: 5, error: 'LinkedIn failed (HTTP 500) (gave up after 5 attempts)' });
    renderCard({ state: 'published', results: { instagram, linkedin } }, 'cat');
    const refused = await hoverReason('Instagram: fallit');
    expect(within(refused).getByText(/^Instagram ha rebutjat la publicació/)).toBeTruthy();
    expect(within(refused).getByText('Resposta de Instagram: The media could not be processed (2207001)')).toBeTruthy();
    fireEvent.mouseLeave(screen.getByText('Instagram: fallit').closest('[data-result]')!);
    const gaveUp = await hoverReason('LinkedIn: fallit');
    expect(gaveUp.textContent).toBe('La publicació a LinkedIn ha fallat 5 vegades: fes servir «Torna a publicar» més tard.');
  });

  it('says "needs review" in words on hover, and shows an older result\'s text as it was recorded', async () => {
    renderCard({ state: 'published', results: { instagram: result('unknown', { error: 'The outcome of the call is unknown' }), linkedin: result('failed', { error: 'Quota exceeded' }) } }, 'en');
    expect((await hoverReason('Instagram: needs review')).textContent).toBe(
      'Instagram did not confirm the post, so we do not know whether it went out: check the account before publishing it again.',
    );
    fireEvent.mouseLeave(screen.getByText('Instagram: needs review').closest('[data-result]')!);
    expect((await hoverReason('LinkedIn: failed')).textContent).toBe('Quota exceeded');
  });

  it('tells the reason on keyboard focus too: the badge with a reason can be focused', async () => {
    renderCard({ state: 'published', results: { instagram: null, linkedin: result('failed', { error_code: 'notConnected', error: 'not connected' }) } }, 'en');
    const badge = screen.getByText('LinkedIn: failed').closest('[data-result]') as HTMLElement;
    expect(badge.tabIndex).toBe(0);
    fireEvent.focus(badge);
    expect((await screen.findByRole('tooltip')).textContent).toMatch(/LinkedIn/);
  });

  it('says "not selected" and "needs review"', () => {
    renderCard({ state: 'published', results: { instagram: result('unknown'), linkedin: result('not_selected') } }, 'en');
    expect(screen.getByText('Instagram: needs review')).toBeTruthy();
    expect(screen.getByText('LinkedIn: not selected')).toBeTruthy();
    // An unknown outcome counts as a failure, a network not selected as a success.
    expect(screen.getByText('published with errors')).toBeTruthy();
  });

  it('shows no result badge while a network is still pending', () => {
    renderCard({ state: 'scheduled', results: { instagram: result('pending'), linkedin: null } }, 'en');
    expect(screen.queryByText(/^Instagram:/)).toBeNull();
  });

  it('offers the previews, edit, publish and delete on an editable preview', () => {
    const { onAction } = renderCard({}, 'en');
    expect(buttons()).toEqual(['Instagram preview', 'LinkedIn preview', 'Edit', 'Publish', 'Delete']);
    expect(screen.queryByTestId('post-lock')).toBeNull();
    for (const name of ['Instagram preview', 'LinkedIn preview', 'Edit', 'Publish', 'Delete']) fireEvent.click(screen.getByRole('button', { name }));
    expect(onAction.mock.calls.map(([action]) => action)).toEqual(['instagramPreview', 'linkedinPreview', 'edit', 'publish', 'delete']);
  });

  it('hides edit when the post is no longer editable, and disables publish once the date has passed', () => {
    renderCard({ state: 'scheduled', publish_on: '2026-06-09', editable: false }, 'en');
    expect(buttons()).toEqual(['Instagram preview', 'LinkedIn preview', 'Publish', 'Delete']);
    expect((screen.getByRole('button', { name: 'Publish' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('keeps publish enabled on the day itself', () => {
    renderCard({ state: 'scheduled', publish_on: TODAY, editable: false }, 'en');
    expect((screen.getByRole('button', { name: 'Publish' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('locks a published post: the lock, publish again and delete only', () => {
    const { onAction, card } = renderCard({ state: 'published', editable: false, results: { instagram: result('posted'), linkedin: result('not_selected') } }, 'en');
    expect(card.getAttribute('data-locked')).toBe('true');
    expect(within(card).getByRole('button', { name: 'Locked: already published' })).toBeTruthy();
    expect(buttons()).toEqual(['Publish again', 'Delete']);
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
