import { describe } from 'vitest';
import { listUsersQuerySchema } from '../../../domain/user.ts';
import { itReadsAddressesAsTheDomain } from '../../test-support/list-addresses.ts';
import { USERS_LIST } from './users-page.tsx';

describe('the users list address', () => {
  itReadsAddressesAsTheDomain(USERS_LIST, listUsersQuerySchema, ['', 'page=3&sort=last_name&order=asc', 'sort=phone', 'order=up', 'page=1.5']);
});
