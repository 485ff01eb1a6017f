import { Alert, Button, Group, NativeSelect } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ListProjectsQuery, ProjectState, ProjectSummary } from '../../../../domain/project.ts';
import { ROLES_WITH_POSTS } from '../../../../domain/roles.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { useDismissableError } from '../../../lib/use-dismissable-error.ts';
import { CardTable, CardTableBody, CardTableHead, HeaderCell, ListPanel, SortHeader } from '../../../ui/card-table.tsx';
import { PlusIcon } from '../../../ui/icons.tsx';
import { LazyConfirmDialog, LazyErrorDialog, lazyWithPreload, preloadDialogs, useOpenedOnce } from '../../../ui/lazy-dialogs.tsx';
import { ListSort } from '../../../ui/list-sort.tsx';
import { PageHeading } from '../../../ui/page-heading.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { TablePagination } from '../../../ui/table-pagination.tsx';
import { useDeleteProject } from '../api/delete-project.ts';
import { deleteProjectMessage } from './delete-message.ts';
import { useLaunchProject } from '../api/launch-project.ts';
import { useProjects } from '../api/list-projects.ts';
import { useRecoverProject } from '../api/recover-project.ts';
import { useDialogTarget } from '../../../lib/use-dialog-target.ts';
import { useErrorMessage } from '../../../lib/use-error-message.ts';
import { PROJECT_STATE_ORDER } from './list-query.ts';
import { ProjectRow } from './project-row.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';

// What a row's actions open is loaded when first needed (docs/decisions/023): the list is what
// /projects shows first. A row's menu starts loading them as it opens.
const loadAssignDialog = () => import('./assign-dialog.tsx');
const loadLaunchProgress = () => import('../launch/launch-progress.tsx');
const AssignDialog = lazy(() => loadAssignDialog().then((module) => ({ default: module.AssignDialog })));
const loadReviewLinksDialog = () => import('./review-links-dialog.tsx');
const { Component: ReviewLinksDialog } = lazyWithPreload(() => loadReviewLinksDialog().then((module) => module.ReviewLinksDialog));
const LaunchProgress = lazy(() => loadLaunchProgress().then((module) => ({ default: module.LaunchProgress })));

type SortField = ListProjectsQuery['sort'];
const COLUMNS: { field: SortField; label: string; width?: number }[] = [
  { field: 'id', label: 'columns.id', width: 80 },
  { field: 'created_by', label: 'columns.createdBy', width: 200 },
  { field: 'title', label: 'columns.title' },
  { field: 'state', label: 'columns.state', width: 190 },
];

type Pending = { kind: 'launch' | 'recovery' | 'delete' | 'assign' | 'reviewLinks'; project: ProjectSummary };

export interface ProjectsListProps {
  query: ListProjectsQuery;
  /** The keys that change; the others stay as the address has them. */
  onQueryChange: (changes: Partial<ListProjectsQuery>) => void;
  onCreate: () => void;
  onEdit: (id: number) => void;
}

/**
 * The projects table of SPEC §2: filtered by state, sorted and paged by the server, with each row's menu;
 * a card per project on a phone (docs/decisions/023).
 */
export function ProjectsList({ query, onQueryChange, onCreate, onEdit }: ProjectsListProps) {
  const { t } = useTranslation('projects');
  const describe = useErrorMessage('first');
  const { data: user } = useSession();
  const projects = useProjects(query);
  const deleteProject = useDeleteProject();
  const launchProject = useLaunchProject();
  const recoverProject = useRecoverProject();
  const navigate = useNavigate();
  const [launching, setLaunching] = useState<ProjectSummary | null>(null);
  const dialog = useDialogTarget<Pending>();
  const pending = dialog.target;
  const openDialog = dialog.opened ? (pending?.kind ?? null) : null;
  const setPending = (next: Pending | null) => (next ? dialog.open(next) : dialog.close());
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  const assignMounted = useOpenedOnce(openDialog === 'assign');
  const reviewLinksMounted = useOpenedOnce(openDialog === 'reviewLinks');
  const isAdmin = user?.role === 'admin';
  const mayShareForReview = user !== undefined && user !== null && ROLES_WITH_POSTS.includes(user.role);
  const preloadRowActions = () => {
    preloadDialogs();
    void loadLaunchProgress();
    if (isAdmin) void loadAssignDialog();
    if (mayShareForReview) void loadReviewLinksDialog();
  };

  const forbidden = projects.error instanceof ApiError && projects.error.status === 403;
  const listFailure = useDismissableError(projects, !forbidden);
  const listError = listFailure.error ? t('errors.list', { message: describe(listFailure.error) }) : null;
  const page = projects.data;

  const sortBy = (field: SortField) => onQueryChange({ ...query, page: 1, sort: field, order: query.sort === field && query.order === 'asc' ? 'desc' : 'asc' });
  const filterBy = (state: ProjectState | undefined) => onQueryChange({ ...query, page: 1, state });

  // The filter offers the states present, in their lifecycle order, and the one chosen even if it has gone.
  const presentStates = PROJECT_STATE_ORDER.filter((state) => page?.states.includes(state) || state === query.state);

  const confirmLaunch = (project: ProjectSummary) =>
    launchProject.mutate(project.id, {
      onSuccess: () => {
        setPending(null);
        setLaunching(project);
      },
      onError: (error) => {
        setPending(null);
        setErrorMessage(t('errors.launch', { message: describe(error) }));
      },
    });

  // The posts are written: to the posts page for who has posts; a publisher stays here and sees the
  // project's new state, with where its posts went (SPEC §6: no preview list for them).
  const launchSucceeded = () => {
    if (user && ROLES_WITH_POSTS.includes(user.role)) return void navigate('/preview-projects');
    const title = launching?.title ?? '';
    setLaunching(null);
    void projects.refetch();
    notifications.show({ color: 'teal', title: t('launchedForOthers.title', { title }), message: t('launchedForOthers.message'), autoClose: 10_000 });
  };

  // The generation failed: the project is a draft again and the reason shows here, on /projects.
  const launchFailed = (failure: { code: string; message: string }) => {
    setLaunching(null);
    void projects.refetch();
    setErrorMessage(t('errors.launch', { message: t(`errors:${failure.code}`, { defaultValue: failure.message || t('errors:UNKNOWN') }) }));
  };

  const confirmRecovery = (project: ProjectSummary) =>
    recoverProject.mutate(project.id, {
      onSuccess: () => {
        setPending(null);
        notifications.show({ color: 'teal', message: t('recovered') });
      },
      onError: (error) => {
        setPending(null);
        setErrorMessage(t('errors.recovery', { message: describe(error) }));
      },
    });

  const confirmDelete = (project: ProjectSummary) =>
    deleteProject.mutate(project.id, {
      onSuccess: () => {
        setPending(null);
        notifications.show({ color: 'teal', message: t('deleted') });
      },
      onError: (error) => {
        setPending(null);
        setErrorMessage(
          error instanceof ApiError && error.status === 404 ? t('errors.notFound', { id: project.id }) : t('errors.delete', { message: describe(error) }),
        );
      },
    });

  return (
    <>
      <PageHeading
        title={t('title')}
        description={t('description')}
        action={
          !forbidden && (
            <Button leftSection={<PlusIcon />} onClick={onCreate}>
              {t('create')}
            </Button>
          )
        }
      />

      {forbidden ? (
        <Alert color="gray" variant="light" title={t('forbidden.title')}>
          {t('forbidden.message')}
        </Alert>
      ) : (
        <ListPanel>
          <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
            <NativeSelect
              label={t('filter.label')}
              flex={{ base: '1 1 10rem', sm: '0 0 220px' }}
              data={[{ value: 'all', label: t('filter.all') }, ...presentStates.map((state) => ({ value: state, label: t(`states.${state}`) }))]}
              value={query.state ?? 'all'}
              onChange={(event) => filterBy(event.currentTarget.value !== 'all' ? (event.currentTarget.value as ProjectState) : undefined)}
            />
            <Button variant="subtle" color="gray" disabled={!query.state} onClick={() => filterBy(undefined)}>
              {t('filter.clean')}
            </Button>
            <ListSort
              fields={[{ value: 'created_at', label: t('sort.createdAt') }, ...COLUMNS.map((column) => ({ value: column.field, label: t(column.label) }))]}
              sort={query.sort}
              order={query.order}
              onChange={(change) => onQueryChange({ page: 1, ...change })}
            />
          </Group>

          {projects.isPending ? (
            <Spinner />
          ) : page && page.total === 0 ? (
            <EmptyState>{query.state ? t('emptyFiltered') : t('empty')}</EmptyState>
          ) : page ? (
            <>
              <CardTable label={t('title')}>
                <CardTableHead>
                  {COLUMNS.map((column) => (
                    <SortHeader
                      key={column.field}
                      width={column.width}
                      label={t(column.label)}
                      active={query.sort === column.field}
                      order={query.order}
                      onSort={() => sortBy(column.field)}
                    />
                  ))}
                  <HeaderCell width={72} hidden>
                    {t('columns.actions')}
                  </HeaderCell>
                </CardTableHead>
                <CardTableBody>
                  {page.items.map((project) => (
                    <ProjectRow
                      key={project.id}
                      project={project}
                      isAdmin={isAdmin}
                      mayShareForReview={mayShareForReview}
                      onEdit={() => onEdit(project.id)}
                      onAction={(kind) => setPending({ kind, project })}
                      onMenuOpen={preloadRowActions}
                    />
                  ))}
                </CardTableBody>
              </CardTable>
              <TablePagination page={page.page} pageSize={page.pageSize} total={page.total} onPageChange={(next) => onQueryChange({ ...query, page: next })} />
            </>
          ) : null}
        </ListPanel>
      )}

      <LazyConfirmDialog
        opened={openDialog === 'launch'}
        title={t('launch.title')}
        message={t('launch.message', { title: pending?.project.title ?? '' })}
        confirmLabel={t('launch.confirm')}
        loading={launchProject.isPending}
        onConfirm={() => pending && confirmLaunch(pending.project)}
        onCancel={() => setPending(null)}
      />
      <LazyConfirmDialog
        opened={openDialog === 'recovery'}
        title={t('recovery.title')}
        message={t('recovery.message', { title: pending?.project.title ?? '' })}
        confirmLabel={t('recovery.confirm')}
        loading={recoverProject.isPending}
        onConfirm={() => pending && confirmRecovery(pending.project)}
        onCancel={() => setPending(null)}
      />
      <LazyConfirmDialog
        opened={openDialog === 'delete'}
        title={t('delete.title')}
        message={pending ? deleteProjectMessage(t, pending.project) : ''}
        confirmLabel={t('delete.confirm')}
        danger
        loading={deleteProject.isPending}
        onConfirm={() => pending && confirmDelete(pending.project)}
        onCancel={() => setPending(null)}
      />
      {assignMounted && (
        <Suspense fallback={null}>
          <AssignDialog project={openDialog === 'assign' && pending ? pending.project : null} onClose={() => setPending(null)} onFailure={setErrorMessage} />
        </Suspense>
      )}
      {reviewLinksMounted && (
        <Suspense fallback={null}>
          <ReviewLinksDialog project={openDialog === 'reviewLinks' && pending ? pending.project : null} onClose={() => setPending(null)} />
        </Suspense>
      )}
      {launching && (
        <Suspense fallback={null}>
          <LaunchProgress projectId={launching.id} projectTitle={launching.title} onSucceeded={launchSucceeded} onFailed={launchFailed} />
        </Suspense>
      )}
      <LazyErrorDialog
        message={errorMessage ?? listError}
        onAccept={() => {
          setErrorMessage(null);
          listFailure.dismiss();
        }}
      />
    </>
  );
}
