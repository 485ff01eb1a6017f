import { useRef } from 'react';
import { useSearchParams } from 'react-router';

/*
 * A list's state (page, filters, sort, view, day) kept in the address, the one way for every list:
 * a reload, the back button or a shared link keep it. Each list describes its keys with a small
 * schema (the type and the default of each); a default is left out of the address. Written without
 * zod, so a page that has no form does not load it.
 */

/** One key: how its text reads (null when refused) and its value when absent. */
export type ListField<T> = { readonly read: (text: string) => T | null; readonly fallback: T };

export type ListSchema = {
  readonly fields: Readonly<Record<string, ListField<unknown>>>;
  /** Keys written together: when one differs from its default, both are (a sort and its order). */
  readonly together?: readonly (readonly [string, string])[];
  /**
   * A refused key: 'list' falls back to every default, as the server's query schemas refuse a query
   * whole (the default); 'key' falls back to that key's default only.
   */
  readonly onRefused?: 'list' | 'key';
};

export type ListState<S extends ListSchema> = { -readonly [K in keyof S['fields']]: S['fields'][K] extends ListField<infer T> ? T : never };

/** A whole number from 1 to `max`, as `z.coerce.number().int().min(1)` reads it. */
export function wholeNumber(fallback: number, max = Number.MAX_SAFE_INTEGER): ListField<number> {
  return {
    fallback,
    read: (text) => {
      const value = Number(text);
      return Number.isInteger(value) && value >= 1 && value <= max ? value : null;
    },
  };
}

/** One of `values`; absent (undefined) unless a default is given. */
export function oneOf<const V extends string>(values: readonly V[]): ListField<V | undefined>;
export function oneOf<const V extends string>(values: readonly V[], fallback: V): ListField<V>;
export function oneOf<const V extends string>(values: readonly V[], fallback?: V): ListField<V | undefined> {
  return { fallback, read: (text) => ((values as readonly string[]).includes(text) ? (text as V) : null) };
}

/** A text of 1 to `max` characters, absent by default; `accepts` narrows it further (a day's format). */
export function text(max = Number.MAX_SAFE_INTEGER, accepts: (value: string) => boolean = () => true): ListField<string | undefined> {
  return { fallback: undefined, read: (value) => (value.length >= 1 && value.length <= max && accepts(value) ? value : null) };
}

function defaultsOf<S extends ListSchema>(schema: S): ListState<S> {
  return Object.fromEntries(Object.entries(schema.fields).map(([key, field]) => [key, field.fallback])) as ListState<S>;
}

/** The state the address holds. A key given twice counts once, with its last value; other parameters are ignored. */
export function readListState<S extends ListSchema>(schema: S, params: URLSearchParams): ListState<S> {
  const state: Record<string, unknown> = defaultsOf(schema);
  for (const [key, field] of Object.entries(schema.fields)) {
    const given = params.getAll(key).at(-1);
    if (given === undefined) continue;
    const value = field.read(given);
    if (value !== null) state[key] = value;
    else if ((schema.onRefused ?? 'list') === 'list') return defaultsOf(schema);
  }
  return state as ListState<S>;
}

/** `params` with the list's keys set to `state`: only what differs from the defaults, in the schema's order; other parameters stay. */
export function writeListState<S extends ListSchema>(schema: S, state: ListState<S>, params = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(params);
  const values = state as Record<string, unknown>;
  const differs = (key: string) => values[key] !== undefined && values[key] !== schema.fields[key]?.fallback;
  const written = new Set(Object.keys(schema.fields).filter(differs));
  for (const [a, b] of schema.together ?? []) {
    if (written.has(a) || written.has(b)) [a, b].forEach((key) => written.add(key));
  }
  for (const key of Object.keys(schema.fields)) {
    next.delete(key);
    if (written.has(key) && values[key] !== undefined) next.set(key, String(values[key]));
  }
  return next;
}

/**
 * The list's state and its setter, which changes the keys given and keeps the rest. A change is a new
 * history entry (the back button returns to the page before); `replace` is for corrections and for
 * typing (a search box), which should not leave an entry per letter.
 */
export function useListState<S extends ListSchema>(schema: S) {
  const [params, setParams] = useSearchParams();
  // Navigations are transitions: until the new address renders, `params` (and React Router's function
  // form of setSearchParams) still hold the old one. The last change made from this address is the base
  // of the next, so two changes in a row (a sort, then its order) both count.
  const pending = useRef<{ from: URLSearchParams; next: URLSearchParams } | null>(null);
  const state = readListState(schema, params);
  const change = (changes: Partial<ListState<S>>, options: { replace?: boolean } = {}) => {
    const base = pending.current?.from === params ? pending.current.next : params;
    const next = writeListState(schema, { ...readListState(schema, base), ...changes }, base);
    pending.current = { from: params, next };
    setParams(next, options);
  };
  return [state, change] as const;
}
