import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProjectSummary } from '../../../../domain/project.ts';
import type { ReviewLink } from '../../../../domain/review-link.ts';
import { renderWithData } from '../../../test-support/render.tsx';
import { ReviewLinksDialog } from './review-links-dialog.tsx';

const PROJECT: ProjectSummary = {
  id: 7,
  title: 'Casa Montseny',
  state: 'preview',
  created_by: null,
  assigned_to: null,
  weblink: '',
  maps_url: '',
  show_map: false,
  created_at: '2026-11-20T10:00:00Z',
  posts: { total: 2, published: 0 },
};
const ACTIVE: ReviewLink = {
  id: 3,
  email: 'jordi@client.cat',
  language: 'cat',
  status: 'active',
  created_at: '2026-11-20T10:00:00Z',
  created_by: { id: 'a1', first_name: 'Ana', last_name: 'Roca', email: 'ana@studio.es' },
  expires_at: '2026-12-20T10:00:00Z',
  revoked_at: null,
  last_used_at: null,
};

function answer(body: unknown, status = 200) {
  return new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function renderDialog(fetchStub: (url: string, init?: RequestInit) => Response) {
  const calls: { url: string; method: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return fetchStub(url, init);
    }),
  );
  renderWithData(<ReviewLinksDialog project={PROJECT} onClose={() => {}} />, { language: 'en' });
  return calls;
}

describe('ReviewLinksDialog', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists the links with their status and makes one to copy, shown once', async () => {
    let links: ReviewLink[] = [ACTIVE];
    const calls = renderDialog((url, init) => {
      if (init?.method === 'POST') {
        const made: ReviewLink = { ...ACTIVE, id: 4, email: null, language: 'en' };
        links = [made, ...links];
        return answer({ link: made, url: 'http://localhost/review/abc', emailed: false }, 201);
      }
      return answer({ links });
    });
    const list = await screen.findByRole('region', { name: 'Links made' });
    await within(list).findByText('jordi@client.cat · Català');
    expect(within(list).getByText('Active')).toBeTruthy();

    fireEvent.change(screen.getByRole('combobox', { name: "Reviewer's language" }), { target: { value: 'en' } });
    fireEvent.click(screen.getByRole('button', { name: 'Make link' }));
    await screen.findByText('Copy the link and send it to whoever should review. It is shown only now:');
    expect((screen.getByRole('textbox', { name: 'Link address' }) as HTMLInputElement).value).toBe('http://localhost/review/abc');
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      url: '/api/projects/7/review-links',
      method: 'POST',
      body: { language: 'en', expires_in_days: 30 },
    });
    await within(list).findByText('No e-mail · English');
  });

  it("says when the e-mail could not be sent, and puts the server's refusal on its field", async () => {
    let attempt = 0;
    renderDialog((_url, init) => {
      if (init?.method !== 'POST') return answer({ links: [] });
      attempt += 1;
      if (attempt === 1) return answer({ error: { code: 'VALIDATION_FAILED', message: 'bad', details: { expires_in_days: 'reviewLinkDaysInvalid' } } }, 400);
      return answer({ link: { ...ACTIVE, id: 5 }, url: 'http://localhost/review/xyz', emailed: false }, 201);
    });
    await screen.findByText('There are no review links for this project yet.');
    fireEvent.change(screen.getByRole('textbox', { name: "Reviewer's e-mail" }), { target: { value: 'jordi@client.cat' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: /Days valid/ }), { target: { value: '400' } });
    fireEvent.click(screen.getByRole('button', { name: 'Make link' }));
    await screen.findByText('Choose between 1 and 90 days');
    fireEvent.change(screen.getByRole('spinbutton', { name: /Days valid/ }), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Make link' }));
    await screen.findByText('The e-mail to jordi@client.cat could not be sent. Copy the link and send it yourself:');
  });

  it('revokes an active link', async () => {
    let links: ReviewLink[] = [ACTIVE];
    const calls = renderDialog((_url, init) => {
      if (init?.method === 'DELETE') {
        links = [{ ...ACTIVE, status: 'revoked', revoked_at: '2026-11-21T10:00:00Z' }];
        return answer(null, 204);
      }
      return answer({ links });
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke the link for jordi@client.cat' }));
    await screen.findByText('Revoked');
    expect(calls.some((call) => call.method === 'DELETE' && call.url === '/api/projects/7/review-links/3')).toBe(true);
    await waitFor(() => expect(screen.queryByRole('button', { name: /Revoke/ })).toBeNull());
  });
});
