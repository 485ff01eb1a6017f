import type { ListProjectsQuery, ProjectState } from '../../../../domain/project.ts';

/*
 * The list's page, filter and sort as the address holds them, read and written without zod. The
 * domain's listProjectsQuerySchema describes them, but importing any value from domain/project.ts
 * brings zod into /projects' first load (25 KB gzip: the module builds its schemas as it loads).
 * list-query.test.ts holds these constants and this reading to the domain's schema.
 */

/** The states in their lifecycle order, as domain/project.ts's PROJECT_STATES. */
export const PROJECT_STATE_ORDER = ['draft', 'inProgress', 'preview', 'launched'] as const satisfies readonly ProjectState[];

type SortField = ListProjectsQuery['sort'];
const SORT_FIELDS: readonly SortField[] = ['id', 'title', 'state', 'created_at', 'created_by'];
const ORDERS: readonly ListProjectsQuery['order'][] = ['asc', 'desc'];

/** The schema's defaults: the first page, newest first, every state. */
export const DEFAULT_LIST_QUERY: ListProjectsQuery = { page: 1, pageSize: 10, sort: 'created_at', order: 'desc' };

/** A positive whole number as `z.coerce.number().int().min(1)` reads it, or null. */
function wholeNumber(text: string, max = Number.MAX_SAFE_INTEGER): number | null {
  const value = Number(text);
  return Number.isInteger(value) && value >= 1 && value <= max ? value : null;
}

/**
 * The query the address asks for, or the defaults when any part of it is not one the schema accepts
 * (as `listProjectsQuerySchema.safeParse` would refuse it whole). Other parameters are ignored.
 */
export function readListQuery(params: URLSearchParams): ListProjectsQuery {
  const query: ListProjectsQuery = { ...DEFAULT_LIST_QUERY };
  // A parameter given twice counts once, with its last value (as Object.fromEntries reads the address).
  const last = (name: string) => params.getAll(name).at(-1) ?? null;
  const page = last('page');
  const pageSize = last('pageSize');
  const state = last('state');
  const sort = last('sort');
  const order = last('order');
  if (page !== null) {
    const value = wholeNumber(page);
    if (value === null) return { ...DEFAULT_LIST_QUERY };
    query.page = value;
  }
  if (pageSize !== null) {
    const value = wholeNumber(pageSize, 100);
    if (value === null) return { ...DEFAULT_LIST_QUERY };
    query.pageSize = value;
  }
  if (state !== null) {
    if (!(PROJECT_STATE_ORDER as readonly string[]).includes(state)) return { ...DEFAULT_LIST_QUERY };
    query.state = state as ProjectState;
  }
  if (sort !== null) {
    if (!(SORT_FIELDS as readonly string[]).includes(sort)) return { ...DEFAULT_LIST_QUERY };
    query.sort = sort as SortField;
  }
  if (order !== null) {
    if (!(ORDERS as readonly string[]).includes(order)) return { ...DEFAULT_LIST_QUERY };
    query.order = order as ListProjectsQuery['order'];
  }
  return query;
}

/** The address's parameters for a query: only what differs from the defaults (sort and order go together). */
export function writeListQuery(query: ListProjectsQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.page !== DEFAULT_LIST_QUERY.page) params.set('page', String(query.page));
  if (query.state) params.set('state', query.state);
  if (query.sort !== DEFAULT_LIST_QUERY.sort || query.order !== DEFAULT_LIST_QUERY.order) {
    params.set('sort', query.sort);
    params.set('order', query.order);
  }
  return params;
}
