import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { postsQueryKey } from './api/list-posts.ts';
import { prefetchPostsPage } from './posts-page.tsx';

const PAGE = { items: [], total: 0, page: 1, pageSize: 6 };

function json(body: unknown) {
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
}

/** fetch answering the session with `role` and any posts page with PAGE. */
function server(role: string) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation((input) => Promise.resolve(json(String(input) === '/api/session' ? { id: 'u1', role } : PAGE)));
}

const requested = (fetched: ReturnType<typeof server>) => fetched.mock.calls.map(([input]) => String(input));

afterEach(() => vi.restoreAllMocks());

describe('prefetchPostsPage: the cards the app opens on are asked for with the session check', () => {
  it('asks for the page the address names at once, under the key the list reads', async () => {
    const fetched = server('customer');
    const queryClient = new QueryClient();
    await prefetchPostsPage(queryClient, new URLSearchParams('page=2&state=scheduled'));
    expect(requested(fetched)).toEqual(['/api/posts?page=2&pageSize=6&state=scheduled']);
    expect(queryClient.getQueryData([...postsQueryKey, 'list', { page: 2, pageSize: 6, state: 'scheduled', owner: undefined }])).toEqual(PAGE);
  });

  it("names the address's customer for an administrator only, once the session says who it is", async () => {
    const admin = server('admin');
    await prefetchPostsPage(new QueryClient(), new URLSearchParams('owner=u7'));
    expect(requested(admin)).toEqual(['/api/session', '/api/posts?page=1&pageSize=6&owner=u7']);
    vi.restoreAllMocks();

    const customer = server('customer');
    await prefetchPostsPage(new QueryClient(), new URLSearchParams('owner=u7'));
    expect(requested(customer)).toEqual(['/api/session', '/api/posts?page=1&pageSize=6']);
  });

  it("starts the first card's picture, the page's largest paint, as the cards arrive", async () => {
    const images = [
      { status: 'not_selected', url: '/media/aside.jpg' },
      { status: 'pending', url: '/media/first.jpg' },
    ];
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) =>
      Promise.resolve(json(String(input) === '/api/session' ? { id: 'u1', role: 'customer' } : { ...PAGE, items: [{ images }], total: 1 })),
    );
    await prefetchPostsPage(new QueryClient(), new URLSearchParams());
    const preload = document.head.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"]');
    expect(preload?.getAttribute('href')).toBe('/media/first.jpg');
    preload?.remove();
  });
});
