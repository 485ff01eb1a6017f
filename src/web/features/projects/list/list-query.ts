import type { ListProjectsQuery, ProjectState } from '../../../../domain/project.ts';
import { type ListSchema, oneOf, wholeNumber } from '../../../lib/list-state.ts';

/*
 * The list's page, filter and sort as the address holds them (lib/list-state.ts). The domain's
 * listProjectsQuerySchema describes them, but importing any value from domain/project.ts brings zod
 * into /projects' first load (25 KB gzip: the module builds its schemas as it loads).
 * list-query.test.ts holds these constants and this reading to the domain's schema.
 */

/** The states in their lifecycle order, as domain/project.ts's PROJECT_STATES. */
export const PROJECT_STATE_ORDER = ['draft', 'inProgress', 'preview', 'launched'] as const satisfies readonly ProjectState[];

const SORT_FIELDS = ['id', 'title', 'state', 'created_at', 'created_by'] as const satisfies readonly ListProjectsQuery['sort'][];

/** The schema's keys and defaults: the first page, newest first, every state; a refused key refuses the whole address, as the schema does. */
export const PROJECTS_LIST = {
  fields: {
    page: wholeNumber(1),
    pageSize: wholeNumber(10, 100),
    state: oneOf(PROJECT_STATE_ORDER),
    sort: oneOf(SORT_FIELDS, 'created_at'),
    order: oneOf(['asc', 'desc'], 'desc'),
  },
  together: [['sort', 'order']],
} as const satisfies ListSchema;
