import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigationType } from 'react-router';
import { describe, expect, it } from 'vitest';
import { listPostsQuerySchema } from '../../domain/post.ts';
import { listPromptsQuerySchema } from '../../domain/prompt.ts';
import { listUsersQuerySchema } from '../../domain/user.ts';
import { POSTS_LIST } from '../features/posts/posts-page.tsx';
import { PROMPTS_LIST } from '../features/prompts/prompts-page.tsx';
import { USERS_LIST } from '../features/users/users-page.tsx';
import { type ListSchema, oneOf, readListState, text, useListState, wholeNumber } from './list-state.ts';

const LIST = {
  fields: { page: wholeNumber(1), state: oneOf(['open', 'closed']), sort: oneOf(['title', 'date'], 'date'), order: oneOf(['asc', 'desc'], 'desc') },
  together: [['sort', 'order']],
} as const satisfies ListSchema;

function renderList(path: string, schema: ListSchema = LIST) {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>;
  return renderHook(
    () => {
      const [state, change] = useListState(schema as typeof LIST);
      const location = useLocation();
      return { state, change, address: location.search, navigation: useNavigationType() };
    },
    { wrapper },
  );
}

describe('useListState', () => {
  it('reads the address, with the defaults for what it leaves out', () => {
    const { result } = renderList('/list?state=open&page=2');
    expect(result.current.state).toEqual({ page: 2, state: 'open', sort: 'date', order: 'desc' });
  });

  it('writes only what differs from the defaults, in the schema order, keeping other parameters', () => {
    const { result } = renderList('/list?project=7&page=2');
    act(() => result.current.change({ page: 1, state: 'closed' }));
    expect(result.current.address).toBe('?project=7&state=closed');
    act(() => result.current.change({ order: 'asc' }));
    expect(result.current.address).toBe('?project=7&state=closed&sort=date&order=asc');
    act(() => result.current.change({ state: undefined, sort: 'date', order: 'desc' }));
    expect(result.current.address).toBe('?project=7');
  });

  it('pushes a history entry for a change, and replaces it when asked (typing)', () => {
    const { result } = renderList('/list');
    act(() => result.current.change({ page: 3 }));
    expect(result.current.navigation).toBe('PUSH');
    act(() => result.current.change({ page: 4 }, { replace: true }));
    expect(result.current.navigation).toBe('REPLACE');
    expect(result.current.address).toBe('?page=4');
  });

  it('refuses the whole address for one refused key, or only that key when the schema says so', () => {
    expect(readListState(LIST, new URLSearchParams('state=open&page=0'))).toEqual({ page: 1, state: undefined, sort: 'date', order: 'desc' });
    const lenient = { ...LIST, onRefused: 'key' } as const satisfies ListSchema;
    expect(readListState(lenient, new URLSearchParams('state=open&page=0'))).toEqual({ page: 1, state: 'open', sort: 'date', order: 'desc' });
    const day = { fields: { day: text(10, (value) => /^\d{4}-\d{2}-\d{2}$/.test(value)) } } as const satisfies ListSchema;
    expect(readListState(day, new URLSearchParams('day=2026-02-30x'))).toEqual({ day: undefined });
  });
});

/** The lists' schemas read an address as the domain's query schemas do (the defaults when refused). */
const CASES = [
  {
    name: 'posts',
    schema: POSTS_LIST,
    domain: listPostsQuerySchema,
    addresses: ['', 'page=2&state=scheduled&owner=u1', 'state=draft', 'owner=', `owner=${'x'.repeat(101)}`, 'pageSize=61', 'page=2&page=0'],
  },
  { name: 'users', schema: USERS_LIST, domain: listUsersQuerySchema, addresses: ['', 'page=3&sort=last_name&order=asc', 'sort=phone', 'order=up', 'page=1.5'] },
  { name: 'prompts', schema: PROMPTS_LIST, domain: listPromptsQuerySchema, addresses: ['', 'page=2&sort=updated_at&order=asc', 'sort=author', 'page=-1'] },
];

describe.each(CASES)('the $name list address', ({ schema, domain, addresses }) => {
  it.each(addresses)('reads "%s" as the domain schema does', (address) => {
    const params = new URLSearchParams(address);
    const parsed = domain.safeParse(Object.fromEntries(params));
    const expected = parsed.success ? parsed.data : domain.parse({});
    const read = readListState(schema, params);
    expect(read).toEqual(Object.fromEntries(Object.keys(read).map((key) => [key, (expected as Record<string, unknown>)[key]])));
  });
});
