import { fireEvent, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PostAccounts } from '../../../../domain/post.ts';
import { CONNECTED_ACCOUNTS, makePost, serve } from '../../../test-support/post-fixtures.ts';
import { renderWithData, renderWithProviders } from '../../../test-support/render.tsx';
import { foldText } from './expandable-text.tsx';
import { FacebookPost } from './facebook-post.tsx';
import { FacebookPreview } from './facebook-preview.tsx';
import { carouselAspectRatio } from './image-carousel.tsx';
import { InstagramPost } from './instagram-post.tsx';
import { InstagramPreview } from './instagram-preview.tsx';
import { LinkedinPost } from './linkedin-post.tsx';
import { initialsOf } from './preview-author.tsx';
import { LinkedinPreview } from './linkedin-preview.tsx';

const LONG_TEXT = `${'Una casa de piedra entre robles, abierta al valle. '.repeat(6)}#arquitectura #montseny`;

function renderPreview(ui: ReactElement, accounts: PostAccounts = CONNECTED_ACCOUNTS) {
  const calls = serve(() => ({ status: 200, body: accounts }));
  renderWithData(ui, { language: 'en' });
  return calls;
}

describe('foldText', () => {
  it('folds after the characters or the lines, whichever comes first, and leaves a short text whole', () => {
    expect(foldText('short', { characters: 10, lines: 2 })).toBeNull();
    expect(foldText('abcdefghijklmnop', { characters: 10, lines: 2 })).toBe('abcdefghij');
    expect(foldText('one\ntwo\nthree', { characters: 100, lines: 2 })).toBe('one\ntwo');
  });
});

describe('carouselAspectRatio', () => {
  it("takes the first picture's shape, kept between 4:5 and 1.91:1", () => {
    expect(carouselAspectRatio([{ width: 1080, height: 1350 }])).toBe(0.8);
    expect(carouselAspectRatio([{ width: 1000, height: 400 }])).toBe(1.91);
    expect(carouselAspectRatio([])).toBe(1);
  });
});

describe('InstagramPreview', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("posts as the owner's account, with the selected pictures in order as a carousel", async () => {
    const calls = renderPreview(<InstagramPreview opened post={makePost({ text: LONG_TEXT })} onClose={() => {}} />);
    const frame = await screen.findByRole('article', { name: 'Instagram preview' });
    expect(await within(frame).findByTestId('preview-author')).toHaveProperty('textContent', 'estudio.ferrer');
    expect(calls[0]!.url).toBe('/api/posts/1/accounts');
    const pictures = [...frame.querySelectorAll('img')].map((image) => image.getAttribute('src'));
    expect(pictures).toEqual(['/media/a.jpg', '/media/c.jpg']);

    expect(within(frame).getByText('1/2')).toBeTruthy();
    expect(within(frame).queryByRole('button', { name: 'Previous image' })).toBeNull();
    fireEvent.click(within(frame).getByRole('button', { name: 'Next image' }));
    expect(within(frame).getByText('2/2')).toBeTruthy();
    expect(within(frame).queryByRole('button', { name: 'Next image' })).toBeNull();
    fireEvent.click(within(frame).getByRole('button', { name: 'Go to image 1' }));
    expect(within(frame).getByText('1/2')).toBeTruthy();
  });

  it('folds a long caption with "… more" that opens it, and marks the hashtags', async () => {
    renderPreview(<InstagramPreview opened post={makePost({ text: LONG_TEXT })} onClose={() => {}} />);
    const frame = await screen.findByRole('article', { name: 'Instagram preview' });
    expect(frame.querySelectorAll('[data-hashtag]')).toHaveLength(0);
    fireEvent.click(within(frame).getByRole('button', { name: 'more' }));
    expect(within(frame).queryByRole('button', { name: 'more' })).toBeNull();
    expect([...frame.querySelectorAll('[data-hashtag]')].map((tag) => tag.textContent)).toEqual(['#arquitectura', '#montseny']);
  });

  it('a caption folded right after its own ellipsis shows one ellipsis, not two (issue 29)', async () => {
    for (const own of ['…', '...']) {
      serve(() => ({ status: 200, body: CONNECTED_ACCOUNTS }));
      const { unmount } = renderWithData(
        <InstagramPreview opened post={makePost({ text: `Luz de tarde${own}\n\ny el valle entero al fondo` })} onClose={() => {}} />,
        { language: 'en' },
      );
      const frame = await screen.findByRole('article', { name: 'Instagram preview' });
      await within(frame).findByTestId('preview-author');
      expect(within(frame).getByRole('button', { name: 'more' }).parentElement!.textContent).toBe('estudio.ferrer Luz de tarde… more');
      unmount();
    }
  });

  it('says the account is not connected when the owner has none', async () => {
    renderPreview(<InstagramPreview opened post={makePost()} onClose={() => {}} />, {
      ...CONNECTED_ACCOUNTS,
      instagram: { connected: false, name: null, picture: null },
    });
    const frame = await screen.findByRole('article', { name: 'Instagram preview' });
    expect(await within(frame).findByTestId('preview-author')).toHaveProperty('textContent', 'Account not connected');
  });
});

describe('LinkedinPreview', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts as the chosen member or page, folds the text with "…see more", and shows several pictures as a grid', async () => {
    renderPreview(<LinkedinPreview opened post={makePost({ text: LONG_TEXT })} onClose={() => {}} />);
    const frame = await screen.findByRole('article', { name: 'LinkedIn preview' });
    expect(await within(frame).findByTestId('preview-author')).toHaveProperty('textContent', 'Estudio Ferrer');
    expect(within(frame).getByTestId('linkedin-grid').querySelectorAll('img')).toHaveLength(2);
    fireEvent.click(within(frame).getByRole('button', { name: '…see more' }));
    expect(frame.textContent).toContain('#montseny');
  });

  it("a text folded right after a full stop or its own ellipsis shows LinkedIn's one mark, not two", () => {
    for (const own of ['.', '…', '...']) {
      const line = `Una casa entre medianeras con un patio de naranjos${own}`;
      const post = makePost({ text: `${line}\n\n\n${'y luz '.repeat(50)}` });
      const { unmount } = renderWithProviders(<LinkedinPost post={post} author={{ connected: true, name: 'Estudio Ferrer', picture: null }} />, 'en');
      const frame = screen.getByRole('article', { name: 'LinkedIn preview' });
      expect(within(frame).getByRole('button', { name: '…see more' }).parentElement!.textContent).toBe(
        'Una casa entre medianeras con un patio de naranjos…see more',
      );
      unmount();
    }
  });

  it('shows a single picture alone, from its LinkedIn version', async () => {
    const post = makePost();
    renderPreview(<LinkedinPreview opened post={{ ...post, images: post.images.slice(0, 1) }} onClose={() => {}} />);
    const frame = await screen.findByRole('article', { name: 'LinkedIn preview' });
    expect(within(frame).queryByTestId('linkedin-grid')).toBeNull();
    expect([...frame.querySelectorAll('img')].map((image) => image.getAttribute('src'))).toEqual(['/media/a-li.jpg']);
  });
});

describe('FacebookPreview', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts as the owner\'s Page with LinkedIn\'s text (decision 053), folded with "…see more", the pictures as a grid', async () => {
    const calls = renderPreview(<FacebookPreview opened post={makePost({ text: 'Solo Instagram', linkedin_text: LONG_TEXT })} onClose={() => {}} />, {
      ...CONNECTED_ACCOUNTS,
      facebook: { connected: true, name: 'Estudio Ferrer Arquitectes', picture: null },
    });
    const frame = await screen.findByRole('article', { name: 'Facebook preview' });
    expect(await within(frame).findByTestId('preview-author')).toHaveProperty('textContent', 'Estudio Ferrer Arquitectes');
    expect(calls[0]!.url).toBe('/api/posts/1/accounts');
    expect(frame.textContent).not.toContain('Solo Instagram');
    expect(within(frame).getByTestId('facebook-grid').querySelectorAll('img')).toHaveLength(2);
    expect(frame.textContent).not.toContain('#montseny');
    fireEvent.click(within(frame).getByRole('button', { name: '…see more' }));
    expect([...frame.querySelectorAll('[data-hashtag]')].map((tag) => tag.textContent)).toEqual(['#arquitectura', '#montseny']);
    expect(frame.textContent).toContain('Like');
    expect(frame.textContent).toContain('Share');
  });

  it('folds after five lines, and says the Page is not connected when the owner has none', async () => {
    const text = ['Uno', 'Dos', 'Tres', 'Cuatro', 'Cinco', 'Seis'].join('\n');
    renderPreview(<FacebookPreview opened post={makePost({ text })} onClose={() => {}} />, {
      ...CONNECTED_ACCOUNTS,
      facebook: { connected: false, name: null, picture: null },
    });
    const frame = await screen.findByRole('article', { name: 'Facebook preview' });
    expect(await within(frame).findByTestId('preview-author')).toHaveProperty('textContent', 'Account not connected');
    expect(frame.textContent).toContain('Cinco');
    expect(frame.textContent).not.toContain('Seis');
  });
});

describe('the previews with their author handed in (the review page)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('show the given account without asking the server, its initials when it has no picture', async () => {
    const calls = serve(() => ({ status: 500, body: {} }));
    const post = makePost({ text: 'Hola', linkedin_text: 'Hola LinkedIn' });
    renderWithProviders(
      <>
        <InstagramPost post={post} author={{ connected: true, name: 'estudio.ferrer', picture: null }} />
        <LinkedinPost post={post} author={{ connected: true, name: 'Estudio Ferrer', picture: '/media/me.jpg' }} />
        <FacebookPost post={post} author={{ connected: true, name: 'Estudio Ferrer Arquitectes', picture: null }} />
      </>,
      'en',
    );
    const instagram = screen.getByRole('article', { name: 'Instagram preview' });
    const linkedin = screen.getByRole('article', { name: 'LinkedIn preview' });
    expect(within(instagram).getByTestId('preview-author').textContent).toBe('estudio.ferrer');
    expect(instagram.textContent).toContain('ES');
    expect(instagram.textContent).toContain('Hola');
    expect(within(linkedin).getByTestId('preview-author').textContent).toBe('Estudio Ferrer');
    expect(linkedin.querySelector('img[src="/media/me.jpg"]')).not.toBeNull();
    expect(linkedin.textContent).toContain('Hola LinkedIn');
    const facebook = screen.getByRole('article', { name: 'Facebook preview' });
    expect(within(facebook).getByTestId('preview-author').textContent).toBe('Estudio Ferrer Arquitectes');
    expect(facebook.textContent).toContain('Hola LinkedIn');
    expect(calls).toHaveLength(0);
  });

  it("make initials as the app's avatars did", () => {
    expect(initialsOf('Estudio Ferrer Arquitectes')).toBe('EF');
    expect(initialsOf('estudio.ferrer')).toBe('ES');
  });
});
