import type { QueryClient } from '@tanstack/react-query';
import { lazy } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { ListProjectsQuery } from '../../../domain/project.ts';
import { readListState, useListState } from '../../lib/list-state.ts';
import { prefetchProjects } from './api/list-projects.ts';
import { PROJECTS_LIST } from './list/list-query.ts';
import { ProjectsList } from './list/projects-list.tsx';

// The form (images, drag and drop, the prompt picker) is a chunk of its own, loaded when opened: the
// list is what /projects shows first. Opening it is a navigation, so the list stays until it is ready.
const ProjectEditor = lazy(() => import('./form/project-editor.tsx').then((module) => ({ default: module.ProjectEditor })));

/** SPEC §9: the projects table shows 10 a page. */
const PAGE_SIZE = 10;

/** The list's page the address names, asked for as the app opens on /projects (route-table.ts's `prefetch`). */
export function prefetchProjectsPage(queryClient: QueryClient, params: URLSearchParams): void {
  if (params.has('project')) return;
  void prefetchProjects(queryClient, { ...readListState(PROJECTS_LIST, params), pageSize: PAGE_SIZE });
}

/**
 * /projects (SPEC §2 "Projects"): the list, or the project form as a full page section. The form is
 * long and carries the images, so it gets the whole width rather than a dialog. The address holds
 * the list's page, filter and sort, and `project=new` or `project=<id>` for the form: the back
 * button, a reload or a shared link keep the user where they were, and closing the form returns to
 * the same page of the list.
 */
export function ProjectsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [listState, changeQuery] = useListState(PROJECTS_LIST);
  const location = useLocation();
  const navigate = useNavigate();
  const opened = searchParams.get('project');
  const id = opened && /^\d+$/.test(opened) ? Number(opened) : null;
  const query: ListProjectsQuery = { ...listState, pageSize: PAGE_SIZE };
  const openForm = (project: number | 'new') => {
    const params = new URLSearchParams(searchParams);
    params.set('project', String(project));
    setSearchParams(params, { state: { fromList: true } });
  };
  // Back to the list entry the form was opened from, so the history has no second copy of it.
  const closeForm = () => {
    if ((location.state as { fromList?: boolean } | null)?.fromList) return void navigate(-1);
    const params = new URLSearchParams(searchParams);
    params.delete('project');
    setSearchParams(params, { replace: true });
  };

  if (opened === 'new') return <ProjectEditor key="new" projectId={null} onClose={closeForm} />;
  if (id !== null) return <ProjectEditor key={id} projectId={id} onClose={closeForm} />;
  return <ProjectsList query={query} onQueryChange={changeQuery} onCreate={() => openForm('new')} onEdit={openForm} />;
}
