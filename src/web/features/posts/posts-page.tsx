import { Alert, Box, Text, Title } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ListPostsQuery, PostPage } from '../../../domain/post.ts';
import { POSTS_PAGE_SIZE, POST_STATES } from '../../../domain/post-rules.ts';
import { ROLES_WITH_POSTS } from '../../../domain/roles.ts';
import { type ListSchema, oneOf, readListState, text, useListState, wholeNumber } from '../../lib/list-state.ts';
import { getSession, sessionQueryKey, useSession } from '../../lib/session.ts';
import { CustomerSelect } from '../../ui/customer-select.tsx';
import { postsListKey, prefetchPosts } from './api/list-posts.ts';
import { cardPictureOf } from './list/post-card.tsx';
import { PostsList } from './list/posts-list.tsx';

/** The address's keys, as the domain's listPostsQuerySchema reads them (a refused key refuses them all). */
export const POSTS_LIST = {
  fields: { page: wholeNumber(1), pageSize: wholeNumber(POSTS_PAGE_SIZE, 60), state: oneOf(POST_STATES), owner: text(100) },
} as const satisfies ListSchema;

/**
 * The cards' page the address names, asked for as the app opens on /preview-projects (route-table.ts's
 * `prefetch`). A customer named in the address counts for an administrator only: that one waits for the
 * session; without it the query is everyone's.
 */
export async function prefetchPostsPage(queryClient: QueryClient, params: URLSearchParams): Promise<void> {
  const read = readListState(POSTS_LIST, params);
  const isAdmin = read.owner !== undefined && (await queryClient.ensureQueryData({ queryKey: sessionQueryKey, queryFn: getSession }))?.role === 'admin';
  const query: ListPostsQuery = { ...read, pageSize: POSTS_PAGE_SIZE, owner: isAdmin ? read.owner : undefined };
  await prefetchPosts(queryClient, query);
  preloadFirstPicture(queryClient.getQueryData<PostPage>(postsListKey(query)));
}

/**
 * The first card's picture is the page's largest paint: it starts downloading as the cards arrive, while
 * the page renders them, rather than once its <img> is there.
 */
function preloadFirstPicture(page: PostPage | undefined): void {
  const first = page?.items[0];
  const url = first ? cardPictureOf(first)?.url : undefined;
  if (!url) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', 'image');
  link.setAttribute('fetchpriority', 'high');
  link.href = url;
  document.head.append(link);
}

/**
 * /preview-projects (SPEC §2 "Preview projects"): the post cards, filtered by state and paged by the
 * server. The address holds the page, the state and an administrator's customer (as the calendar's),
 * so a reload or the back button keeps them.
 */
export function PostsPage() {
  const { t } = useTranslation('posts');
  const { data: user } = useSession();
  const [read, changeQuery] = useListState(POSTS_LIST);
  const isAdmin = user?.role === 'admin';
  // Only an administrator filters by customer (a customer's posts are her own).
  const query: ListPostsQuery = { ...read, pageSize: POSTS_PAGE_SIZE, owner: isAdmin ? read.owner : undefined };
  const allowed = user ? ROLES_WITH_POSTS.includes(user.role) : false;

  return (
    <>
      <Title order={1}>{t('title')}</Title>
      <Text c="dimmed" mt={4} mb="lg">
        {t('description')}
      </Text>
      {allowed && isAdmin && (
        <Box mb="md">
          <CustomerSelect
            label={t('owner.label')}
            placeholder={t('owner.all')}
            value={query.owner ?? null}
            onChange={(owner) => changeQuery({ ...query, page: 1, owner: owner ?? undefined })}
            clearable
            w={320}
          />
        </Box>
      )}
      {allowed ? (
        <PostsList query={query} onQueryChange={changeQuery} showOwner={isAdmin} />
      ) : (
        <Alert color="gray" variant="light" title={t('forbidden.title')}>
          {t('forbidden.message')}
        </Alert>
      )}
    </>
  );
}
