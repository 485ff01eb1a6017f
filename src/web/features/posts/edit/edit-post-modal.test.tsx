import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Post } from '../../../../domain/post.ts';
import { type Call, makePost, makeProject, serve } from '../../../test-support/post-fixtures.ts';
import { renderWithData } from '../../../test-support/render.tsx';
import { EditPostModal } from './edit-post-modal.tsx';

function renderModal(
  post: Post = makePost(),
  { language = 'en', answer }: { language?: 'en' | 'es' | 'cat'; answer?: (call: Call) => { status: number; body?: unknown } | undefined } = {},
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
/** The calls that change something: the previews beside the texts read the post's accounts. */
const changes = (calls: Call[]) => calls.filter((call) => call.method !== 'GET');

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
    renderModal(makePost({ networks: { instagram: true, linkedin: false, facebook: false } }));
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
    renderModal(makePost({ networks: { instagram: true, linkedin: false, facebook: false } }), { language });
    // The post's one text box (the others describe the images), whatever the language calls it.
    const box = () => screen.getByRole('textbox', { name: /^(Text of the post|Texto de la publicación|Text de la publicació)$/u }) as HTMLTextAreaElement;
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
    renderModal(makePost({ networks: { instagram: false, linkedin: true, facebook: false } }));
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
    expect(changes(calls)).toEqual([
      {
        url: '/api/posts/1',
        method: 'PATCH',
        body: {
          text: 'Texto nuevo #casa',
          images: [
            { id: 11, status: 'pending', alt_text: '' },
            { id: 12, status: 'pending', alt_text: '' },
            { id: 13, status: 'pending', alt_text: '' },
          ],
        },
      },
    ]);
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
    expect(changes(calls)).toEqual([]);
    reopen();
    expect(textarea().value).toBe(makePost().text);
  });

  describe('a text for each network and the images described (decision 034)', () => {
    const box = (name: string) => screen.getByRole('textbox', { name }) as HTMLTextAreaElement;

    it('writes LinkedIn a text of its own, starting from the shared one, each counted against its network and shown in its preview', async () => {
      const { calls, onClose } = renderModal();
      fireEvent.click(screen.getByRole('checkbox', { name: 'Use the same text for Instagram and LinkedIn' }));
      expect(box('Text for LinkedIn').value).toBe(makePost().text);
      fireEvent.change(box('Text for LinkedIn'), { target: { value: 'A longer text for LinkedIn. #arquitectura' } });
      expect(counter('linkedin').textContent).toBe('41 / 3,000 LinkedIn');
      // Instagram's counters follow Instagram's text, not LinkedIn's.
      expect(counter('instagram').textContent).toBe(`${makePost().text.length} / 2,200 Instagram`);
      const linkedinPreview = screen.getByRole('article', { name: 'LinkedIn preview' });
      expect(linkedinPreview.textContent).toContain('A longer text for LinkedIn.');
      expect(screen.getByRole('article', { name: 'Instagram preview' }).textContent).toContain('Una casa de piedra entre robles.');
      fireEvent.click(save());
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(changes(calls)).toEqual([{ url: '/api/posts/1', method: 'PATCH', body: { linkedin_text: 'A longer text for LinkedIn. #arquitectura' } }]);
    });

    it('goes back to one text for both by sending LinkedIn null', async () => {
      const { calls, onClose } = renderModal(makePost({ linkedin_text: 'Solo LinkedIn' }));
      expect(box('Text for LinkedIn').value).toBe('Solo LinkedIn');
      fireEvent.click(screen.getByRole('checkbox', { name: 'Use the same text for Instagram and LinkedIn' }));
      expect(screen.queryByRole('textbox', { name: 'Text for LinkedIn' })).toBeNull();
      fireEvent.click(save());
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(changes(calls)).toEqual([{ url: '/api/posts/1', method: 'PATCH', body: { linkedin_text: null } }]);
    });

    it("refuses an empty text for a network the post goes to, on that network's box", () => {
      renderModal(makePost({ linkedin_text: 'Texto de LinkedIn', networks: { instagram: false, linkedin: true, facebook: false } }));
      fireEvent.change(box('Text for LinkedIn'), { target: { value: ' ' } });
      expect(box('Text for LinkedIn').getAttribute('aria-invalid')).toBe('true');
      expect(box('Text for Instagram').getAttribute('aria-invalid')).not.toBe('true');
      expect(save().disabled).toBe(true);
      // Instagram's may be empty while the post does not go there.
      fireEvent.change(box('Text for LinkedIn'), { target: { value: 'Texto de LinkedIn' } });
      fireEvent.change(box('Text for Instagram'), { target: { value: '' } });
      expect(save().disabled).toBe(false);
    });

    it('describes each selected image, with its limit, and sends the descriptions with the images', async () => {
      const { calls, onClose } = renderModal(
        makePost({
          images: makePost().images.map((image) => ({ ...image, alt_text: image.id === 11 ? 'Fachada de piedra' : '' })),
        }),
      );
      expect(box('Description of image 1').value).toBe('Fachada de piedra');
      // Image 2 is not in the post: it is not described.
      expect(screen.queryByRole('textbox', { name: 'Description of image 2' })).toBeNull();
      fireEvent.change(box('Description of image 3'), { target: { value: 'x'.repeat(1001) } });
      expect(screen.getByText('The description cannot be longer than 1,000 characters')).toBeTruthy();
      expect(screen.getByText('1,001 / 1,000 characters')).toBeTruthy();
      expect(save().disabled).toBe(true);
      fireEvent.change(box('Description of image 3'), { target: { value: 'Patio con un olivo' } });
      fireEvent.click(save());
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(changes(calls)).toEqual([
        {
          url: '/api/posts/1',
          method: 'PATCH',
          body: {
            images: [
              { id: 11, status: 'pending', alt_text: 'Fachada de piedra' },
              { id: 12, status: 'not_selected', alt_text: '' },
              { id: 13, status: 'pending', alt_text: 'Patio con un olivo' },
            ],
          },
        },
      ]);
    });
  });

  describe('facts not in the project, and phrases that sound like AI (issue 24)', () => {
    const withProject = (call: Call) => (call.url === '/api/projects/7' ? { status: 200, body: makeProject() } : undefined);

    it('highlights as it is written what the text states that the project does not hold, and not what it holds', async () => {
      renderModal(makePost(), { answer: withProject });
      type('Una casa de 140 m² en Montseny, de Lucía Ferrer.');
      await waitFor(() => expect(screen.queryByTestId('facts-notice')).toBeNull());
      type('Una casa de 220 m² en Montseny, Premio FAD.');
      const notice = await screen.findByTestId('facts-notice');
      expect(notice.textContent).toContain('2 facts not in the project');
      expect([...notice.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['220 m²', 'Premio FAD']);
    });

    it('asks for the yes before saving an edit of a scheduled post that adds a fact, and sends it', async () => {
      const { calls, onClose } = renderModal(
        makePost({ state: 'scheduled', networks: { instagram: false, linkedin: true, facebook: false }, publish_on: '2026-06-20' }),
        {
          answer: withProject,
        },
      );
      type('Una casa de 220 m² en Montseny.');
      const confirm = await screen.findByRole('checkbox', { name: 'I checked these facts and want to publish them' });
      expect(save().disabled).toBe(true);
      fireEvent.click(confirm);
      fireEvent.click(save());
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(changes(calls)).toEqual([{ url: '/api/posts/1', method: 'PATCH', body: { text: 'Una casa de 220 m² en Montseny.', confirm_facts: true } }]);
    });

    it('points out phrases that give a generated text away, without refusing it', () => {
      renderModal();
      type('Sumérgete en una casa en el corazón de la sierra.');
      const hint = screen.getByTestId('ai-tells');
      expect([...hint.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['Sumérgete', 'en el corazón de']);
      expect(save().disabled).toBe(false);
    });
  });
});

describe('EditPostModal after changes were asked (issue 25)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows who asked for changes, when, and the comment, over the text to change', () => {
    const by = { id: 'u1', first_name: 'Lucía', last_name: 'Ferrer', email: 'lucia@ferrer.es' };
    renderModal(makePost({ changes_comment: { text: 'Quita el segundo hashtag.', by, at: '2026-06-09T08:15:00Z' } }), { language: 'en' });
    const comment = screen.getByTestId('changes-comment');
    expect(comment.textContent).toMatch(/^Changes asked by Lucía Ferrer on Jun 9, .+Quita el segundo hashtag\.$/);
  });

  it('shows none when no changes were asked', () => {
    renderModal();
    expect(screen.queryByTestId('changes-comment')).toBeNull();
  });
});
