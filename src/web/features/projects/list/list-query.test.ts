import { describe, expect, it } from 'vitest';
import { PROJECT_SORT_FIELDS, PROJECT_STATES, listProjectsQuerySchema } from '../../../../domain/project.ts';
import { readListState, writeListState } from '../../../lib/list-state.ts';
import { PROJECTS_LIST, PROJECT_STATE_ORDER } from './list-query.ts';

const readListQuery = (params: URLSearchParams) => readListState(PROJECTS_LIST, params);
const writeListQuery = (query: ReturnType<typeof readListQuery>) => writeListState(PROJECTS_LIST, query);
const DEFAULT_LIST_QUERY = readListQuery(new URLSearchParams());

/** What the page read with the domain's schema before: the address's parameters, or the defaults when refused. */
function readWithSchema(params: URLSearchParams) {
  const parsed = listProjectsQuerySchema.safeParse(Object.fromEntries(params));
  return parsed.success ? parsed.data : listProjectsQuerySchema.parse({});
}

const ADDRESSES = [
  '',
  'page=3',
  'page=0',
  'page=-2',
  'page=2.5',
  'page=abc',
  'page=',
  'page=%202%20',
  'page=1e2',
  'page=99999999999999999999',
  'pageSize=100',
  'pageSize=101',
  'state=preview',
  'state=inProgress&page=2',
  'state=archived',
  'state=',
  'sort=title&order=asc',
  'sort=created_by&order=desc&page=4',
  'sort=secret&order=asc',
  'sort=id&order=up',
  'order=asc',
  'page=2&page=5',
  'state=draft&state=launched',
  'other=1&page=2',
];

describe('the projects list address', () => {
  it('holds the same states, in the same order, as the domain', () => {
    expect(PROJECT_STATE_ORDER).toEqual(PROJECT_STATES);
  });

  it('has the schema defaults', () => {
    expect(DEFAULT_LIST_QUERY).toEqual(listProjectsQuerySchema.parse({}));
  });

  it.each(ADDRESSES)('reads "%s" as the domain schema does', (address) => {
    const params = new URLSearchParams(address);
    expect(readListQuery(params)).toEqual(readWithSchema(params));
  });

  it('accepts every sort field the domain has', () => {
    for (const sort of PROJECT_SORT_FIELDS) expect(readListQuery(new URLSearchParams({ sort, order: 'asc' }))).toMatchObject({ sort, order: 'asc' });
  });

  it('writes only what differs from the defaults, and reads back what it wrote', () => {
    expect(writeListQuery(DEFAULT_LIST_QUERY).toString()).toBe('');
    const query = { page: 3, pageSize: 10, state: 'preview', sort: 'title', order: 'desc' } as const;
    expect(writeListQuery(query).toString()).toBe('page=3&state=preview&sort=title&order=desc');
    expect(readListQuery(writeListQuery(query))).toEqual(query);
    expect(writeListQuery({ ...DEFAULT_LIST_QUERY, order: 'asc' }).toString()).toBe('sort=created_at&order=asc');
  });
});
