import { Badge, Button, Group, Paper, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListUsersQuery, User } from '../../../domain/user.ts';
import { ApiError } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format-date.ts';
import { useErrorMessage } from '../../lib/use-error-message.ts';
import { ErrorDialog } from '../../ui/message-dialog.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { SortableHeader } from '../../ui/sortable-header.tsx';
import { TablePagination } from '../../ui/table-pagination.tsx';
import { useCreateUser } from './api/create-user.ts';
import { useUsers } from './api/list-users.ts';
import { useUpdateUser } from './api/update-user.ts';
import { UserFormModal } from './user-form-modal.tsx';
import { useDismissableError } from '../../lib/use-dismissable-error.ts';

type SortField = ListUsersQuery['sort'];
const COLUMNS: { field: SortField; label: string }[] = [
  { field: 'first_name', label: 'columns.name' },
  { field: 'email', label: 'columns.email' },
  { field: 'role', label: 'columns.role' },
  { field: 'active', label: 'columns.active' },
  { field: 'created_at', label: 'columns.createdAt' },
];

/** /users (SPEC §2 "Users"): the table paged and sorted by the server, and the create and edit form. */
export function UsersPage() {
  const { t } = useTranslation('users');
  const describe = useErrorMessage();
  const [query, setQuery] = useState<ListUsersQuery>({ page: 1, pageSize: 5, sort: 'created_at', order: 'desc' });
  const [editing, setEditing] = useState<User | 'new' | null>(null);
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  const users = useUsers(query);
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();

  const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : describe(error));
  const listFailure = useDismissableError(users);
  const listError = listFailure.error
    ? listFailure.error instanceof ApiError && listFailure.error.status === 401
      ? t('errors.notAuthenticated')
      : t('errors.list', { message: describe(listFailure.error) })
    : null;

  const sortBy = (field: SortField) =>
    setQuery((current) => ({ ...current, page: 1, sort: field, order: current.sort === field && current.order === 'asc' ? 'desc' : 'asc' }));

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
        setErrorMessage(t('errors.createDatabase', { message: messageOf(error) }));
      },
    });

  const onUpdate = (id: string, changes: Parameters<typeof updateUser.mutate>[0]['changes']) =>
    updateUser.mutate({ id, changes }, {
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
    });

  const page = users.data;
  return (
    <>
      <Group justify="space-between" align="flex-start" mb="lg" wrap="wrap">
        <div>
          <Title order={1}>{t('title')}</Title>
          <Text c="dimmed" mt={4}>{t('description')}</Text>
        </div>
        <Button onClick={() => setEditing('new')}>{t('create')}</Button>
      </Group>

      <Paper withBorder radius="md" p="md">
        {users.isPending ? (
          <Spinner />
        ) : page && page.total === 0 ? (
          <Text ta="center" c="dimmed" py="xl">{t('empty')}</Text>
        ) : page ? (
          <>
            <Table.ScrollContainer minWidth={720}>
              <Table striped highlightOnHover verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    {COLUMNS.map((column) => {
                      const active = query.sort === column.field;
                      return <SortableHeader key={column.field} label={t(column.label)} active={active} order={query.order} onSort={() => sortBy(column.field)} />;
                    })}
                    <Table.Th>{t('columns.phone')}</Table.Th>
                    <Table.Th><VisuallyHidden>{t('columns.actions')}</VisuallyHidden></Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {page.items.map((user) => (
                    <Table.Tr key={user.id}>
                      <Table.Td>{[user.first_name, user.last_name].filter(Boolean).join(' ') || '—'}</Table.Td>
                      <Table.Td>{user.email}</Table.Td>
                      <Table.Td>{t(`roles.${user.role}`)}</Table.Td>
                      <Table.Td>
                        <Badge color={user.active ? 'teal' : 'gray'} variant="light">{user.active ? t('status.active') : t('status.inactive')}</Badge>
                      </Table.Td>
                      <Table.Td>{formatDate(user.created_at)}</Table.Td>
                      <Table.Td>{user.phone || '—'}</Table.Td>
                      <Table.Td ta="right">
                        <Button size="xs" variant="default" onClick={() => setEditing(user)} aria-label={`${t('edit')} ${user.email}`}>
                          {t('edit')}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <TablePagination page={page.page} pageSize={page.pageSize} total={page.total} onPageChange={(next) => setQuery((current) => ({ ...current, page: next }))} />
          </>
        ) : null}
      </Paper>

      <UserFormModal
        opened={editing !== null}
        user={editing === 'new' || editing === null ? undefined : editing}
        saving={createUser.isPending || updateUser.isPending}
        serverError={createUser.error ?? updateUser.error}
        onCreate={onCreate}
        onUpdate={onUpdate}
        onClose={closeForm}
      />
      <ErrorDialog
        message={errorMessage ?? listError}
        onAccept={() => {
          setErrorMessage(null);
          listFailure.dismiss();
        }}
      />
    </>
  );
}
