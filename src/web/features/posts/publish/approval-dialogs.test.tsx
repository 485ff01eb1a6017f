import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Post } from '../../../../domain/post.ts';
import { CLOCK, type Call, TODAY, makePost, serve } from '../../../test-support/post-fixtures.ts';
import { renderWithData } from '../../../test-support/render.tsx';
import { inTimeZone } from '../../../test-support/time-zone.ts';
import { ApproveDialog, ApproveProjectDialog, RequestChangesDialog } from './approval-dialogs.tsx';

/** A post of Lucía's awaiting her approval, asked for the 12th at 18:30 (the studio's clock says the 10th, 10:00). */
const AWAITING = makePost({
  id: 5,
  sequence: 2,
  state: 'awaiting_approval',
  publish_on: '2026-06-12',
  publish_time: '18:30',
  networks: { instagram: true, linkedin: true, facebook: false },
  approval: { asked_at: '2026-06-09T08:15:00Z', asked_by: { id: 'admin-1', first_name: 'Ana', last_name: 'Roca', email: 'ana@roca.es' } },
  can_approve: true,
  updated_at: '2026-06-09T08:15:00.000Z',
});

type Answer = (call: Call) => { status: number; body?: unknown } | undefined;

const refusal = (status: number, code: string, details: Record<string, unknown> = {}) => ({ status, body: { error: { code, message: code, details } } });

function renderApprove(post: Post, answer: Answer) {
  const calls = serve((call) => answer(call) ?? { status: 404 });
  const onClose = vi.fn();
  renderWithData(<ApproveDialog opened post={post} clock={CLOCK} clockReadAt={Date.now()} onClose={onClose} />, { language: 'en' });
  return { calls, onClose };
}

const approvals = (calls: Call[]) => calls.filter((call) => call.method === 'POST' && call.url === '/api/posts/5/approve');

describe('ApproveDialog (issue 25)', () => {
  inTimeZone('America/New_York');
  afterEach(() => {
    vi.unstubAllGlobals();
    notifications.clean();
  });

  it('says when and where the post goes out, and approves it as it was read, with no new time', async () => {
    const { calls, onClose } = renderApprove(AWAITING, (call) =>
      call.url.endsWith('/approve') ? { status: 200, body: { ...AWAITING, state: 'scheduled' } } : undefined,
    );
    expect(screen.getByTestId('approve-outgoing').textContent).toBe('It will go out on 12-06-2026 at 6:30 PM on Instagram · LinkedIn.');
    expect(screen.queryByLabelText('Publication date')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(approvals(calls).map((call) => call.body)).toEqual([{ updated_at: '2026-06-09T08:15:00.000Z' }]);
    expect(await screen.findByText('Post approved: it will go out on 12-06-2026 at 6:30 PM')).toBeTruthy();
  });

  it('asks for a new day and time when the server says its time has passed, and sends them', async () => {
    let first = true;
    const { calls, onClose } = renderApprove(AWAITING, (call) => {
      if (!call.url.endsWith('/approve')) return undefined;
      if (first) {
        first = false;
        return refusal(409, 'APPROVAL_TIME_PASSED');
      }
      return { status: 200, body: { ...AWAITING, state: 'scheduled', publish_on: TODAY, publish_time: '18:30' } };
    });
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', expect.stringMatching(/Its time has passed .* choose a new day and time/));
    expect((screen.getByLabelText('Publication date') as HTMLInputElement).value).toBe('12-06-2026');
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(approvals(calls).map((call) => call.body)).toEqual([
      { updated_at: '2026-06-09T08:15:00.000Z' },
      { updated_at: '2026-06-09T08:15:00.000Z', publish_on: '2026-06-12', publish_time: '18:30' },
    ]);
  });

  it('asks for a new time at once when its own is inside the lock margin, and refuses one that is too', async () => {
    const { calls } = renderApprove({ ...AWAITING, publish_on: TODAY, publish_time: '10:15' }, () => undefined);
    expect(screen.getByText(/Its time has passed or is less than 15 minutes away/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Approve' }) as HTMLButtonElement).disabled).toBe(true);
    expect(approvals(calls)).toEqual([]);
  });

  it('says the post changed since it was opened, and sends nothing more', async () => {
    const { onClose } = renderApprove(AWAITING, (call) => (call.url.endsWith('/approve') ? refusal(409, 'POST_CHANGED') : undefined));
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The post has changed since you opened it: check the new version before deciding.');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('names the network whose account is gone', async () => {
    renderApprove(AWAITING, (call) => (call.url.endsWith('/approve') ? refusal(409, 'APPROVAL_ACCOUNT_MISSING', { network: 'linkedin' }) : undefined));
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^The LinkedIn account is no longer connected/);
  });
});

describe('RequestChangesDialog (issue 25)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    notifications.clean();
  });

  const renderChanges = (language: 'es' | 'en' | 'cat' = 'en') => {
    const calls = serve((call) => (call.method === 'POST' ? { status: 200, body: { ...AWAITING, state: 'preview' } } : { status: 404 }));
    const onClose = vi.fn();
    renderWithData(<RequestChangesDialog opened target={{ kind: 'post', post: AWAITING }} onClose={onClose} />, { language });
    return { calls, onClose };
  };

  it('requires a comment, then sends it trimmed with the version read', async () => {
    const { calls, onClose } = renderChanges();
    const send = () => fireEvent.click(screen.getByRole('button', { name: 'Ask for changes' }));
    send();
    expect(await screen.findByText('Write what needs to change')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/What needs to change/), { target: { value: '   ' } });
    send();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    fireEvent.change(screen.getByLabelText(/What needs to change/), { target: { value: '  The second picture, please: the one of the patio.  ' } });
    send();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      {
        url: '/api/posts/5/request-changes',
        method: 'POST',
        body: { updated_at: '2026-06-09T08:15:00.000Z', comment: 'The second picture, please: the one of the patio.' },
      },
    ]);
  });

  it('refuses a comment over 2000 characters, in Catalan', async () => {
    const { calls } = renderChanges('cat');
    fireEvent.change(screen.getByLabelText(/Què cal canviar/), { target: { value: 'a'.repeat(2001) } });
    expect(await screen.findByText('Com a màxim 2000 caràcters')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Demanar canvis' }));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it("asks for changes on a project's posts at once, each with the version read", async () => {
    const other = { ...AWAITING, id: 6, sequence: 3, updated_at: '2026-06-09T08:16:00.000Z' };
    const calls = serve((call) => (call.method === 'POST' ? { status: 200, body: { posts: [] } } : { status: 404 }));
    renderWithData(
      <RequestChangesDialog opened target={{ kind: 'project', projectId: 7, title: 'Casa Montseny', posts: [AWAITING, other] }} onClose={() => {}} />,
      {
        language: 'es',
      },
    );
    expect(screen.getByText('Las 2 publicaciones de Casa Montseny volverán a vista previa con tu comentario.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Qué hay que cambiar/), { target: { value: 'Otra foto de portada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pedir cambios' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      url: '/api/projects/7/request-changes',
      method: 'POST',
      body: {
        posts: [
          { id: 5, updated_at: '2026-06-09T08:15:00.000Z' },
          { id: 6, updated_at: '2026-06-09T08:16:00.000Z' },
        ],
        comment: 'Otra foto de portada',
      },
    });
  });
});

describe('ApproveProjectDialog (issue 25)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("approves a project's posts at once, and says to approve alone one whose time has passed", async () => {
    const calls = serve((call) => (call.method === 'POST' ? refusal(409, 'APPROVAL_TIME_PASSED', { post_id: '6' }) : { status: 404 }));
    const other = { ...AWAITING, id: 6, sequence: 3 };
    renderWithData(
      <ApproveProjectDialog opened target={{ kind: 'project', projectId: 7, title: 'Casa Montseny', posts: [AWAITING, other] }} onClose={() => {}} />,
      {
        language: 'en',
      },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Approve all 2' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/approve it on its own card/);
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual(['/api/projects/7/approve']);
  });
});
