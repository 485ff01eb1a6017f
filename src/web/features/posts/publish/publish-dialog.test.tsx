import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Post, PostAccounts } from '../../../../domain/post.ts';
import { CONNECTED_ACCOUNTS, type Call, TODAY, makePost, serve } from '../../../test-support/post-fixtures.ts';
import { renderWithProviders } from '../../../test-support/render.tsx';
import { PublishDialog } from './publish-dialog.tsx';

const VIEWER = { id: 'u1', email: 'lucia@ferrer.es', role: 'customer', language: 'en', first_name: 'Lucía', last_name: 'Ferrer', active: true, avatar_url: null };

function renderDialog({ post = makePost(), accounts = CONNECTED_ACCOUNTS, viewer = VIEWER, onRequest }: { post?: Post; accounts?: PostAccounts | Promise<PostAccounts>; viewer?: typeof VIEWER; onRequest?: (call: Call) => { status: number; body?: unknown } | undefined } = {}) {
  const calls = serve(async (call) => {
    const answer = onRequest?.(call);
    if (answer) return answer;
    if (call.url === '/api/me') return { status: 200, body: viewer };
    if (call.url.endsWith('/accounts')) return { status: 200, body: await accounts };
    if (call.method === 'PUT') return { status: 200, body: { ...post, state: 'scheduled' } };
    return { status: 404 };
  });
  const onClose = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <Notifications />
      <PublishDialog opened post={post} today={TODAY} onClose={onClose} />
    </QueryClientProvider>,
    'en',
  );
  return { calls, onClose };
}

const dateInput = () => screen.getByLabelText('Publication date') as HTMLInputElement;
const checkbox = (name: 'Instagram' | 'LinkedIn') => screen.getByRole('checkbox', { name }) as HTMLInputElement;
const confirm = () => screen.getByRole('button', { name: 'Confirm' }) as HTMLButtonElement;
const accountsLoaded = () => waitFor(() => expect(checkbox('Instagram').disabled).toBe(false));

describe('PublishDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("starts at the server's today, says that today publishes at once, and publishes to the chosen account", async () => {
    const { calls, onClose } = renderDialog();
    expect(dateInput().value).toBe(TODAY);
    expect(dateInput().min).toBe(TODAY);
    expect(screen.getByText('If you choose today, it is published immediately when you confirm.')).toBeTruthy();
    await accountsLoaded();
    expect(confirm().disabled).toBe(true);

    fireEvent.click(checkbox('Instagram'));
    expect(screen.getByText('It will be published to: estudio.ferrer (Instagram)')).toBeTruthy();
    fireEvent.click(checkbox('LinkedIn'));
    expect(screen.getByText('It will be published to: estudio.ferrer (Instagram), Estudio Ferrer (LinkedIn)')).toBeTruthy();
    expect(confirm().disabled).toBe(false);
    fireEvent.click(confirm());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'PUT')).toEqual({ url: '/api/posts/1/schedule', method: 'PUT', body: { publish_on: TODAY, networks: { instagram: true, linkedin: true } } });
    expect(await screen.findByText('The post is being published now')).toBeTruthy();
  });

  it('refuses a date earlier than today and clears the networks chosen', async () => {
    renderDialog({ post: makePost({ networks: { instagram: true, linkedin: true } }) });
    await accountsLoaded();
    expect(checkbox('Instagram').checked).toBe(true);
    fireEvent.change(dateInput(), { target: { value: '2026-06-09' } });
    expect(screen.getByText('The publication date cannot be earlier than today')).toBeTruthy();
    expect(checkbox('Instagram').checked).toBe(false);
    expect(checkbox('LinkedIn').checked).toBe(false);
    expect(checkbox('Instagram').disabled).toBe(true);
    expect(confirm().disabled).toBe(true);
    // Back to a good date, the selections stay cleared: they were cleared, not hidden.
    fireEvent.change(dateInput(), { target: { value: '2026-06-20' } });
    expect(checkbox('Instagram').checked).toBe(false);
    expect(checkbox('Instagram').disabled).toBe(false);
  });

  it('asks for a date when it is empty, and then leaves the post in preview without networks', async () => {
    const { calls, onClose } = renderDialog({ post: makePost({ state: 'scheduled', publish_on: '2026-06-20', networks: { instagram: true, linkedin: false } }) });
    expect(dateInput().value).toBe('2026-06-20');
    await accountsLoaded();
    fireEvent.change(dateInput(), { target: { value: '' } });
    expect(screen.getByText('Select a publication date')).toBeTruthy();
    expect(checkbox('Instagram').disabled).toBe(true);
    expect(checkbox('Instagram').checked).toBe(false);
    expect(confirm().disabled).toBe(false);
    fireEvent.click(confirm());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ publish_on: null, networks: { instagram: false, linkedin: false } });
    expect(await screen.findByText('The post stays in preview, without a date')).toBeTruthy();
  });

  it("disables a network the owner has not connected, and says so beside it", async () => {
    renderDialog({ accounts: { ...CONNECTED_ACCOUNTS, linkedin: { connected: false, name: null, picture: null } } });
    await accountsLoaded();
    expect(checkbox('LinkedIn').disabled).toBe(true);
    expect(screen.getByText('LinkedIn is not connected')).toBeTruthy();
    expect(screen.queryByText('Instagram is not connected')).toBeNull();
  });

  it('keeps the checkboxes disabled while the accounts load', async () => {
    let release: (accounts: PostAccounts) => void = () => {};
    renderDialog({ accounts: new Promise<PostAccounts>((resolve) => (release = resolve)) });
    expect(screen.getByText('Checking the accounts…')).toBeTruthy();
    expect(checkbox('Instagram').disabled).toBe(true);
    expect(checkbox('LinkedIn').disabled).toBe(true);
    release(CONNECTED_ACCOUNTS);
    await accountsLoaded();
  });

  it('schedules a later day, with its date in the notice', async () => {
    const { calls } = renderDialog();
    await accountsLoaded();
    fireEvent.change(dateInput(), { target: { value: '2026-07-01' } });
    fireEvent.click(checkbox('LinkedIn'));
    fireEvent.click(confirm());
    expect(await screen.findByText('Post scheduled for 01-07-2026')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ publish_on: '2026-07-01', networks: { instagram: false, linkedin: true } });
  });

  it("shows the server's refusal, and reads the accounts again when a network was disconnected meanwhile", async () => {
    const { calls, onClose } = renderDialog({
      onRequest: (call) => (call.method === 'PUT' ? { status: 409, body: { error: { code: 'SOCIAL_NOT_CONNECTED', message: 'Not connected' } } } : undefined),
    });
    await accountsLoaded();
    fireEvent.click(checkbox('Instagram'));
    fireEvent.click(confirm());
    expect((await screen.findByText('The social network is not connected')).closest('[role="alert"]')).toBeTruthy();
    await waitFor(() => expect(calls.filter((call) => call.url.endsWith('/accounts'))).toHaveLength(2));
    expect(onClose).not.toHaveBeenCalled();
  });

  it("says whose accounts are used when an admin publishes a customer's post", async () => {
    renderDialog({ viewer: { ...VIEWER, id: 'admin', role: 'admin' } });
    expect(await screen.findByText('The accounts of Lucía Ferrer, who owns the post, are used.')).toBeTruthy();
  });
});
