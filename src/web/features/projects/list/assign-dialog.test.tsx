import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProjectSummary } from '../../../../domain/project.ts';
import { renderWithData } from '../../../test-support/render.tsx';
import { expectConsoleError } from '../../../test-support/console-errors.ts';
import { AssignDialog } from './assign-dialog.tsx';

const PROJECT: ProjectSummary = {
  id: 7,
  title: 'Casa Montseny',
  state: 'draft',
  created_by: null,
  assigned_to: null,
  weblink: '',
  maps_url: '',
  show_map: false,
  created_at: '2026-11-20T10:00:00Z',
  posts: { total: 0, published: 0 },
};
const LUCIA = {
  id: 'u1',
  email: 'lucia@ferrer.es',
  role: 'customer',
  language: 'es',
  first_name: 'Lucía',
  last_name: 'Ferrer',
  active: true,
  avatar_url: null,
  phone: '',
  company: '',
  vat: '',
  description: '',
  created_at: '',
  updated_at: '',
};

function answer(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
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
  const onClose = vi.fn();
  const onFailure = vi.fn();
  renderWithData(<AssignDialog project={PROJECT} onClose={onClose} onFailure={onFailure} />, { language: 'en' });
  return { calls, onClose, onFailure };
}

const search = () => screen.getByRole('textbox', { name: 'Search customers' });
const confirm = () => screen.getByRole('button', { name: 'Assign' }) as HTMLButtonElement;

describe('AssignDialog', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('searches customers only from 3 characters, and confirms only once one is chosen', async () => {
    const { calls, onClose } = renderDialog((url) =>
      url.startsWith('/api/users') ? answer({ items: [LUCIA], total: 1, page: 1, pageSize: 20 }) : answer({ ...PROJECT, assigned_to: LUCIA }),
    );
    fireEvent.change(search(), { target: { value: 'fe' } });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(calls).toEqual([]);
    expect(confirm().disabled).toBe(true);

    fireEvent.change(search(), { target: { value: 'fer' } });
    const option = await screen.findByRole('radio', { name: /Ferrer, Lucía/ });
    const query = new URL(calls[0]!.url, 'http://localhost').searchParams;
    expect(Object.fromEntries(query)).toMatchObject({ role: 'customer', search: 'fer' });
    expect(confirm().disabled).toBe(true);

    fireEvent.click(option);
    expect(confirm().disabled).toBe(false);
    fireEvent.click(confirm());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.at(-1)).toEqual({ url: '/api/projects/7/assign', method: 'POST', body: { userId: 'u1' } });
  });

  it('shows the 3-character hint only while the search is shorter (issue 29)', async () => {
    renderDialog(() => answer({ items: [LUCIA], total: 1, page: 1, pageSize: 20 }));
    expect(screen.getByText('Type at least 3 characters.')).toBeTruthy();
    fireEvent.change(search(), { target: { value: 'fe' } });
    expect(screen.getByText('Type at least 3 characters.')).toBeTruthy();
    fireEvent.change(search(), { target: { value: 'fer' } });
    await screen.findByRole('radio', { name: /Ferrer, Lucía/ });
    expect(screen.queryByText('Type at least 3 characters.')).toBeNull();
    expect(search().getAttribute('aria-describedby') ?? '').not.toMatch(/description/);
  });

  it('says when no customer matches', async () => {
    renderDialog(() => answer({ items: [], total: 0, page: 1, pageSize: 20 }));
    fireEvent.change(search(), { target: { value: 'zzz' } });
    expect(await screen.findByText('No customer matches this search.')).toBeTruthy();
  });

  it('reports a refused assignment for the error dialog, and logs it', async () => {
    const logged = expectConsoleError(/^Error assigning project/);
    const { onFailure } = renderDialog((url) =>
      url.startsWith('/api/users')
        ? answer({ items: [LUCIA], total: 1, page: 1, pageSize: 20 })
        : answer({ error: { code: 'VALIDATION_FAILED', message: 'no', details: { userId: 'userNotCustomer' } } }, 400),
    );
    fireEvent.change(search(), { target: { value: 'luc' } });
    fireEvent.click(await screen.findByRole('radio', { name: /Ferrer, Lucía/ }));
    fireEvent.click(confirm());
    await waitFor(() => expect(onFailure).toHaveBeenCalledWith('Error assigning project: A project can only be assigned to a customer'));
    expect(logged).toHaveBeenCalled();
  });
});
