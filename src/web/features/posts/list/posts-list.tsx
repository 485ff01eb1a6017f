import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListPostsQuery, Post } from '../../../../domain/post.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useAppEvents } from '../../../lib/app-events.ts';
import { useDismissableError } from '../../../lib/use-dismissable-error.ts';
import { useErrorMessage } from '../../../lib/use-error-message.ts';
import { LazyErrorDialog } from '../../../ui/lazy-dialogs.tsx';
import { NumberedPagination } from '../../../ui/numbered-pagination.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { postsQueryKey, usePosts } from '../api/list-posts.ts';
import { PostCard } from './post-card.tsx';
import { usePostDialogs } from './post-dialogs.tsx';
import { ProjectApprovals } from './project-approvals.tsx';
import { StateChips } from './state-chips.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';

export interface PostsListProps {
  query: ListPostsQuery;
  onQueryChange: (query: ListPostsQuery, options?: { replace?: boolean }) => void;
  /** An administrator sees every customer's posts: each card says whose it is. */
  showOwner?: boolean;
}

/** Cards in the first render: a phone's first screen shows one, a desktop's first row three. */
const FIRST_CARDS = 3;

/**
 * False for the first render with cards, true from the next task on: the page paints its first cards
 * before it builds the rest (a long task fewer before the largest paint on a slow phone).
 */
function useRestAfterFirstPaint(ready: boolean): boolean {
  const [rest, setRest] = useState(false);
  useEffect(() => {
    if (!ready || rest) return undefined;
    const timer = setTimeout(() => setRest(true));
    return () => clearTimeout(timer);
  }, [ready, rest]);
  return rest;
}

const ownerName = (owner: NonNullable<Post['owner']>) => `${owner.first_name} ${owner.last_name}`.trim() || owner.email;

/** The chips, the grid of six cards, the pagination, and every modal and dialog a card opens. */
export function PostsList({ query, onQueryChange, showOwner = false }: PostsListProps) {
  const { t } = useTranslation('posts');
  const describe = useErrorMessage();
  const queryClient = useQueryClient();
  const posts = usePosts(query);

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

  const showRest = useRestAfterFirstPaint(page !== undefined);
  const dialogs = usePostDialogs({ latest: page?.items, clock: page?.clock, clockReadAt: posts.dataUpdatedAt });

  if (forbidden) return <Text c="dimmed">{t('forbidden.message')}</Text>;
  return (
    <>
      <StateChips value={query.state} counts={page?.counts} onChange={(state) => onQueryChange({ ...query, page: 1, state })} />

      {posts.isPending ? (
        <Spinner />
      ) : page && page.total === 0 ? (
        <EmptyState>{query.state ? t('emptyFiltered') : t('empty')}</EmptyState>
      ) : page ? (
        <>
          <ProjectApprovals posts={page.items} onDecide={dialogs.decideProject} />
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" mt="lg" style={{ opacity: posts.isPlaceholderData ? 0.6 : 1 }}>
            {(showRest ? page.items : page.items.slice(0, FIRST_CARDS)).map((post, index) => {
              const card = (
                <PostCard
                  key={post.id}
                  post={post}
                  onAction={(action) => dialogs.open(action, post)}
                  onReview={(answer) => dialogs.review(post, answer)}
                  busy={dialogs.busyId === post.id}
                  first={index === 0}
                />
              );
              // Whose post it is, a small line over its card (issue 29).
              return showOwner ? (
                <Stack key={post.id} gap={4} data-owner-of={post.id}>
                  <Text size="xs" c="dimmed" truncate>
                    {post.owner ? t('owner.of', { name: ownerName(post.owner) }) : t('owner.none')}
                  </Text>
                  {card}
                </Stack>
              ) : (
                card
              );
            })}
          </SimpleGrid>
          <NumberedPagination page={page.page} pageSize={page.pageSize} total={page.total} onPageChange={(next) => onQueryChange({ ...query, page: next })} />
        </>
      ) : null}

      {dialogs.element}
      <LazyErrorDialog message={listError} onAccept={listFailure.dismiss} />
    </>
  );
}
