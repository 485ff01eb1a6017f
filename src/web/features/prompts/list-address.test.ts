import { describe } from 'vitest';
import { listPromptsQuerySchema } from '../../../domain/prompt.ts';
import { itReadsAddressesAsTheDomain } from '../../test-support/list-addresses.ts';
import { PROMPTS_LIST } from './prompts-page.tsx';

describe('the prompts list address', () => {
  itReadsAddressesAsTheDomain(PROMPTS_LIST, listPromptsQuerySchema, ['', 'page=2&sort=updated_at&order=asc', 'sort=author', 'page=-1']);
});
