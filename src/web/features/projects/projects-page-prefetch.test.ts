import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { projectsQueryKey, useProjects } from './api/list-projects.ts';
import { prefetchProjectsPage } from './projects-page.tsx';

const PAGE = { items: [], total: 0, page: 2, pageSize: 10, states: [] };

afterEach(() => vi.restoreAllMocks());

describe('prefetchProjectsPage: the list page the app opens on is asked for with the session check', () => {
  it('reads the page the address names into the cache, under the key the list reads', async () => {
    const fetched = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(PAGE), { headers: { 'content-type': 'application/json' } }));
    const queryClient = new QueryClient();
    prefetchProjectsPage(queryClient, new URLSearchParams('page=2&sort=title&order=asc&state=draft'));
    await vi.waitFor(() => expect(fetched).toHaveBeenCalledTimes(1));
    expect(String(fetched.mock.calls[0]![0])).toBe('/api/projects?page=2&pageSize=10&sort=title&order=asc&state=draft');
    await vi.waitFor(() =>
      expect(queryClient.getQueryData([...projectsQueryKey, 'list', { page: 2, pageSize: 10, state: 'draft', sort: 'title', order: 'asc' }])).toEqual(PAGE),
    );
  });

  it('asks nothing when the address opens a project form', () => {
    const fetched = vi.spyOn(globalThis, 'fetch');
    prefetchProjectsPage(new QueryClient(), new URLSearchParams('project=new'));
    expect(fetched).not.toHaveBeenCalled();
  });

  it('the list reads the prefetched page without asking again, unless a change invalidated it meanwhile', async () => {
    const fetched = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(() => Promise.resolve(new Response(JSON.stringify(PAGE), { headers: { 'content-type': 'application/json' } })));
    const queryClient = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client: queryClient }, children);
    const query = { page: 1, pageSize: 10, sort: 'created_at', order: 'desc' } as const;
    prefetchProjectsPage(queryClient, new URLSearchParams());
    await vi.waitFor(() => expect(queryClient.getQueryData([...projectsQueryKey, 'list', query])).toEqual(PAGE));
    const first = renderHook(() => useProjects(query), { wrapper });
    await vi.waitFor(() => expect(first.result.current.data).toEqual(PAGE));
    expect(fetched).toHaveBeenCalledTimes(1);
    first.unmount();

    await queryClient.invalidateQueries({ queryKey: [...projectsQueryKey, 'list'] });
    renderHook(() => useProjects(query), { wrapper });
    await vi.waitFor(() => expect(fetched).toHaveBeenCalledTimes(2));
  });
});
