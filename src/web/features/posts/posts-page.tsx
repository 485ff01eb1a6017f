import { Alert, Box, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { type ListPostsQuery, POSTS_PAGE_SIZE, listPostsQuerySchema } from '../../../domain/post.ts';
import { ROLES_WITH_POSTS } from '../../../domain/roles.ts';
import { useSession } from '../../lib/session.ts';
import { CustomerSelect } from '../../ui/customer-select.tsx';
import { PostsList } from './list/posts-list.tsx';

/**
 * /preview-projects (SPEC §2 "Preview projects"): the post cards, filtered by state and paged by the
 * server. The address holds the page, the state and an administrator's customer (as the calendar's),
 * so a reload or the back button keeps them.
 */
export function PostsPage() {
  const { t } = useTranslation('posts');
  const { data: user } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const parsed = listPostsQuerySchema.safeParse(Object.fromEntries(searchParams));
  const isAdmin = user?.role === 'admin';
  const read: ListPostsQuery = parsed.success ? parsed.data : listPostsQuerySchema.parse({});
  // Only an administrator filters by customer (a customer's posts are her own).
  const query: ListPostsQuery = { ...read, pageSize: POSTS_PAGE_SIZE, owner: isAdmin ? read.owner : undefined };
  const allowed = user ? ROLES_WITH_POSTS.includes(user.role) : false;

  const changeQuery = (next: ListPostsQuery, options: { replace?: boolean } = {}) => {
    const params = new URLSearchParams();
    if (next.page !== 1) params.set('page', String(next.page));
    if (next.state) params.set('state', next.state);
    if (next.owner) params.set('owner', next.owner);
    setSearchParams(params, options);
  };

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
