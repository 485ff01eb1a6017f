import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Post } from '../../../domain/post.ts';
import { type Call, makePage, makePost, serve, signedIn } from '../../test-support/post-fixtures.ts';
import { stubEventSource } from '../../test-support/event-source.ts';
import { renderWithData } from '../../test-support/render.tsx';
import { PostsPage } from './posts-page.tsx';

/** Two of Lucía's posts of one project awaiting her approval, as the list gives them; `version` is their updated_at. */
const awaiting = (version: string): Post[] =>
  [1, 2].map((id) =>
    makePost({
      id,
      sequence: id,
      state: 'awaiting_approval',
      publish_on: '2026-06-20',
      publish_time: '18:30',
      networks: { instagram: true, linkedin: false, facebook: false },
      approval: { asked_at: '2026-06-09T08:15:00Z', asked_by: null },
      can_approve: true,
      text: `Versión de las ${version.slice(11, 16)}`,
      updated_at: version,
    }),
  );

describe('PostsPage: posts awaiting approval (issue 25)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("filters them with the chip and its count, and approves a project's posts at once; one changed meanwhile is said, and the next try sends the new versions", async () => {
    stubEventSource();
    let version = '2026-06-09T08:15:00.000Z';
    let refuse = true;
    const calls = serve((call: Call) => {
      if (call.url === '/api/session') return { status: 200, body: signedIn('customer') };
      if (call.url.startsWith('/api/posts?'))
        return { status: 200, body: makePage(awaiting(version), { counts: { all: 5, preview: 3, awaiting_approval: 2, scheduled: 0, published: 0 } }) };
      if (call.url === '/api/projects/7/approve') {
        if (refuse) {
          refuse = false;
          // Someone edited post 2 meanwhile.
          version = '2026-06-09T09:00:00.000Z';
          return { status: 409, body: { error: { code: 'POST_CHANGED', message: 'changed', details: { post_id: '2' } } } };
        }
        return { status: 200, body: { posts: awaiting(version).map((post) => ({ ...post, state: 'scheduled', can_approve: false, approval: null })) } };
      }
      return { status: 404 };
    });
    renderWithData(<PostsPage />, { path: '/preview-projects?state=awaiting_approval', language: 'en' });

    const chip = (await screen.findByText('Awaiting approval (2)')).closest('label')!;
    expect((document.getElementById(chip.htmlFor) as HTMLInputElement).checked).toBe(true);
    expect(calls.find((call) => call.url.startsWith('/api/posts?'))?.url).toContain('state=awaiting_approval');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));

    fireEvent.click(await screen.findByRole('button', { name: 'Approve all 2' }));
    // The dialogs' code arrives as it first opens (a chunk of its own).
    const dialog = await screen.findByRole('dialog', { name: 'Approve all' }, { timeout: 10_000 });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve all 2' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The post has changed since you opened it: check the new version before deciding.');
    // The lists are read again: the dialog now holds the new versions.
    await waitFor(() => expect(screen.getAllByText('Versión de las 09:00')).toHaveLength(2));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve all 2' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Approve all' })).toBeNull());
    const decisions = calls.filter((call) => call.url === '/api/projects/7/approve').map((call) => call.body);
    expect(decisions).toEqual([
      {
        posts: [
          { id: 1, updated_at: '2026-06-09T08:15:00.000Z' },
          { id: 2, updated_at: '2026-06-09T08:15:00.000Z' },
        ],
      },
      {
        posts: [
          { id: 1, updated_at: '2026-06-09T09:00:00.000Z' },
          { id: 2, updated_at: '2026-06-09T09:00:00.000Z' },
        ],
      },
    ]);
  });
});
