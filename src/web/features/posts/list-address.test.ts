import { describe } from 'vitest';
import { listPostsQuerySchema } from '../../../domain/post.ts';
import { itReadsAddressesAsTheDomain } from '../../test-support/list-addresses.ts';
import { POSTS_LIST } from './posts-page.tsx';

describe('the posts list address', () => {
  itReadsAddressesAsTheDomain(POSTS_LIST, listPostsQuerySchema, [
    '',
    'page=2&state=scheduled&owner=u1',
    'state=draft',
    'owner=',
    `owner=${'x'.repeat(101)}`,
    'pageSize=61',
    'page=2&page=0',
  ]);
});
