import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigationType } from 'react-router';
import { describe, expect, it } from 'vitest';
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

  it('counts two changes made in a row before the new address renders (a sort, then its order)', () => {
    const { result } = renderList('/list?state=open');
    const { change } = result.current;
    act(() => {
      change({ sort: 'title' });
      change({ order: 'asc' });
    });
    expect(result.current.address).toBe('?state=open&sort=title&order=asc');
    expect(result.current.state).toEqual({ page: 1, state: 'open', sort: 'title', order: 'asc' });
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
