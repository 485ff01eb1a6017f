import { Badge, Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListUsersQuery, User } from '../../../domain/user.ts';
import { ApiError } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format-date.ts';
import { type ListSchema, oneOf, useListState, wholeNumber } from '../../lib/list-state.ts';
import { useSession } from '../../lib/session.ts';
import { useErrorMessage } from '../../lib/use-error-message.ts';
import { useDismissableError } from '../../lib/use-dismissable-error.ts';
import {
  ActionsCell,
  CardRow,
  CardTable,
  CardTableBody,
  CardTableHead,
  FieldCell,
  HeaderCell,
  ListPanel,
  SortHeader,
  TitleCell,
} from '../../ui/card-table.tsx';
import { LazyErrorDialog, lazyWithPreload, useOpenedOnce } from '../../ui/lazy-dialogs.tsx';
import { ListSort } from '../../ui/list-sort.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { TablePagination } from '../../ui/table-pagination.tsx';
import { useCreateUser } from './api/create-user.ts';
import { useUsers } from './api/list-users.ts';
import { useUpdateUser } from './api/update-user.ts';
import { EmptyState } from '../../ui/empty-state.tsx';

// The form (react-hook-form, the shared schemas, the selects, the dialog) loads when first opened, and
// ahead of it when the pointer or the focus reaches a button that opens it (docs/decisions/023).
const { Component: UserFormModal, preload: preloadForm } = lazyWithPreload(() => import('./user-form-modal.tsx').then((module) => module.UserFormModal));

type SortField = ListUsersQuery['sort'];

/** The address's keys, as the domain's listUsersQuerySchema reads them (its sort fields, without loading zod). */
export const USERS_LIST = {
  fields: {
    page: wholeNumber(1),
    sort: oneOf(['created_at', 'first_name', 'last_name', 'email', 'role', 'active'] satisfies SortField[], 'created_at'),
    order: oneOf(['asc', 'desc'], 'desc'),
  },
  together: [['sort', 'order']],
} as const satisfies ListSchema;
const COLUMNS: { field: SortField; label: string }[] = [
  { field: 'first_name', label: 'columns.name' },
  { field: 'email', label: 'columns.email' },
  { field: 'role', label: 'columns.role' },
  { field: 'active', label: 'columns.active' },
  { field: 'created_at', label: 'columns.createdAt' },
];

/**
 * /users (SPEC §2 "Users"): the table paged and sorted by the server (a card per user on a phone,
 * docs/decisions/023), and the create and edit form.
 */
export function UsersPage() {
  const { t } = useTranslation('users');
  const describe = useErrorMessage();
  const [list, changeList] = useListState(USERS_LIST);
  const query: ListUsersQuery = { ...list, pageSize: 5 };
  const [editing, setEditing] = useState<User | 'new' | null>(null);
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  const formMounted = useOpenedOnce(editing !== null);
  const users = useUsers(query);
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const session = useSession();

  const listFailure = useDismissableError(users);
  const listError = listFailure.error
    ? listFailure.error instanceof ApiError && listFailure.error.status === 401
      ? t('errors.notAuthenticated')
      : t('errors.list', { message: describe(listFailure.error) })
    : null;

  const sortBy = (field: SortField) => changeList({ page: 1, sort: field, order: query.sort === field && query.order === 'asc' ? 'desc' : 'asc' });

  const closeForm = () => {
    setEditing(null);
    createUser.reset();
    updateUser.reset();
  };

  const onCreate = (values: Parameters<typeof createUser.mutate>[0]) =>
    createUser.mutate(values, {
      onSuccess: () => {
        closeForm();
        notifications.show({ color: 'teal', message: t('created') });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400 && error.code === 'VALIDATION_FAILED') return; // shown on the fields
        if (error instanceof ApiError && error.code === 'AUTH_USER_NOT_CREATED') return setErrorMessage(t('errors.createAuth'));
        if (error instanceof ApiError && error.status === 401) return setErrorMessage(t('errors.notAuthenticated'));
        setErrorMessage(t('errors.createDatabase', { message: describe(error) }));
      },
    });

  const onUpdate = (id: string, changes: Parameters<typeof updateUser.mutate>[0]['changes']) =>
    updateUser.mutate(
      { id, changes },
      {
        onSuccess: () => {
          closeForm();
          notifications.show({ color: 'teal', message: t('updated') });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 400 && error.code === 'VALIDATION_FAILED') return;
          if (error instanceof ApiError && error.status === 404) return setErrorMessage(t('errors.notFound'));
          if (error instanceof ApiError && error.status === 401) return setErrorMessage(t('errors.notAuthenticated'));
          setErrorMessage(t('errors.update', { message: describe(error) }));
        },
      },
    );

  const page = users.data;
  return (
    <>
      <PageHeading
        title={t('title')}
        description={t('description')}
        action={
          <Button onClick={() => setEditing('new')} {...preloadForm}>
            {t('create')}
          </Button>
        }
      />

      <ListPanel>
        {users.isPending ? (
          <Spinner />
        ) : page && page.total === 0 ? (
          <EmptyState>{t('empty')}</EmptyState>
        ) : page ? (
          <>
            <ListSort
              fields={COLUMNS.map((column) => ({ value: column.field, label: t(column.label) }))}
              sort={query.sort}
              order={query.order}
              onChange={(change) => changeList({ page: 1, ...change })}
              mb="md"
            />
            <CardTable label={t('title')}>
              <CardTableHead>
                {COLUMNS.map((column) => (
                  <SortHeader
                    key={column.field}
                    label={t(column.label)}
                    active={query.sort === column.field}
                    order={query.order}
                    onSort={() => sortBy(column.field)}
                  />
                ))}
                <HeaderCell>{t('columns.phone')}</HeaderCell>
                <HeaderCell hidden>{t('columns.actions')}</HeaderCell>
              </CardTableHead>
              <CardTableBody>
                {page.items.map((user) => (
                  <CardRow key={user.id}>
                    <TitleCell>{[user.first_name, user.last_name].filter(Boolean).join(' ') || '—'}</TitleCell>
                    <FieldCell label={t('columns.email')}>{user.email}</FieldCell>
                    <FieldCell label={t('columns.role')}>{t(`roles.${user.role}`)}</FieldCell>
                    <FieldCell label={t('columns.active')}>
                      <Badge color={user.active ? 'teal' : 'gray'} variant="light">
                        {user.active ? t('status.active') : t('status.inactive')}
                      </Badge>
                    </FieldCell>
                    <FieldCell label={t('columns.createdAt')}>{formatDate(user.created_at)}</FieldCell>
                    <FieldCell label={t('columns.phone')}>{user.phone || '—'}</FieldCell>
                    <ActionsCell>
                      <Button size="xs" variant="default" onClick={() => setEditing(user)} aria-label={`${t('edit')} ${user.email}`} {...preloadForm}>
                        {t('edit')}
                      </Button>
                    </ActionsCell>
                  </CardRow>
                ))}
              </CardTableBody>
            </CardTable>
            <TablePagination page={page.page} pageSize={page.pageSize} total={page.total} onPageChange={(next) => changeList({ page: next })} />
          </>
        ) : null}
      </ListPanel>

      {formMounted && (
        <Suspense fallback={null}>
          <UserFormModal
            opened={editing !== null}
            user={editing === 'new' || editing === null ? undefined : editing}
            ownAccount={editing !== 'new' && editing !== null && editing.id === session.data?.id}
            saving={createUser.isPending || updateUser.isPending}
            serverError={createUser.error ?? updateUser.error}
            onCreate={onCreate}
            onUpdate={onUpdate}
            onClose={closeForm}
          />
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
