import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Review, ReviewPost } from '../../../../domain/review-link.ts';
import { type Call, serve } from '../../../test-support/post-fixtures.ts';
import { createReviewI18n } from './review-i18n.ts';
import { ReviewPage } from './review-page.tsx';
import { NAME_STORAGE_KEY } from './review-rules.ts';

const TOKEN = 'k'.repeat(43);
const API = `/api/review/${TOKEN}`;

function reviewPost(overrides: Partial<ReviewPost> = {}): ReviewPost {
  return {
    id: 5,
    sequence: 1,
    state: 'awaiting_approval',
    text: 'Una casa de piedra entre robles. #montseny',
    linkedin_text: 'Casa Montseny, para LinkedIn.',
    publish_on: '2026-12-03',
    publish_time: '10:30',
    publish_at: '2026-12-03T09:30:00.000Z',
    locked_from: '2026-12-03T09:15:00.000Z',
    networks: { instagram: true, linkedin: true, facebook: false },
    images: [
      {
        id: 51,
        position: 0,
        status: 'pending',
        url: '/media/a.jpg',
        width: 1080,
        height: 1350,
        linkedin_url: '/media/a-li.jpg',
        alt_text: 'Fachada de piedra',
      },
      { id: 52, position: 1, status: 'not_selected', url: '/media/b.jpg', width: 1080, height: 1080, linkedin_url: '/media/b-li.jpg', alt_text: '' },
    ],
    unreachable: [],
    updated_at: '2026-11-28T10:00:00.000Z',
    accounts: {
      instagram: { connected: true, name: 'estudio.ferrer', picture: null },
      linkedin: { connected: true, name: 'Estudio Ferrer', picture: null },
      facebook: { connected: false, name: null, picture: null },
    },
    ...overrides,
  };
}

const review = (overrides: Partial<Review> = {}): Review => ({
  project_title: 'Casa Montseny',
  language: 'en',
  expires_at: '2026-12-28T10:00:00.000Z',
  posts: [reviewPost()],
  ...overrides,
});

const refusal = (status: number, code: string) => ({ status, body: { error: { code, message: 'x' } } });

function renderPage(browserLanguage: 'es' | 'en' | 'cat' = 'es') {
  return render(
    <I18nextProvider i18n={createReviewI18n(browserLanguage)}>
      <ReviewPage token={TOKEN} />
    </I18nextProvider>,
  );
}

const posts = (calls: Call[]) => calls.filter((call) => call.method === 'POST');

describe('the review page', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it("shows each post on the networks it goes to, in the link's language, and opening it sends no decision", async () => {
    const calls = serve(() => ({ status: 200, body: review() }));
    renderPage('es');
    expect(await screen.findByRole('heading', { level: 1, name: 'Casa Montseny' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
    const post = screen.getByRole('region', { name: 'Post 1' });
    expect(within(post).getByText('Thursday, 3 December 2026 at 10:30 AM')).toBeTruthy();
    expect(within(post).getByText('Awaiting approval')).toBeTruthy();
    const instagram = within(post).getByRole('article', { name: 'Instagram preview' });
    const linkedin = within(post).getByRole('article', { name: 'LinkedIn preview' });
    expect(within(instagram).getByTestId('preview-author').textContent).toBe('estudio.ferrer');
    expect(instagram.textContent).toContain('Una casa de piedra entre robles.');
    expect(within(instagram).getByRole('img', { name: 'Fachada de piedra' }).getAttribute('src')).toBe('/media/a.jpg');
    expect(linkedin.textContent).toContain('Casa Montseny, para LinkedIn.');
    expect(within(linkedin).getByRole('img', { name: 'Fachada de piedra' }).getAttribute('src')).toBe('/media/a-li.jpg');
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([`GET ${API}`]);
  });

  it('shows only the network a post goes to', async () => {
    serve(() => ({ status: 200, body: review({ posts: [reviewPost({ networks: { instagram: false, linkedin: true, facebook: false } })] }) }));
    renderPage();
    await screen.findByRole('article', { name: 'LinkedIn preview' });
    expect(screen.queryByRole('article', { name: 'Instagram preview' })).toBeNull();
  });

  it('asks for the name before deciding, then approves with it and the version seen, and shows the new state', async () => {
    const calls = serve((call) => (call.method === 'GET' ? { status: 200, body: review() } : { status: 200, body: reviewPost({ state: 'scheduled' }) }));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    const name = screen.getByRole('textbox', { name: /Your name/ });
    expect(screen.getByText('Type your name before deciding.')).toBeTruthy();
    expect(document.activeElement).toBe(name);
    expect(posts(calls)).toEqual([]);

    fireEvent.change(name, { target: { value: '  Lucía Ferrer ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Approved: it will be published on Thursday, 3 December 2026 at 10:30 AM')).toBeTruthy();
    expect(posts(calls)).toEqual([{ url: `${API}/posts/5/approve`, method: 'POST', body: { name: 'Lucía Ferrer', updated_at: '2026-11-28T10:00:00.000Z' } }]);
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(localStorage.getItem(NAME_STORAGE_KEY)).toBe('Lucía Ferrer');
  });

  it('remembers the name from an earlier visit', async () => {
    localStorage.setItem(NAME_STORAGE_KEY, 'Lucía');
    serve(() => ({ status: 200, body: review() }));
    renderPage();
    expect(((await screen.findByRole('textbox', { name: /Your name/ })) as HTMLInputElement).value).toBe('Lucía');
  });

  it('asks for changes only with a comment, and shows it after', async () => {
    localStorage.setItem(NAME_STORAGE_KEY, 'Lucía');
    const calls = serve((call) => (call.method === 'GET' ? { status: 200, body: review() } : { status: 200, body: reviewPost({ state: 'preview' }) }));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Ask for changes' }));
    const comment = screen.getByRole('textbox', { name: /What changes does it need/ });
    expect(document.activeElement).toBe(comment);
    fireEvent.click(screen.getByRole('button', { name: 'Send the changes' }));
    expect(screen.getByText('Say what changes it needs.')).toBeTruthy();
    expect(posts(calls)).toEqual([]);

    fireEvent.change(comment, { target: { value: 'La segunda foto, mejor la cocina.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the changes' }));
    expect(await screen.findByText('You asked for changes: “La segunda foto, mejor la cocina.”')).toBeTruthy();
    expect(posts(calls)[0]).toEqual({
      url: `${API}/posts/5/request-changes`,
      method: 'POST',
      body: { name: 'Lucía', updated_at: '2026-11-28T10:00:00.000Z', comment: 'La segunda foto, mejor la cocina.' },
    });
  });

  it('a post changed since the page was opened is read again and shown, with why', async () => {
    localStorage.setItem(NAME_STORAGE_KEY, 'Lucía');
    let version = 0;
    const calls = serve((call) => {
      if (call.method === 'POST') return refusal(409, 'POST_CHANGED');
      version += 1;
      return { status: 200, body: review({ posts: [reviewPost(version === 1 ? {} : { text: 'El texto nuevo', updated_at: '2026-11-28T11:00:00.000Z' })] }) };
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This post has changed since you opened the page. Review the new version before deciding.');
    await waitFor(() => expect(screen.getByRole('article', { name: 'Instagram preview' }).textContent).toContain('El texto nuevo'));
    // The next decision is on the new version.
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(2));
    expect((posts(calls)[1]!.body as { updated_at: string }).updated_at).toBe('2026-11-28T11:00:00.000Z');
  });

  it('a post decided elsewhere meanwhile says it no longer awaits approval, and offers nothing', async () => {
    localStorage.setItem(NAME_STORAGE_KEY, 'Lucía');
    let opened = 0;
    serve((call) => {
      if (call.method === 'POST') return refusal(409, 'NOT_AWAITING_APPROVAL');
      opened += 1;
      return { status: 200, body: review({ posts: opened === 1 ? [reviewPost()] : [] }) };
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.getAllByText('This post is no longer awaiting approval.')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.getByRole('article', { name: 'Instagram preview' })).toBeTruthy();
  });

  it('when its time has passed, asks for a new day and time and approves with them', async () => {
    localStorage.setItem(NAME_STORAGE_KEY, 'Lucía');
    const calls = serve((call) => {
      if (call.method === 'GET') return { status: 200, body: review() };
      const body = call.body as { publish_on?: string };
      return body.publish_on
        ? { status: 200, body: reviewPost({ state: 'scheduled', publish_on: '2026-12-05', publish_time: '12:00' }) }
        : refusal(409, 'APPROVAL_TIME_PASSED');
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    const day = await screen.findByLabelText('Day');
    expect(screen.getByRole('alert').textContent).toContain('Choose another day and time');
    fireEvent.click(screen.getByRole('button', { name: 'Approve for that day and time' }));
    expect(screen.getByText('Choose a day and a time.')).toBeTruthy();
    fireEvent.change(day, { target: { value: '2026-12-05' } });
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '12:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Approve for that day and time' }));
    expect(await screen.findByText('Approved: it will be published on Saturday, 5 December 2026 at 12:00 PM')).toBeTruthy();
    expect(posts(calls)[1]!.body).toEqual({ name: 'Lucía', updated_at: '2026-11-28T10:00:00.000Z', publish_on: '2026-12-05', publish_time: '12:00' });
  });

  it('says which account is missing, and that there were too many attempts', async () => {
    localStorage.setItem(NAME_STORAGE_KEY, 'Lucía');
    let answer = { status: 409, body: { error: { code: 'APPROVAL_ACCOUNT_MISSING', message: 'x', details: { network: 'linkedin' } } } };
    serve((call) => (call.method === 'GET' ? { status: 200, body: review() } : answer));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The LinkedIn account it is published to is no longer connected');
    answer = refusal(429, 'TOO_MANY_ATTEMPTS') as typeof answer;
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Too many attempts. Try again in a few minutes.'));
  });

  it.each([
    ['es', 410, 'REVIEW_LINK_EXPIRED', 'Este enlace de revisión ha caducado. Pide uno nuevo al estudio.'],
    ['en', 410, 'REVIEW_LINK_USED', 'This review is done: no post is awaiting approval any more.'],
    ['cat', 404, 'REVIEW_LINK_NOT_FOUND', "Aquest enllaç de revisió no existeix. Comprova que l'has copiat sencer."],
  ] as const)('a link that is no good (%s, %s %s) says so in the browser’s language and offers nothing', async (language, status, code, message) => {
    serve(() => refusal(status, code));
    renderPage(language);
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('a link refused while deciding (revoked meanwhile) leaves only its message', async () => {
    localStorage.setItem(NAME_STORAGE_KEY, 'Lucía');
    serve((call) => (call.method === 'GET' ? { status: 200, body: review() } : refusal(410, 'REVIEW_LINK_REVOKED')));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This review link has been revoked. Ask the studio for a new one.');
    expect(screen.queryByRole('article')).toBeNull();
  });
});
