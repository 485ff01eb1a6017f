import { ActionIcon, Badge, Button, Group, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListPromptsQuery, Prompt, PromptInput } from '../../../domain/prompt.ts';
import { ApiError } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format-date.ts';
import { type ListSchema, oneOf, useListState, wholeNumber } from '../../lib/list-state.ts';
import { useSession } from '../../lib/session.ts';
import { useDialogTarget } from '../../lib/use-dialog-target.ts';
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
import { PencilIcon, PlusIcon, TrashIcon } from '../../ui/icons.tsx';
import { LazyConfirmDialog, LazyErrorDialog, lazyWithPreload, preloadDialogs, preloadOnApproach, useOpenedOnce } from '../../ui/lazy-dialogs.tsx';
import { ListSort } from '../../ui/list-sort.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { TablePagination } from '../../ui/table-pagination.tsx';
import { useCreatePrompt } from './api/create-prompt.ts';
import { useDeletePrompt } from './api/delete-prompt.ts';
import { usePrompts } from './api/list-prompts.ts';
import { useUpdatePrompt } from './api/update-prompt.ts';
import { EmptyState } from '../../ui/empty-state.tsx';

// The form (react-hook-form, the prompt schema, the dialog) loads when first opened, and ahead of it
// when the pointer or the focus reaches a button that opens it (docs/decisions/023).
const { Component: PromptFormModal, preload: preloadForm } = lazyWithPreload(() => import('./prompt-form-modal.tsx').then((module) => module.PromptFormModal));
const preloadDelete = preloadOnApproach(preloadDialogs);

type SortField = ListPromptsQuery['sort'];

/** The address's keys, as the domain's listPromptsQuerySchema reads them (its sort fields, without loading zod). */
export const PROMPTS_LIST = {
  fields: {
    page: wholeNumber(1),
    sort: oneOf(['title', 'created_at', 'updated_at'] satisfies SortField[], 'created_at'),
    order: oneOf(['asc', 'desc'], 'desc'),
  },
  together: [['sort', 'order']],
} as const satisfies ListSchema;

/**
 * /my-gpts (SPEC §2 "My GPTs"): the prompts table, 5 a page, sorted by the server (a card per prompt on
 * a phone, docs/decisions/023); add, edit, delete.
 */
export function PromptsPage() {
  const { t } = useTranslation('prompts');
  const describe = useErrorMessage();
  const { data: user } = useSession();
  const [list, changeList] = useListState(PROMPTS_LIST);
  const query: ListPromptsQuery = { ...list, pageSize: 5 };
  const formDialog = useDialogTarget<Prompt | 'new'>('new');
  const editing = formDialog.target;
  const formOpen = formDialog.opened;
  const setEditing = formDialog.open;
  const deleteDialog = useDialogTarget<Prompt>();
  const deleting = deleteDialog.target;
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  const formMounted = useOpenedOnce(formOpen);
  const prompts = usePrompts(query);
  const createPrompt = useCreatePrompt();
  const updatePrompt = useUpdatePrompt();
  const deletePrompt = useDeletePrompt();

  const listFailure = useDismissableError(prompts);
  const listError = listFailure.error ? t('errors.list', { message: describe(listFailure.error) }) : null;
  const failureOf = (error: unknown, action: 'create' | 'update' | 'delete', id?: number) =>
    error instanceof ApiError && error.status === 404 && id !== undefined ? t('errors.notFound', { id }) : t(`errors.${action}`, { message: describe(error) });

  const sortBy = (field: SortField) => changeList({ page: 1, sort: field, order: query.sort === field && query.order === 'asc' ? 'desc' : 'asc' });

  const closeForm = () => {
    formDialog.close();
    createPrompt.reset();
    updatePrompt.reset();
  };

  const submit = (values: PromptInput) => {
    const onError = (action: 'create' | 'update', id?: number) => (error: unknown) => {
      if (error instanceof ApiError && error.code === 'VALIDATION_FAILED' && ('title' in error.details || 'description' in error.details)) return; // on the fields
      setErrorMessage(failureOf(error, action, id));
    };
    if (editing === 'new') {
      return createPrompt.mutate(values, {
        onSuccess: () => {
          closeForm();
          changeList({ page: 1, sort: 'created_at', order: 'desc' });
          notifications.show({ color: 'teal', message: t('created') });
        },
        onError: onError('create'),
      });
    }
    const prompt = editing;
    const changes = Object.fromEntries(Object.entries(values).filter(([key, value]) => prompt[key as keyof PromptInput] !== value)) as Partial<PromptInput>;
    if (Object.keys(changes).length === 0) return closeForm();
    updatePrompt.mutate(
      { id: prompt.id, changes },
      {
        onSuccess: () => {
          closeForm();
          notifications.show({ color: 'teal', message: t('updated') });
        },
        onError: onError('update', prompt.id),
      },
    );
  };

  const confirmDelete = () => {
    if (!deleting) return;
    const prompt = deleting;
    deletePrompt.mutate(prompt.id, {
      onSuccess: () => {
        deleteDialog.close();
        // The last prompt of a page gone: show the page before it.
        if (page && page.items.length === 1 && query.page > 1) changeList({ page: query.page - 1 });
        notifications.show({ color: 'teal', message: t('deleted') });
      },
      onError: (error) => {
        deleteDialog.close();
        setErrorMessage(failureOf(error, 'delete', prompt.id));
      },
    });
  };

  const sortHeader = (field: SortField, label: string, width?: number | string) => (
    <SortHeader label={label} width={width} active={query.sort === field} order={query.order} onSort={() => sortBy(field)} />
  );
  const sortFields: { value: SortField; label: string }[] = [
    { value: 'title', label: t('columns.title') },
    { value: 'created_at', label: t('columns.createdAt') },
    { value: 'updated_at', label: t('columns.updatedAt') },
  ];

  const page = prompts.data;
  return (
    <>
      <PageHeading
        title={t('title')}
        description={t('description')}
        action={
          <Button leftSection={<PlusIcon />} onClick={() => setEditing('new')} {...preloadForm}>
            {t('create')}
          </Button>
        }
      />

      <ListPanel>
        {prompts.isPending ? (
          <Spinner />
        ) : page && page.total === 0 ? (
          <EmptyState>{t('empty')}</EmptyState>
        ) : page ? (
          <>
            <ListSort fields={sortFields} sort={query.sort} order={query.order} onChange={(change) => changeList({ page: 1, ...change })} mb="md" />
            <CardTable label={t('title')}>
              <CardTableHead>
                {sortHeader('title', t('columns.title'), '22%')}
                <HeaderCell width="34%">{t('columns.description')}</HeaderCell>
                <HeaderCell>{t('columns.author')}</HeaderCell>
                {sortHeader('created_at', t('columns.createdAt'))}
                {sortHeader('updated_at', t('columns.updatedAt'))}
                <HeaderCell width={96} hidden>
                  {t('columns.actions')}
                </HeaderCell>
              </CardTableHead>
              <CardTableBody>
                {page.items.map((prompt) => (
                  <CardRow key={prompt.id}>
                    <TitleCell>
                      <Text fw={500} size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {prompt.title}
                      </Text>
                      <Badge mt={4} size="xs" radius="sm" variant="light" color={prompt.is_private ? 'gray' : 'blue'}>
                        {prompt.is_private ? t('visibility.private') : t('visibility.public')}
                      </Badge>
                    </TitleCell>
                    <FieldCell label={t('columns.description')}>
                      <Text span size="sm" c="dimmed" lineClamp={3} title={prompt.description}>
                        {prompt.description}
                      </Text>
                    </FieldCell>
                    <FieldCell label={t('columns.author')}>
                      {prompt.author?.id === user?.id ? t('you') : prompt.author ? `${prompt.author.first_name} ${prompt.author.last_name}`.trim() || '-' : '-'}
                    </FieldCell>
                    <FieldCell label={t('columns.createdAt')}>{formatDate(prompt.created_at)}</FieldCell>
                    <FieldCell label={t('columns.updatedAt')}>{formatDate(prompt.updated_at)}</FieldCell>
                    <ActionsCell>
                      {prompt.editable && (
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          <Tooltip label={t('edit')} withinPortal>
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              size="lg"
                              onClick={() => setEditing(prompt)}
                              aria-label={t('editLabel', { title: prompt.title })}
                              {...preloadForm}
                            >
                              <PencilIcon />
                            </ActionIcon>
                          </Tooltip>
                          <Tooltip label={t('delete')} withinPortal>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              size="lg"
                              onClick={() => deleteDialog.open(prompt)}
                              aria-label={t('deleteLabel', { title: prompt.title })}
                              {...preloadDelete}
                            >
                              <TrashIcon />
                            </ActionIcon>
                          </Tooltip>
                        </Group>
                      )}
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
          <PromptFormModal
            opened={formOpen}
            prompt={editing === 'new' ? undefined : editing}
            createsPublic={user?.role === 'admin'}
            saving={createPrompt.isPending || updatePrompt.isPending}
            serverError={createPrompt.error ?? updatePrompt.error}
            onSubmit={submit}
            onClose={closeForm}
          />
        </Suspense>
      )}
      <LazyConfirmDialog
        opened={deleteDialog.opened}
        title={t('deleteDialog.title')}
        message={t('deleteDialog.message', { title: deleting?.title ?? '' })}
        confirmLabel={t('deleteDialog.confirm')}
        danger
        loading={deletePrompt.isPending}
        onConfirm={confirmDelete}
        onCancel={deleteDialog.close}
      />
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
