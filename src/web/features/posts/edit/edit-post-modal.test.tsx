import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Post } from '../../../../domain/post.ts';
import { type Call, makePost, serve } from '../../../test-support/post-fixtures.ts';
import { renderWithData } from '../../../test-support/render.tsx';
import { EditPostModal } from './edit-post-modal.tsx';

function renderModal(
  post: Post = makePost(),
  { language = 'en', answer }: { language?: 'en' | 'es' | 'cat'; answer?: (call: Call) => { status: number; body?: unknown } } = {},
) {
  const calls = serve((call) => answer?.(call) ?? { status: 200, body: post });
  const onClose = vi.fn();
  const ui = (opened: boolean) => <EditPostModal opened={opened} post={post} onClose={onClose} />;
  const view = renderWithData(ui(true), { language });
  return {
    calls,
    onClose,
    reopen: () => {
      view.rerender(ui(false));
      view.rerender(ui(true));
    },
  };
}

const textarea = () => screen.getByRole('textbox', { name: 'Text of the post' }) as HTMLTextAreaElement;
const type = (text: string) => fireEvent.change(textarea(), { target: { value: text } });
const counter = (name: 'instagram' | 'linkedin' | 'hashtags') => screen.getByTestId(`counter-${name}`);
const save = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;

describe('EditPostModal', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('counts characters for both networks and hashtags as the text changes', () => {
    renderModal();
    type('Casa #piedra #roble');
    expect(counter('instagram').textContent).toBe('19 / 2,200 Instagram');
    expect(counter('linkedin').textContent).toBe('19 / 3,000 LinkedIn');
    expect(counter('hashtags').textContent).toBe('2 / 5 hashtags');
    expect(counter('instagram').dataset.over).toBeUndefined();
  });

  it('writes the limits as Spanish does', () => {
    renderModal(makePost({ text: 'Hola' }), { language: 'es' });
    expect(counter('instagram').textContent).toBe('4 / 2.200 Instagram');
  });

  it('turns a counter red over its limit, and refuses a text too long for Instagram when the post goes there', () => {
    renderModal(makePost({ networks: { instagram: true, linkedin: false } }));
    type('a'.repeat(2201));
    expect(counter('instagram').dataset.over).toBe('true');
    expect(counter('linkedin').dataset.over).toBeUndefined();
    expect(screen.getByText('Instagram accepts at most 2,200 characters')).toBeTruthy();
    expect(textarea().getAttribute('aria-invalid')).toBe('true');
    expect(save().disabled).toBe(true);

    type(Array.from({ length: 31 }, (_, index) => `#tag${index}`).join(' '));
    expect(counter('hashtags').dataset.over).toBe('true');
    expect(screen.getByText('Instagram accepts at most 5 hashtags per post')).toBeTruthy();
  });

  it.each([
    ['en', 'Instagram accepts at most 5 hashtags per post'],
    ['es', 'Instagram admite como máximo 5 hashtags por publicación'],
    ['cat', 'Instagram admet com a màxim 5 etiquetes per publicació'],
  ] as const)('takes 5 hashtags for Instagram and refuses a sixth, saying so (%s; decision 014)', (language, message) => {
    renderModal(makePost({ networks: { instagram: true, linkedin: false } }), { language });
    // One text box in the form, whatever the language calls it.
    const box = () => screen.getByRole('textbox') as HTMLTextAreaElement;
    const tags = (count: number) => `Casa en el bosque ${Array.from({ length: count }, (_, index) => `#tag${index}`).join(' ')}`;
    fireEvent.change(box(), { target: { value: tags(5) } });
    expect(counter('hashtags').textContent).toMatch(/^5 \/ 5 /u);
    expect(counter('hashtags').dataset.over).toBeUndefined();
    expect(box().getAttribute('aria-invalid')).not.toBe('true');
    expect(screen.getByRole('button', { name: /^(Save|Guardar|Desa)$/u }).hasAttribute('disabled')).toBe(false);

    fireEvent.change(box(), { target: { value: tags(6) } });
    expect(counter('hashtags').textContent).toMatch(/^6 \/ 5 /u);
    expect(counter('hashtags').dataset.over).toBe('true');
    expect(screen.getByText(message)).toBeTruthy();
    expect(box().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('button', { name: /^(Save|Guardar|Desa)$/u }).hasAttribute('disabled')).toBe(true);
  });

  it("warns, without refusing, that a text over Instagram's limits cannot go to Instagram when the post does not go there yet", () => {
    renderModal(makePost({ networks: { instagram: false, linkedin: true } }));
    type('a'.repeat(2201));
    expect(textarea().getAttribute('aria-invalid')).not.toBe('true');
    expect(screen.getByText('It cannot be published to Instagram')).toBeTruthy();
    expect(screen.getByText('With this text the post cannot be sent to Instagram: Instagram accepts at most 2,200 characters.')).toBeTruthy();
    expect(save().disabled).toBe(false);
  });

  it("refuses an empty text and a text over LinkedIn's 3,000 characters", () => {
    renderModal();
    type('   ');
    expect(screen.getByText('Write the text of the post')).toBeTruthy();
    type('a'.repeat(3001));
    expect(screen.getByText('LinkedIn accepts at most 3,000 characters')).toBeTruthy();
    expect(save().disabled).toBe(true);
  });

  it('keeps at least one image selected', () => {
    renderModal();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Publish image 1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Publish image 3' }));
    expect(screen.getByText('Keep at least one image selected')).toBeTruthy();
    expect(save().disabled).toBe(true);
  });

  it('saves the text and the whole image list in order, then closes', async () => {
    const { calls, onClose } = renderModal();
    type('Texto nuevo #casa');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Publish image 2' }));
    fireEvent.click(save());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]).toEqual({
      url: '/api/posts/1',
      method: 'PATCH',
      body: {
        text: 'Texto nuevo #casa',
        images: [
          { id: 11, status: 'pending' },
          { id: 12, status: 'pending' },
          { id: 13, status: 'pending' },
        ],
      },
    });
    expect(await screen.findByText('Post saved successfully')).toBeTruthy();
  });

  it("puts the server's refusal on its field", async () => {
    const { onClose } = renderModal(makePost(), {
      answer: () => ({ status: 400, body: { error: { code: 'VALIDATION_FAILED', message: 'Invalid', details: { text: 'instagramTooManyHashtags' } } } }),
    });
    type('Otro texto');
    fireEvent.click(save());
    expect(await screen.findByText('Instagram accepts at most 5 hashtags per post')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says a locked post cannot change', async () => {
    renderModal(makePost(), { answer: () => ({ status: 409, body: { error: { code: 'POST_LOCKED', message: 'Locked' } } }) });
    type('Otro texto');
    fireEvent.click(save());
    expect(await screen.findByText('This post is being published and cannot be changed')).toBeTruthy();
  });

  it('cancel closes without saving, and the next opening starts from the post again', () => {
    const { calls, onClose, reopen } = renderModal();
    type('Cambiado');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(calls).toEqual([]);
    reopen();
    expect(textarea().value).toBe(makePost().text);
  });
});
