import { Center, SimpleGrid, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListPostsQuery, Post } from '../../../../domain/post.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useAppEvents } from '../../../lib/app-events.ts';
import { useErrorMessage } from '../../../lib/use-error-message.ts';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { ErrorDialog } from '../../../ui/message-dialog.tsx';
import { NumberedPagination } from '../../../ui/numbered-pagination.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useDeletePost } from '../api/delete-post.ts';
import { postsQueryKey, usePosts } from '../api/list-posts.ts';
import { useResetPost } from '../api/reset-post.ts';
import { EditPostModal } from '../edit/edit-post-modal.tsx';
import { InstagramPreview } from '../previews/instagram-preview.tsx';
import { LinkedinPreview } from '../previews/linkedin-preview.tsx';
import { PublishDialog } from '../publish/publish-dialog.tsx';
import { type CardAction, PostCard } from './post-card.tsx';
import { StateChips } from './state-chips.tsx';
import { useDismissableError } from '../../../lib/use-dismissable-error.ts';

export interface PostsListProps {
  query: ListPostsQuery;
  onQueryChange: (query: ListPostsQuery, options?: { replace?: boolean }) => void;
}

/** The chips, the grid of six cards, the pagination, and every modal and dialog a card opens. */
export function PostsList({ query, onQueryChange }: PostsListProps) {
  const { t } = useTranslation('posts');
  const describe = useErrorMessage();
  const queryClient = useQueryClient();
  const posts = usePosts(query);
  const deletePost = useDeletePost();
  const resetPost = useResetPost();
  // The post stays after its dialog closes, so the dialog does not empty while it fades out.
  const [pending, setPendingState] = useState<{ action: CardAction; post: Post } | null>(null);
  const [openDialog, setOpenDialog] = useState<CardAction | null>(null);
  const [errorMessage, setErrorMessage] = useState<string | null>(null);

  // A publication finished, a job took a post, someone else edited it: read the list again.
  useAppEvents((event) => {
    if (event.type === 'post') void queryClient.invalidateQueries({ queryKey: postsQueryKey });
  });

  const page = posts.data;
  const forbidden = posts.error instanceof ApiError && posts.error.status === 403;
  const listFailure = useDismissableError(posts, !forbidden);
  const listError = listFailure.error ? t('errors.list', { message: describe(listFailure.error) }) : null;

  // A page emptied by a deletion (or an old link) moves to the last page there is.
  const lastPage = page ? Math.max(1, Math.ceil(page.total / page.pageSize)) : 1;
  useEffect(() => {
    if (page && page.items.length === 0 && query.page > lastPage) onQueryChange({ ...query, page: lastPage }, { replace: true });
  }, [page, query, lastPage, onQueryChange]);

  // The card's latest version, when a live update has changed it since the dialog opened.
  const current = pending ? (page?.items.find((post) => post.id === pending.post.id) ?? pending.post) : null;
  const postFor = (action: CardAction) => (pending?.action === action ? current : null);
  const open = (action: CardAction, post: Post) => {
    setPendingState({ action, post });
    setOpenDialog(action);
  };
  const close = () => setOpenDialog(null);

  const confirmDelete = (post: Post) =>
    deletePost.mutate(post.id, {
      onSuccess: () => notifications.show({ color: 'teal', message: t('delete.done') }),
      onError: (error) => setErrorMessage(t('errors.delete', { message: describe(error) })),
      onSettled: close,
    });
  const confirmReset = (post: Post) =>
    resetPost.mutate(post.id, {
      onSuccess: () => notifications.show({ color: 'teal', message: t('reset.done') }),
      onError: (error) => setErrorMessage(t('errors.reset', { message: describe(error) })),
      onSettled: close,
    });

  const names = current ? { number: current.sequence, title: current.project_title } : { number: '', title: '' };

  if (forbidden) return <Text c="dimmed">{t('forbidden.message')}</Text>;
  return (
    <>
      <StateChips value={query.state} counts={page?.counts} onChange={(state) => onQueryChange({ ...query, page: 1, state })} />

      {posts.isPending ? (
        <Spinner />
      ) : page && page.total === 0 ? (
        <Center py="xl"><Text c="dimmed">{query.state ? t('emptyFiltered') : t('empty')}</Text></Center>
      ) : page ? (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" mt="lg" style={{ opacity: posts.isPlaceholderData ? 0.6 : 1 }}>
            {page.items.map((post) => <PostCard key={post.id} post={post} today={page.today} onAction={(action) => open(action, post)} />)}
          </SimpleGrid>
          <NumberedPagination page={page.page} pageSize={page.pageSize} total={page.total} onPageChange={(next) => onQueryChange({ ...query, page: next })} />
        </>
      ) : null}

      <InstagramPreview opened={openDialog === 'instagramPreview'} post={postFor('instagramPreview')} onClose={close} />
      <LinkedinPreview opened={openDialog === 'linkedinPreview'} post={postFor('linkedinPreview')} onClose={close} />
      <EditPostModal opened={openDialog === 'edit'} post={postFor('edit')} onClose={close} />
      <PublishDialog opened={openDialog === 'publish'} post={postFor('publish')} today={page?.today ?? ''} onClose={close} />
      <ConfirmDialog
        opened={openDialog === 'delete'}
        title={t('delete.title')}
        message={t('delete.message', names)}
        confirmLabel={t('delete.confirm')}
        danger
        loading={deletePost.isPending}
        onConfirm={() => current && confirmDelete(current)}
        onCancel={close}
      />
      <ConfirmDialog
        opened={openDialog === 'reset'}
        title={t('reset.title')}
        message={t('reset.message', names)}
        confirmLabel={t('reset.confirm')}
        loading={resetPost.isPending}
        onConfirm={() => current && confirmReset(current)}
        onCancel={close}
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
