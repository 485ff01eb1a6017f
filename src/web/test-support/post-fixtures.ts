import { vi } from 'vitest';
import type { Post, PostAccounts, PostPage, PostResult } from '../../domain/post.ts';
import type { Project } from '../../domain/project.ts';

/** Posts as GET /api/posts answers them, for the posts screen's tests. */
export const TODAY = '2026-06-10';

/** A post's fields to change; its per-network objects may leave Facebook out (none, not chosen). */
export type PostOverrides = Omit<Partial<Post>, 'results' | 'unsupported_facts' | 'networks'> & {
  results?: Omit<Post['results'], 'facebook'> & Partial<Pick<Post['results'], 'facebook'>>;
  unsupported_facts?: Omit<Post['unsupported_facts'], 'facebook'> & Partial<Pick<Post['unsupported_facts'], 'facebook'>>;
  networks?: Omit<Post['networks'], 'facebook'> & Partial<Pick<Post['networks'], 'facebook'>>;
};

export function makePost(overrides: PostOverrides = {}): Post {
  const { results, unsupported_facts: facts, networks, ...rest } = overrides;
  return {
    id: 1,
    project_id: 7,
    project_title: 'Casa Montseny en la ladera norte',
    owner: { id: 'u1', first_name: 'Lucía', last_name: 'Ferrer', email: 'lucia@ferrer.es' },
    sequence: 1,
    state: 'preview',
    text: 'Una casa de piedra entre robles. #arquitectura #montseny',
    linkedin_text: null,
    unsupported_facts: { instagram: [], linkedin: [], facebook: [] },
    facts_confirmed: [],
    publish_on: null,
    publish_time: null,
    publish_at: null,
    locked_from: null,
    networks: { instagram: false, linkedin: false, facebook: false },
    images: [
      { id: 11, position: 0, status: 'pending', url: '/media/a.jpg', width: 1080, height: 1350, linkedin_url: '/media/a-li.jpg', alt_text: '' },
      { id: 12, position: 1, status: 'not_selected', url: '/media/b.jpg', width: 1080, height: 1080, linkedin_url: '/media/b-li.jpg', alt_text: '' },
      { id: 13, position: 2, status: 'pending', url: '/media/c.jpg', width: 1080, height: 1080, linkedin_url: '/media/c-li.jpg', alt_text: '' },
    ],
    results: { instagram: null, linkedin: null, facebook: null },
    published_before: [],
    unreachable: [],
    in_process: false,
    editable: true,
    approval: null,
    changes_comment: null,
    can_approve: false,
    created_at: '2026-06-01T10:00:00Z',
    updated_at: '2026-06-01T10:00:00Z',
    ...rest,
    ...(results ? { results: { facebook: null, ...results } } : {}),
    ...(facts ? { unsupported_facts: { facebook: [], ...facts } } : {}),
    ...(networks ? { networks: { facebook: false, ...networks } } : {}),
  };
}

export function result(status: PostResult['status'], extra: Partial<PostResult> = {}): PostResult {
  return {
    status,
    target_name: null,
    permalink: null,
    error: null,
    error_code: null,
    attempts: 1,
    finished_at: null,
    reviewed_by: null,
    reviewed_at: null,
    account_url: null,
    ...extra,
  };
}

/** The studio's clock as the server reads it: TODAY at 10:00, posts going out at 09:00 by default. */
export const CLOCK = { today: TODAY, time: '10:00', default_time: '09:00' };

export function makePage(items: Post[], overrides: Partial<PostPage> = {}): PostPage {
  return {
    items,
    total: items.length,
    page: 1,
    pageSize: 6,
    counts: { all: items.length, preview: items.length, awaiting_approval: 0, scheduled: 0, published: 0 },
    today: TODAY,
    clock: CLOCK,
    ...overrides,
  };
}

export const CONNECTED_ACCOUNTS: PostAccounts = {
  instagram: { connected: true, name: 'estudio.ferrer', picture: null },
  linkedin: { connected: true, name: 'Estudio Ferrer', picture: null },
  facebook: { connected: false, name: null, picture: null },
};

/** The user GET /api/session answers: Lucía (u1) in the given role, or, as an administrator, someone who owns none of the posts (admin-1). */
export const signedIn = (role: string) => ({
  id: role === 'admin' ? 'admin-1' : 'u1',
  email: 'lucia@ferrer.es',
  role,
  language: 'es',
  first_name: 'Lucía',
  last_name: 'Ferrer',
  active: true,
  avatar_url: null,
});

export interface Call {
  url: string;
  method: string;
  body?: unknown;
}

type Handler = (call: Call) => { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;

/** A stand-in server: each request goes to the handler, and every call is kept. */
export function serve(handler: Handler): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = { url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      const { status, body } = await handler(call);
      return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

/** The post's project as GET /api/projects/:id answers it: what the editor's facts rule reads. */
export function makeProject(overrides: Partial<Project> = {}): Project {
  return {
    id: 7,
    title: 'Casa Montseny en la ladera norte',
    description: 'Una casa de piedra entre robles, de 140 m², con un porche al sur.',
    keywords: 'arquitectura, montseny',
    weblink: '',
    maps_url: '',
    location: 'Montseny',
    show_map: false,
    promoter: '',
    collaborators: '',
    authors: 'Lucía Ferrer',
    category: 'residencial',
    year: 2024,
    photo_credit: '',
    photo_credit_link: '',
    publications: 1,
    required_ai: true,
    prompt_id: null,
    prompt_text: '',
    state: 'preview',
    created_by: null,
    assigned_to: null,
    images: [],
    created_at: '2026-06-01T10:00:00Z',
    updated_at: '2026-06-01T10:00:00Z',
    ...overrides,
  };
}
